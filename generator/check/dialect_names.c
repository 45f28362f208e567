/* schemac generator: the provider dialects by name, the names each provider
 * accepts, for tools and for properties, and which dialects a tool is
 * written for (@dialects, and none whose provider rejects one of its
 * names). */
#include "check/dialect_names.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

static const struct {
    const char *name, *suffix, *provider;
} info[DIALECT_COUNT] = {
    [DIALECT_OPENAI] = {"openai", ".openai.json", "OpenAI"},
    [DIALECT_OPENAI_STRICT] = {"openai-strict", ".openai-strict.json", "OpenAI strict mode"},
    [DIALECT_ANTHROPIC] = {"anthropic", ".anthropic.json", "Anthropic"},
    [DIALECT_GEMINI] = {"gemini", ".gemini.json", "Gemini"},
    [DIALECT_MCP] = {"mcp", ".mcp.json", "MCP"},
    [DIALECT_XML] = {"xml", ".xml", "XML"},
};

const char *dialect_name(dialect d)
{
    return info[d].name;
}
const char *dialect_suffix(dialect d)
{
    return info[d].suffix;
}
const char *dialect_provider(dialect d)
{
    return info[d].provider;
}

bool dialect_from_name(const char *name, dialect *out)
{
    for (int d = 0; d < DIALECT_COUNT; d++)
        if (strcmp(name, info[d].name) == 0) {
            *out = (dialect)d;
            return true;
        }
    return false;
}

const char *dialect_tool_name(const struct_def *s)
{
    return s->tool_name != NULL ? s->tool_name : s->name;
}

bool dialect_list_parse(const char *list, unsigned *set, char **bad)
{
    *set = 0;
    if (bad != NULL)
        *bad = NULL;
    const char *p = list;
    while (*p != '\0') {
        size_t n = strcspn(p, ", \t");
        if (n > 0) {
            char *name = xstrndup(p, n);
            dialect d;
            if (!dialect_from_name(name, &d)) {
                if (bad != NULL)
                    *bad = name;
                else
                    free(name);
                return false;
            }
            free(name);
            *set |= 1u << d;
        }
        p += n;
        p += strspn(p, ", \t");
    }
    return true;
}

/* @acceptLoss of s or -Wno-dialect=NAME: what d loses is not reported. */
static bool loss_accepted(const dialect_warnings *w, const struct_def *s, dialect d)
{
    unsigned own = 0;
    if (s->accept_loss != NULL && !dialect_list_parse(s->accept_loss, &own, NULL))
        own = 0;
    return ((w->silenced | own) & (1u << d)) != 0;
}

void dialect_report(dialect_warnings *w, const struct_def *s, dialect d, src_loc where,
                    const char *text)
{
    unsigned own = 0;
    if (loss_accepted(w, s, d) || !diag_warning_enabled(w->diag, W_DIALECT))
        return;
    if (s->dialects != NULL && !dialect_list_parse(s->dialects, &own, NULL))
        own = 0;
    if (((w->targeted | own) & (1u << d)) != 0)
        diag_warn(w->diag, W_DIALECT, where, "%s", text);
    else
        w->untargeted_losses[d]++;
}

void dialect_summary(dialect_warnings *w, src_loc where)
{
    strbuf list;
    unsigned total = 0;
    sb_init(&list);
    for (int d = 0; d < DIALECT_COUNT; d++) {
        if (w->untargeted_losses[d] == 0)
            continue;
        sb_printf(&list, "%s%s %u", total > 0 ? ", " : "", info[d].name, w->untargeted_losses[d]);
        total += w->untargeted_losses[d];
        w->untargeted_losses[d] = 0;
    }
    if (total > 0)
        diag_note(
            w->diag, where,
            "%u dialect warning%s not shown, of dialects you did not target (%s): -Wdialect=NAME "
            "shows them for a dialect you send tools in",
            total, total == 1 ? "" : "s", list.data);
    sb_free(&list);
}

/* What each provider accepts as a tool name and as a property name (the
 * sources are cited in docs/tools.md and tests/providers/rules.mjs):
 *   OpenAI     tool ^[a-zA-Z0-9_-]{1,64}$ (function.name in the API reference)
 *   Anthropic  tool ^[a-zA-Z0-9_-]{1,64}$ (tools[].name in the Messages API
 *              reference); property keys ^[a-zA-Z0-9_.-]{1,64}$ (its 400 error)
 *   Gemini     FunctionDeclaration.name starts with a letter or an underscore,
 *              then letters, digits, '_' or '-', at most 64; parameter names
 *              [a-zA-Z_][a-zA-Z0-9_]*, at most 64 (the google-genai references)
 *   MCP        tool names of 1 to 128 letters, digits, '_', '-' or '.' (the
 *              2025-11-25 specification, "Tool names"); no rule on properties
 *   XML        any name (it is escaped) */

typedef struct name_rule {
    const char *first; /* the characters allowed first; NULL: as the others */
    const char *chars; /* beside letters and digits */
    bool digits;       /* digits allowed (after the first) */
    size_t max;        /* 0: no rule */
    const char *text;  /* the rule in words */
} name_rule;

static const name_rule tool_rules[DIALECT_COUNT] = {
    [DIALECT_OPENAI] = {NULL, "_-", true, 64, "1 to 64 letters, digits, '_' or '-'"},
    [DIALECT_OPENAI_STRICT] = {NULL, "_-", true, 64, "1 to 64 letters, digits, '_' or '-'"},
    [DIALECT_ANTHROPIC] = {NULL, "_-", true, 64, "1 to 64 letters, digits, '_' or '-'"},
    [DIALECT_GEMINI] =
        {"_", "_-", true, 64,
         "a letter or '_' first, then letters, digits, '_' or '-', at most 64 in all"},
    [DIALECT_MCP] = {NULL, "_-.", true, 128, "1 to 128 letters, digits, '_', '-' or '.'"},
    [DIALECT_XML] = {NULL, NULL, true, 0, NULL},
};

static const name_rule property_rules[DIALECT_COUNT] = {
    [DIALECT_OPENAI] = {NULL, NULL, true, 0, NULL},
    [DIALECT_OPENAI_STRICT] = {NULL, NULL, true, 0, NULL},
    [DIALECT_ANTHROPIC] = {NULL, "_.-", true, 64, "1 to 64 letters, digits, '_', '.' or '-'"},
    [DIALECT_GEMINI] = {"_", "_", true, 64,
                        "a letter or '_' first, then letters, digits or '_', at most 64 in all"},
    [DIALECT_MCP] = {NULL, NULL, true, 0, NULL},
    [DIALECT_XML] = {NULL, NULL, true, 0, NULL},
};

static bool ascii_letter(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static bool follows_rule(const name_rule *r, const char *name)
{
    size_t n = strlen(name);
    if (r->max == 0)
        return n > 0;
    if (n == 0 || n > r->max)
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = name[i];
        const char *extra = i == 0 && r->first != NULL ? r->first : r->chars;
        bool digit_ok = r->digits && !(i == 0 && r->first != NULL);
        if (!(ascii_letter(ch) || (digit_ok && ch >= '0' && ch <= '9') ||
              strchr(extra, ch) != NULL))
            return false;
    }
    return true;
}

/* The first member (depth first, variants included) of s, or of the types
 * it reaches, whose JSON name breaks r. */
static const field *name_breaking(const struct_def *s, const name_rule *r, const struct_def ***seen,
                                  size_t *nseen);

static const field *node_name_breaking(const node *n, const name_rule *r, const struct_def ***seen,
                                       size_t *nseen)
{
    while (n != NULL && (n->kind == NODE_ARRAY || n->kind == NODE_MAP))
        n = n->kind == NODE_ARRAY ? n->items : n->map_value;
    if (n == NULL || n->kind != NODE_STRUCT)
        return NULL;
    return name_breaking(n->struct_type, r, seen, nseen);
}

static const field *name_breaking(const struct_def *s, const name_rule *r, const struct_def ***seen,
                                  size_t *nseen)
{
    for (size_t i = 0; i < *nseen; i++)
        if ((*seen)[i] == s)
            return NULL;
    *seen = xrealloc(*seen, (*nseen + 1) * sizeof **seen);
    (*seen)[(*nseen)++] = s;
    for (size_t i = 0; i < s->nfields; i++) {
        if (!follows_rule(r, s->fields[i].json_name))
            return &s->fields[i];
        const field *f = node_name_breaking(s->fields[i].type, r, seen, nseen);
        if (f != NULL)
            return f;
    }
    for (size_t i = 0; i < s->nvariants; i++) {
        const field *f = name_breaking(s->variants[i], r, seen, nseen);
        if (f != NULL)
            return f;
    }
    return NULL;
}

/* Why provider d rejects a name of tool s (and where), or NULL. Caller
 * frees. */
static char *name_rejected(const struct_def *s, dialect d, src_loc *where)
{
    const char *name = dialect_tool_name(s);
    if (!follows_rule(&tool_rules[d], name)) {
        *where = s->tool_where;
        return xasprintf("%s rejects the tool name '%s' (it must be %s)", dialect_provider(d), name,
                         tool_rules[d].text);
    }
    if (property_rules[d].max == 0)
        return NULL;
    const struct_def **seen = NULL;
    size_t nseen = 0;
    const field *f = name_breaking(s, &property_rules[d], &seen, &nseen);
    free(seen);
    if (f == NULL)
        return NULL;
    *where = f->where;
    return xasprintf("%s rejects the property name '%s' (it must be %s)", dialect_provider(d),
                     f->json_name, property_rules[d].text);
}

/* The dialects @dialects names (all when it is absent or malformed). */
static unsigned chosen_dialects(const struct_def *s)
{
    unsigned set;
    if (s->dialects == NULL || !dialect_list_parse(s->dialects, &set, NULL) || set == 0)
        return (1u << DIALECT_COUNT) - 1;
    return set;
}

bool dialect_written(const struct_def *s, dialect d)
{
    if ((chosen_dialects(s) & (1u << d)) == 0)
        return false;
    src_loc where;
    char *why = name_rejected(s, d, &where);
    free(why);
    return why == NULL;
}

void dialect_check_tool(dialect_warnings *w, const struct_def *s)
{
    char *bad;
    unsigned set;
    if (s->dialects != NULL && !dialect_list_parse(s->dialects, &set, &bad)) {
        diag_error(w->diag, s->dialects_where,
                   "@dialects: unknown dialect '%s' (openai, openai-strict, anthropic, "
                   "gemini, mcp, xml)",
                   bad);
        free(bad);
    } else if (s->dialects != NULL && set == 0) {
        diag_error(w->diag, s->dialects_where,
                   "@dialects needs the names of the dialects to write (openai, "
                   "openai-strict, anthropic, gemini, mcp, xml)");
    }
    if (s->accept_loss != NULL && !dialect_list_parse(s->accept_loss, &set, &bad)) {
        diag_error(w->diag, s->accept_loss_where,
                   "@acceptLoss: unknown dialect '%s' (openai, openai-strict, "
                   "anthropic, gemini, mcp, xml)",
                   bad);
        free(bad);
    }
    unsigned chosen = chosen_dialects(s);
    bool carried = (chosen & ~(1u << DIALECT_XML)) == 0; /* @dialects xml: no provider asked for */
    for (int d = 0; d < DIALECT_COUNT && !carried; d++) {
        src_loc where;
        char *why = (chosen & (1u << d)) != 0 && d != DIALECT_XML
                        ? name_rejected(s, (dialect)d, &where)
                        : NULL;
        carried = (chosen & (1u << d)) != 0 && d != DIALECT_XML && why == NULL;
        free(why);
    }
    for (int d = 0; d < DIALECT_COUNT; d++) {
        if ((chosen & (1u << d)) == 0 || d == DIALECT_XML)
            continue;
        src_loc where;
        char *why = name_rejected(s, (dialect)d, &where);
        if (why == NULL)
            continue;
        if (s->dialects != NULL)
            diag_error(w->diag, where, "%s: leave %s out of @dialects or rename it", why,
                       dialect_name((dialect)d));
        else if (!carried)
            diag_error(
                w->diag, where,
                "%s, and no other provider accepts it: rename it (or write only @dialects xml)",
                why);
        else {
            char *text = xasprintf(
                "%s; no %s file is written for tool '%s' (list the dialects to write with "
                "@dialects to silence this)",
                why, dialect_name((dialect)d), dialect_tool_name(s));
            dialect_report(w, s, (dialect)d, where, text);
            free(text);
        }
        free(why);
        if (!carried && s->dialects == NULL)
            break; /* one error says it */
    }
}
