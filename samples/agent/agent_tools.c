/* The handlers of the sample agent's tools (agent_tools.h). Each receives
 * arguments the generated decoder has already checked and fills the typed
 * output from the arena. Deterministic and side-effect free, so a
 * recorded response always gets the same reply: get_weather derives the
 * weather from the place's name, send_email queues nothing and derives
 * the message id from its arguments, search_knowledge_base searches a
 * fixed list of articles. */
#include "agent_tools.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"

/* FNV-1a: a stable number from text, for the made-up values. */
static uint32_t fnv1a(uint32_t hash, const char *s)
{
    for (; *s != '\0'; s++)
        hash = (hash ^ (unsigned char)*s) * 16777619u;
    return hash;
}

static int get_weather(sc_arena *arena, const weather_input *in, weather_output *out, void *ctx,
                       sc_error *err)
{
    static const char *const skies[] = {"sunny", "cloudy", "rainy", "foggy"};
    (void)arena;
    (void)ctx;
    (void)err;
    uint32_t hash = fnv1a(2166136261u, in->location);
    double celsius = (double)(hash % 36) - 5; /* -5 .. 30 */
    out->location = in->location;             /* lives in the arena, as the output must */
    out->unit = in->unit;
    out->temperature = in->unit == UNIT_FAHRENHEIT ? celsius * 9 / 5 + 32 : celsius;
    out->conditions = (char *)skies[(hash >> 8) % 4];
    return 0;
}

static int send_email(sc_arena *arena, const email_input *in, email_output *out, void *ctx,
                      sc_error *err)
{
    char id[16];
    (void)ctx;
    uint32_t hash = fnv1a(fnv1a(fnv1a(2166136261u, in->to), in->subject), in->body);
    int n = snprintf(id, sizeof id, "msg-%08x", (unsigned)hash);
    out->id = sc_arena_strndup(arena, id, (size_t)n);
    if (out->id == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    out->to = in->to;
    return 0;
}

/* The knowledge base, in order of relevance. */
static const struct {
    const char *title;
    const char *domain;
} knowledge[] = {
    {"What is ChatGPT?", "ai"},
    {"Large language models", "ai"},
    {"Function calling", "ai"},
    {"Reading a balance sheet", "finance"},
    {"Interest rates explained", "finance"},
    {"Sleep and memory", "medical"},
};

static int by_title(const void *a, const void *b)
{
    return strcmp(((const article *)a)->title, ((const article *)b)->title);
}

static int search_knowledge_base(sc_arena *arena, const search_input *in, search_output *out,
                                 void *ctx, sc_error *err)
{
    (void)ctx;
    size_t max = (size_t)in->options.num_results;
    out->articles = sc_arena_alloc(arena, max * sizeof *out->articles);
    if (out->articles == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    out->articles_count = 0;
    for (size_t i = 0; i < sizeof knowledge / sizeof *knowledge && out->articles_count < max; i++) {
        const char *filter = in->options.domain_filter;
        if (filter != NULL && strcmp(filter, knowledge[i].domain) != 0)
            continue;
        out->articles[out->articles_count].title = (char *)knowledge[i].title;
        out->articles[out->articles_count].domain = (char *)knowledge[i].domain;
        out->articles_count++;
    }
    if (in->options.has_sort_by && in->options.sort_by == SORT_ALPHABETICAL)
        qsort(out->articles, out->articles_count, sizeof *out->articles, by_title);
    if (out->articles_count == 0)
        return sc_fail(err, SC_ERR_HANDLER, NULL,
                       "no article in domain \"%s\"; the domains are ai, finance, medical",
                       in->options.domain_filter);
    return 0;
}

size_t agent_tools_bind(sc_tool_binding *tools, size_t size)
{
    const sc_tool_binding all[AGENT_TOOLS_COUNT] = {
        weather_input_bind(get_weather, NULL),
        email_input_bind(send_email, NULL),
        search_input_bind(search_knowledge_base, NULL),
    };
    size_t n = size < AGENT_TOOLS_COUNT ? size : AGENT_TOOLS_COUNT;
    memcpy(tools, all, n * sizeof *tools);
    return n;
}
