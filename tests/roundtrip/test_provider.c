/* The provider helpers (provider.h) on what the recordings do not cover:
 * responses that cannot be read (each error with its JSON Pointer into the
 * response), calls the helpers must answer without the tool table (a custom
 * tool, a result that is not JSON), appending a turn, and every allocation
 * failing in turn (no leak on any path: the ASan build checks with LSan);
 * and the request's tools (sc_provider_tools) for each provider, with the
 * flags they give decoding recordings/openai-strict-nulls.jsonc (argv[1]:
 * the recordings folder). The tools are those of tests/tools/tools.h and
 * flights.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/provider.h>

#include "flights.schemac.h"
#include "tools.schemac.h"

#define DIALECT(tool, NAME) sc_tool_dialect(tool, SC_DIALECT_##NAME)

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", what);
    if (!ok)
        failures++;
}

static int calc(sc_arena *arena, const calc_args *in, calc_result *out, void *ctx, sc_error *err)
{
    (void)ctx;
    if (in->operation == OP_DIVIDE && in->b == 0)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "b must not be 0 when dividing");
    out->value = in->operation == OP_ADD ? in->a + in->b : in->a / in->b;
    out->note = sc_arena_strndup(arena, "fine", 4);
    return out->note != NULL ? 0 : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

/* Any JSON; "nan" gets a number JSON cannot carry (the application's bug). */
static int echo(sc_arena *arena, const echo_args *in, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    (void)ctx;
    *out = strcmp(in->text, "nan") == 0 ? cJSON_CreateNumber(NAN) : cJSON_CreateString(in->text);
    return *out != NULL ? 0 : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

static sc_tool_binding tools[2];

/* Runs one turn; the turn is left for the caller to inspect and free. */
static int run(sc_provider provider, const char *json, unsigned flags, sc_tool_turn *turn,
               sc_error *err)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    int rc = sc_tool_turn_run(&arena, provider, tools, 2, json, strlen(json), flags, turn, err);
    sc_arena_release(&arena); /* the turn does not depend on the arena */
    return rc;
}

/* The response cannot be read: code and path as expected, nothing to free. */
static void unreadable(sc_provider provider, const char *json, int code, const char *path,
                       const char *what)
{
    sc_tool_turn turn;
    sc_error err;
    int rc = run(provider, json, 0, &turn, &err);
    int ok = rc == code && err.code == code && strcmp(err.path, path) == 0 && turn.echo == NULL &&
             turn.results == NULL && turn.calls == 0;
    if (!ok)
        printf("# rc %d, path \"%s\", message \"%s\"\n", rc, err.path, err.message);
    expect(ok, what);
    sc_tool_turn_free(&turn);
}

/* The text of result n of a turn, as the named member of the item found by
 * following keys from it. */
static const char *text_at(const cJSON *results, int n, const char *k1, int index, const char *k2)
{
    const cJSON *item = cJSON_GetArrayItem(results, n);
    if (k1 != NULL)
        item = cJSON_GetObjectItemCaseSensitive(item, k1);
    if (index >= 0)
        item = cJSON_GetArrayItem(item, index);
    item = cJSON_GetObjectItemCaseSensitive(item, k2);
    return cJSON_IsString(item) ? item->valuestring : "";
}

static void test_names(void)
{
    sc_provider p = SC_PROVIDER_GEMINI;
    expect(sc_provider_from_name("openai", &p) == 0 && p == SC_PROVIDER_OPENAI_CHAT &&
               sc_provider_from_name("openai-responses", &p) == 0 &&
               p == SC_PROVIDER_OPENAI_RESPONSES && sc_provider_from_name("anthropic", &p) == 0 &&
               p == SC_PROVIDER_ANTHROPIC && sc_provider_from_name("gemini", &p) == 0 &&
               p == SC_PROVIDER_GEMINI,
           "providers are found by name");
    expect(sc_provider_from_name("openai-strict", &p) == SC_ERR_ARGUMENT &&
               sc_provider_from_name(NULL, &p) == SC_ERR_ARGUMENT &&
               sc_provider_from_name("gemini", NULL) != 0,
           "an unknown name is refused");
}

/* Anthropic input and Gemini args the strict reader refuses are cut out
 * of the response, found by the reader's tokenizer read leniently: the
 * response is JSON as JSON.parse judges it (a lone surrogate, a string that
 * is not UTF-8, a duplicate key, 2,000 levels, brackets and quotes inside
 * strings, an escaped key on the way to the call), so only that call fails,
 * with the reader's error, and the echo carries {}. A response that is not
 * JSON at all fails as a whole, even when the first error lies in a call's
 * arguments: what follows a syntax error cannot be framed. */
static void test_unreadable_arguments(void)
{
    static const struct {
        const char *input; /* Anthropic's "input" of the first call */
        const char *message;
    } cases[] = {
        {"{\"text\":\"\\ud800\"}", "/text: lone surrogate"},
        {"{\"text\":\"]}\\\"[{\xff\"}", "/text: invalid UTF-8"},
        {"{\"text\":\"a\",\"text\":\"b\"}", "duplicate key \"text\""},
        {"{\"x\":[\"]\",{\"y\":1e400},\"}\"],\"text\":\"a\"}", "/x/1/y: number too large"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases + 1; i++) {
        char json[8192], deep[4100];
        const char *input = i < sizeof cases / sizeof *cases ? cases[i].input : NULL;
        const char *message = input != NULL ? cases[i].message : "nesting deeper than 64";
        if (input == NULL) { /* 2,000 levels: past the lenient scan's 1024 kept on the stack */
            memset(deep, '[', 2000);
            memset(deep + 2000, ']', 2000);
            snprintf(deep + 4000, sizeof deep - 4000, "%s", "");
            snprintf(
                json, sizeof json,
                "{\"\\u0063ontent\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"echo\","
                "\"input\":{\"text\":%.4000s}},{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"echo\","
                "\"input\":{\"text\":\"hi\"}}]}",
                deep);
        } else {
            snprintf(json, sizeof json,
                     "{\"\\u0063ontent\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"echo\","
                     "\"input\":%s},{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"echo\","
                     "\"input\":{\"text\":\"hi\"}}]}",
                     input);
        }
        sc_tool_turn turn;
        sc_error err;
        int rc = run(SC_PROVIDER_ANTHROPIC, json, 0, &turn, &err);
        char *echo = rc == 0 ? cJSON_PrintUnformatted(turn.echo) : NULL;
        const char *first = rc == 0 ? text_at(turn.results, 0, "content", 0, "content") : "";
        int ok = rc == 0 && turn.calls == 2 && turn.failed == 1 && strstr(first, message) != NULL &&
                 strcmp(text_at(turn.results, 0, "content", 1, "content"), "\"hi\"") == 0 &&
                 echo != NULL && strstr(echo, "\"input\":{}") != NULL &&
                 strstr(echo, "\"input\":{\"text\":\"hi\"}") != NULL;
        if (!ok)
            printf("# case %zu: rc %d (%s: %s), first result \"%s\"\n", i, rc, err.path,
                   err.message, first);
        expect(ok, input != NULL ? input : "2,000 levels");
        cJSON_free(echo);
        sc_tool_turn_free(&turn);
    }
    /* Gemini: the same path through candidates and parts */
    sc_tool_turn turn;
    sc_error err;
    int rc =
        run(SC_PROVIDER_GEMINI,
            "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"[{\\\"\"},"
            "{\"functionCall\":{\"name\":\"echo\",\"args\":{\"text\":\"\\udc00\"}}},"
            "{\"functionCall\":{\"name\":\"echo\",\"args\":{\"text\":\"hi\"}}}]}}]}",
            0, &turn, &err);
    const cJSON *parts = cJSON_GetObjectItem(cJSON_GetArrayItem(turn.results, 0), "parts");
    const cJSON *error = cJSON_GetObjectItem(
        cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(parts, 0), "functionResponse"),
                            "response"),
        "error");
    expect(rc == 0 && turn.calls == 2 && turn.failed == 1 && cJSON_IsString(error) &&
               strstr(error->valuestring, "/text: lone surrogate") != NULL,
           "Gemini: args with a lone surrogate fail their call alone");
    sc_tool_turn_free(&turn);
    /* not JSON: the turn fails, at the first error */
    unreadable(SC_PROVIDER_ANTHROPIC,
               "{\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"echo\",\"input\":"
               "{\"text\":\"\\ud800\",\"n\":tru}}]}",
               SC_ERR_UTF8, "/content/0/input/text", "arguments that are not JSON fail the turn");
    unreadable(SC_PROVIDER_ANTHROPIC,
               "{\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"echo\",\"input\":"
               "{\"text\":tru}}]}",
               SC_ERR_SYNTAX, "/content/0/input/text",
               "a syntax error in arguments fails the turn");
}

static void test_unreadable(void)
{
    unreadable(SC_PROVIDER_OPENAI_CHAT, "{\"choices\":[", SC_ERR_SYNTAX, "/choices",
               "a response cut short");
    unreadable(SC_PROVIDER_ANTHROPIC, "{\"content\":[],\"content\":[]}", SC_ERR_DUPLICATE_KEY, "",
               "a duplicate key in the response");
    unreadable(SC_PROVIDER_GEMINI, "{\"candidates\":[],\"n\":9007199254740993}", SC_ERR_NUMBER,
               "/n", "an integer beyond 2^53 in the response");
    unreadable(SC_PROVIDER_OPENAI_CHAT, "[]", SC_ERR_TYPE, "", "a response that is not an object");
    unreadable(SC_PROVIDER_OPENAI_CHAT, "{\"error\":{\"message\":\"x\"}}", SC_ERR_REQUIRED, "",
               "Chat Completions: an error body has no choices");
    unreadable(SC_PROVIDER_OPENAI_CHAT, "{\"choices\":[]}", SC_ERR_TYPE, "/choices/0",
               "Chat Completions: no choice");
    unreadable(SC_PROVIDER_OPENAI_CHAT, "{\"choices\":[{\"message\":{\"tool_calls\":{}}}]}",
               SC_ERR_TYPE, "/choices/0/message/tool_calls",
               "Chat Completions: tool_calls that is not an array");
    unreadable(SC_PROVIDER_OPENAI_CHAT,
               "{\"choices\":[{\"message\":{\"tool_calls\":[{\"id\":\"a\",\"type\":\"function\","
               "\"function\":{\"name\":"
               "\"calc\",\"arguments\":\"{}\"}},{\"type\":\"function\",\"function\":{\"name\":"
               "\"calc\",\"arguments\":"
               "\"{}\"}}]}}]}",
               SC_ERR_REQUIRED, "/choices/0/message/tool_calls/1",
               "Chat Completions: a call without id");
    unreadable(
        SC_PROVIDER_OPENAI_CHAT,
        "{\"choices\":[{\"message\":{\"tool_calls\":[{\"id\":\"a\",\"function\":{\"name\":\"calc\","
        "\"arguments\":{\"a\":1}}}]}}]}",
        SC_ERR_TYPE, "/choices/0/message/tool_calls/0/function/arguments",
        "Chat Completions: arguments as an object, not a string");
    unreadable(SC_PROVIDER_OPENAI_CHAT,
               "{\"choices\":[{\"message\":{\"tool_calls\":[\"call_1\"]}}]}", SC_ERR_TYPE,
               "/choices/0/message/tool_calls/0", "Chat Completions: a call that is not an object");
    unreadable(SC_PROVIDER_OPENAI_RESPONSES, "{\"output\":{}}", SC_ERR_TYPE, "/output",
               "Responses API: output that is not an array");
    unreadable(SC_PROVIDER_OPENAI_RESPONSES,
               "{\"output\":[{\"type\":\"message\",\"content\":[]},{\"type\":\"function_call\","
               "\"name\":\"calc\","
               "\"arguments\":\"{}\"}]}",
               SC_ERR_REQUIRED, "/output/1", "Responses API: a function_call without call_id");
    unreadable(SC_PROVIDER_OPENAI_RESPONSES, "{\"output\":[{\"id\":\"rs_1\"}]}", SC_ERR_REQUIRED,
               "/output/0", "Responses API: an item without type");
    unreadable(SC_PROVIDER_ANTHROPIC,
               "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}", SC_ERR_REQUIRED,
               "", "Anthropic: an error body has no content");
    unreadable(SC_PROVIDER_ANTHROPIC,
               "{\"content\":[{\"type\":\"tool_use\",\"id\":7,\"name\":\"calc\",\"input\":{}}]}",
               SC_ERR_TYPE, "/content/0/id", "Anthropic: an id that is not a string");
    unreadable(SC_PROVIDER_GEMINI, "{\"promptFeedback\":{\"blockReason\":\"SAFETY\"}}",
               SC_ERR_REQUIRED, "", "Gemini: a blocked prompt has no candidates");
    unreadable(SC_PROVIDER_GEMINI, "{\"candidates\":[{\"finishReason\":\"SAFETY\"}]}",
               SC_ERR_REQUIRED, "/candidates/0", "Gemini: a candidate without content");
    unreadable(SC_PROVIDER_GEMINI,
               "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"a\"},{\"functionCall\":{"
               "\"args\":{}}}]}}]}",
               SC_ERR_REQUIRED, "/candidates/0/content/parts/1/functionCall",
               "Gemini: a call without name");

    sc_tool_turn turn;
    expect(sc_tool_turn_run(NULL, SC_PROVIDER_GEMINI, tools, 2, "{}", 2, 0, &turn, NULL) ==
                   SC_ERR_ARGUMENT &&
               run((sc_provider)99, "{}", 0, &turn, NULL) == SC_ERR_ARGUMENT && turn.echo == NULL,
           "no arena or an unknown provider is refused");
}

static void test_answers(void)
{
    sc_tool_turn turn;
    sc_error err;
    /* a custom tool (free-form input) is not in the table: answered, not dispatched */
    int rc = run(SC_PROVIDER_OPENAI_CHAT,
                 "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_"
                 "calls\":[{\"id\":\"c1\","
                 "\"type\":\"custom\",\"custom\":{\"name\":\"calc\",\"input\":\"1+1\"}},{\"id\":"
                 "\"c2\",\"type\":"
                 "\"function\",\"function\":{\"name\":\"calc\",\"arguments\":\"{\\\"operation\\\":"
                 "\\\"divide\\\","
                 "\\\"a\\\":1,\\\"b\\\":0}\"}}]}}]}",
                 0, &turn, &err);
    expect(rc == 0 && turn.calls == 2 && turn.failed == 2 &&
               strcmp(text_at(turn.results, 0, NULL, -1, "content"),
                      "Error: only function tools are handled here") == 0 &&
               strcmp(text_at(turn.results, 1, NULL, -1, "content"),
                      "Error: b must not be 0 when dividing") == 0,
           "a custom tool call and a handler's refusal are answered with errors");
    sc_tool_turn_free(&turn);

    /* a tool without @output returning NaN: the application's bug, said as such */
    rc =
        run(SC_PROVIDER_ANTHROPIC,
            "{\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"echo\",\"input\":{"
            "\"text\":\"nan\"}},"
            "{\"type\":\"tool_use\",\"id\":\"t2\",\"name\":\"echo\",\"input\":{\"text\":\"hi\"}}]}",
            0, &turn, &err);
    const cJSON *first =
        cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(turn.results, 0), "content"), 0);
    expect(
        rc == 0 && turn.failed == 1 && cJSON_IsTrue(cJSON_GetObjectItem(first, "is_error")) &&
            strstr(text_at(turn.results, 0, "content", 0, "content"), "the tool failed") != NULL &&
            strstr(text_at(turn.results, 0, "content", 0, "content"), "not valid JSON") == NULL &&
            strcmp(text_at(turn.results, 0, "content", 1, "content"), "\"hi\"") == 0 &&
            cJSON_GetObjectItem(
                cJSON_GetArrayItem(
                    cJSON_GetObjectItem(cJSON_GetArrayItem(turn.results, 0), "content"), 1),
                "is_error") == NULL,
        "a result that is not JSON is the tool's failure (no details for the model); a good one has no is_error");
    sc_tool_turn_free(&turn);

    /* strict mode: null for the optional comment */
    const char *strict =
        "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":{\"name\":"
        "\"calc\",\"args\":{\"operation\":\"add\",\"a\":1,\"b\":2,\"comment\":null}}}]}}]}";
    rc = run(SC_PROVIDER_GEMINI, strict, 0, &turn, &err);
    int plain_failed = rc == 0 ? (int)turn.failed : -1;
    sc_tool_turn_free(&turn);
    rc = run(SC_PROVIDER_GEMINI, strict, SC_CALL_NULL_IS_ABSENT, &turn, &err);
    const cJSON *response = cJSON_GetObjectItem(
        cJSON_GetObjectItem(
            cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(turn.results, 0), "parts"),
                               0),
            "functionResponse"),
        "response");
    const cJSON *output = cJSON_GetObjectItem(response, "output");
    expect(
        plain_failed == 1 && rc == 0 && turn.failed == 0 &&
            cJSON_GetObjectItem(output, "value")->valuedouble == 3 &&
            cJSON_GetObjectItem(
                cJSON_GetObjectItem(
                    cJSON_GetArrayItem(
                        cJSON_GetObjectItem(cJSON_GetArrayItem(turn.results, 0), "parts"), 0),
                    "functionResponse"),
                "id") == NULL,
        "SC_CALL_NULL_IS_ABSENT reads a null as absent; a call without id is answered without one");

    /* appending: refused on a non-array, then echo and results in order */
    cJSON *conversation = cJSON_CreateArray();
    cJSON *object = cJSON_CreateObject();
    expect(sc_tool_turn_append(&turn, object) == SC_ERR_ARGUMENT && turn.echo != NULL &&
               sc_tool_turn_append(&turn, conversation) == 0 && turn.echo == NULL &&
               turn.results == NULL && cJSON_GetArraySize(conversation) == 2 &&
               strcmp(text_at(conversation, 0, NULL, -1, "role"), "model") == 0 &&
               strcmp(text_at(conversation, 1, NULL, -1, "role"), "user") == 0,
           "a turn is appended as echo, then results, and emptied");
    sc_tool_turn_free(&turn);
    sc_tool_turn_free(NULL);
    cJSON_Delete(object);
    cJSON_Delete(conversation);
}

/* ---- the request's tools ------------------------------------------------- */

static cJSON *parsed(const char *text)
{
    cJSON *item = cJSON_Parse(text);
    if (item == NULL) {
        printf("# not JSON: %s\n", text);
        exit(1);
    }
    return item;
}

/* The array sc_provider_tools gives for tools[0..count), compared with
 * want (JSON text), and the flags it gives with want_flags. */
static void tools_are(sc_provider provider, size_t count, unsigned options, const char *want,
                      unsigned want_flags, const char *what)
{
    unsigned flags = 77;
    cJSON *got = sc_provider_tools(provider, tools, count, options, &flags);
    cJSON *expected = parsed(want);
    int ok = got != NULL && cJSON_Compare(got, expected, 1) && flags == want_flags;
    if (!ok) {
        char *text = got != NULL ? cJSON_PrintUnformatted(got) : NULL;
        printf("# flags %u, got %s\n", flags, text != NULL ? text : "NULL");
        free(text);
    }
    expect(ok, what);
    cJSON_Delete(got);
    cJSON_Delete(expected);
}

/* The Responses API's flat tool from a Chat Completions tool text. */
static char *flat(const char *chat, int strict)
{
    cJSON *tool = parsed(chat);
    cJSON *function = cJSON_GetObjectItem(tool, "function");
    cJSON *out = cJSON_CreateObject();
    cJSON_AddStringToObject(out, "type", "function");
    for (const cJSON *m = function->child; m != NULL; m = m->next)
        cJSON_AddItemToObject(out, m->string, cJSON_Duplicate(m, 1));
    if (cJSON_GetObjectItem(out, "strict") == NULL)
        cJSON_AddBoolToObject(out, "strict", strict);
    char *text = cJSON_PrintUnformatted(out);
    cJSON_Delete(out);
    cJSON_Delete(tool);
    return text;
}

static void test_request_tools(void)
{
    const sc_tool *calc = tools[0].tool, *echo = tools[1].tool;
    char want[16384];
    /* echo is written for openai, anthropic and xml only (@dialects) */
    expect(DIALECT(echo, OPENAI_STRICT)[0] == '\0' && DIALECT(echo, GEMINI)[0] == '\0' &&
               DIALECT(calc, GEMINI)[0] != '\0',
           "tools.h: echo has no strict and no Gemini text");

    snprintf(want, sizeof want, "[%s,%s]", DIALECT(calc, OPENAI), DIALECT(echo, OPENAI));
    tools_are(SC_PROVIDER_OPENAI_CHAT, 2, 0, want, 0,
              "Chat Completions: each openai text, flags 0");
    snprintf(want, sizeof want, "[%s]", DIALECT(calc, OPENAI_STRICT));
    tools_are(SC_PROVIDER_OPENAI_CHAT, 2, SC_TOOLS_STRICT, want, SC_CALL_NULL_IS_ABSENT,
              "Chat Completions strict: the openai_strict texts (echo, without one, left out), "
              "SC_CALL_NULL_IS_ABSENT");

    char *a = flat(DIALECT(calc, OPENAI), 0), *b = flat(DIALECT(echo, OPENAI), 0);
    snprintf(want, sizeof want, "[%s,%s]", a, b);
    tools_are(SC_PROVIDER_OPENAI_RESPONSES, 2, 0, want, 0,
              "Responses API: flat function tools with \"strict\": false, flags 0");
    free(a);
    free(b);
    a = flat(DIALECT(calc, OPENAI_STRICT), 1);
    snprintf(want, sizeof want, "[%s]", a);
    tools_are(SC_PROVIDER_OPENAI_RESPONSES, 2, SC_TOOLS_STRICT, want, SC_CALL_NULL_IS_ABSENT,
              "Responses API strict: flat, \"strict\": true, SC_CALL_NULL_IS_ABSENT");
    free(a);
    /* the members in the order the API documents them */
    cJSON *list = sc_provider_tools(SC_PROVIDER_OPENAI_RESPONSES, tools, 1, SC_TOOLS_STRICT, NULL);
    char *text = list != NULL ? cJSON_PrintUnformatted(list) : NULL;
    static const char head[] = "[{\"type\":\"function\",\"name\":\"calc\",\"description\":";
    expect(text != NULL && strncmp(text, head, sizeof head - 1) == 0 &&
               strstr(text, "\"function\":") == NULL &&
               strcmp(text + strlen(text) - 16, ",\"strict\":true}]") == 0,
           "Responses API: type, name, description, parameters, strict; call_flags may be NULL");
    free(text);
    cJSON_Delete(list);

    snprintf(want, sizeof want, "[%s,%s]", DIALECT(calc, ANTHROPIC), DIALECT(echo, ANTHROPIC));
    tools_are(SC_PROVIDER_ANTHROPIC, 2, 0, want, 0, "Anthropic: each anthropic text, flags 0");
    tools_are(SC_PROVIDER_ANTHROPIC, 2, SC_TOOLS_STRICT, want, 0,
              "Anthropic: SC_TOOLS_STRICT has no effect, flags 0");

    snprintf(want, sizeof want, "[{\"functionDeclarations\":[%s]}]", DIALECT(calc, GEMINI));
    tools_are(SC_PROVIDER_GEMINI, 2, 0, want, 0, "Gemini: one tool of every declaration");
    tools_are(SC_PROVIDER_GEMINI, 2, SC_TOOLS_STRICT, want, 0,
              "Gemini: SC_TOOLS_STRICT has no effect, flags 0");

    /* echo alone, then no tool */
    sc_tool_binding saved = tools[0];
    tools[0] = tools[1];
    tools_are(SC_PROVIDER_GEMINI, 1, 0, "[]", 0, "Gemini: no declaration, an empty array");
    tools_are(SC_PROVIDER_OPENAI_CHAT, 1, SC_TOOLS_STRICT, "[]", 0,
              "strict with every tool left out: an empty array, flags 0");
    tools[0] = saved;
    tools_are(SC_PROVIDER_ANTHROPIC, 0, 0, "[]", 0, "no tools: an empty array");

    unsigned flags = 77;
    expect(sc_provider_tools((sc_provider)99, tools, 2, 0, &flags) == NULL && flags == 0 &&
               (flags = 77, sc_provider_tools(SC_PROVIDER_OPENAI_CHAT, tools, 2, 2u, &flags)) ==
                   NULL &&
               flags == 0 && sc_provider_tools(SC_PROVIDER_OPENAI_CHAT, NULL, 1, 0, NULL) == NULL,
           "an unknown provider or option, or no tools, gives NULL and flags 0");
}

/* ---- a strict-mode call with nulls ------------------------------------------ */

static int search_flights(sc_arena *arena, const flight_search *in, cJSON **out, void *ctx,
                          sc_error *err)
{
    static const char *const cabins[] = {"economy", "premium", "business", "first"};
    char text[256];
    (void)arena;
    (void)ctx;
    snprintf(text, sizeof text, "%s-%s %s, %s%s, %s, %s stops, %d adults, %d children", in->origin,
             in->destination, in->date, in->return_date ? "back " : "one way",
             in->return_date ? in->return_date : "", cabins[in->cabin ? *in->cabin : CABIN_ECONOMY],
             in->max_stops ? (*in->max_stops == 0 ? "no" : "few") : "any",
             (int)in->passengers.adults,
             in->passengers.children ? (int)*in->passengers.children : 0);
    *out = cJSON_CreateString(text);
    return *out != NULL ? 0 : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

/* A recording's JSON: the file without its leading // lines. */
static char *recording(const char *dir, const char *name)
{
    char path[1024], line[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        printf("# cannot open %s\n", path);
        exit(1);
    }
    size_t size = 0, cap = 65536;
    char *json = malloc(cap);
    while (fgets(line, sizeof line, f) != NULL) {
        size_t n = strlen(line);
        if (strncmp(line, "//", 2) == 0 || size + n + 1 > cap)
            continue;
        memcpy(json + size, line, n);
        size += n;
    }
    json[size] = '\0';
    fclose(f);
    return json;
}

/* The content of the one tool message of a Chat Completions turn, or the
 * output of the one function_call_output of a Responses API turn. */
static const char *answer(const sc_tool_turn *turn, sc_provider provider)
{
    return text_at(turn->results, 0, NULL, -1,
                   provider == SC_PROVIDER_OPENAI_CHAT ? "content" : "output");
}

/* Prints text as comment lines: "# " + head, then each line of text. */
static void note(const char *head, const char *text)
{
    printf("# %s", head);
    for (; *text != '\0'; text++)
        printf(*text == '\n' ? "\n#   " : "%c", *text);
    printf("\n");
}

static void test_strict_nulls(const char *recordings)
{
    static const char four_errors[] =
        "Error: /return_date: must be a string (optional: leave the property out instead of "
        "sending null)\n"
        "/cabin: must be a string (optional: leave the property out instead of sending null)\n"
        "/max_stops: must be an integer (optional: leave the property out instead of sending "
        "null)\n"
        "/passengers/children: must be an integer (optional: leave the property out instead of "
        "sending null)";
    static const char decoded[] =
        "\"CDG-JFK 2025-06-01, one way, economy, any stops, 2 adults, 0 children\"";
    sc_tool_binding saved[2] = {tools[0], tools[1]};
    tools[0] = flight_search_bind(search_flights, NULL);
    char *chat = recording(recordings, "openai-strict-nulls.jsonc");
    /* the same call as the Responses API returns it */
    cJSON *response = parsed(chat);
    const cJSON *call = cJSON_GetArrayItem(
        cJSON_GetObjectItem(
            cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(response, "choices"), 0),
                                "message"),
            "tool_calls"),
        0);
    cJSON *item = cJSON_CreateObject(), *output = cJSON_CreateObject();
    cJSON_AddStringToObject(item, "type", "function_call");
    cJSON_AddStringToObject(item, "id", "fc_1");
    cJSON_AddStringToObject(item, "call_id", cJSON_GetObjectItem(call, "id")->valuestring);
    cJSON_AddStringToObject(item, "name", "search_flights");
    cJSON_AddStringToObject(
        item, "arguments",
        cJSON_GetObjectItem(cJSON_GetObjectItem(call, "function"), "arguments")->valuestring);
    cJSON_AddStringToObject(item, "status", "completed");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(output, "output"), item);
    char *responses = cJSON_PrintUnformatted(output);
    cJSON_Delete(output);
    cJSON_Delete(response);
    const char *bodies[2] = {chat, responses};
    const sc_provider providers[2] = {SC_PROVIDER_OPENAI_CHAT, SC_PROVIDER_OPENAI_RESPONSES};
    for (int p = 0; p < 2; p++) {
        sc_tool_turn turn;
        sc_error err;
        unsigned plain_flags = 77, strict_flags = 77;
        cJSON *plain = sc_provider_tools(providers[p], tools, 1, 0, &plain_flags);
        cJSON *strict = sc_provider_tools(providers[p], tools, 1, SC_TOOLS_STRICT, &strict_flags);
        const cJSON *sent = cJSON_GetArrayItem(strict, 0);
        if (p == 0)
            sent = cJSON_GetObjectItem(sent, "function");
        expect(plain_flags == 0 && strict_flags == SC_CALL_NULL_IS_ABSENT &&
                   cJSON_IsTrue(cJSON_GetObjectItem(sent, "strict")),
               p == 0 ? "Chat Completions: the strict tools give SC_CALL_NULL_IS_ABSENT"
                      : "Responses API: the strict tools give SC_CALL_NULL_IS_ABSENT");
        /* before: the flags chosen apart from the dialect sent */
        int rc = run(providers[p], bodies[p], plain_flags, &turn, &err);
        note(p == 0 ? "Chat Completions, strict tools, decoded with flags 0 (before): "
                    : "Responses API, strict tools, decoded with flags 0 (before): ",
             rc == 0 ? answer(&turn, providers[p]) : err.message);
        expect(rc == 0 && turn.calls == 1 && turn.failed == 1 &&
                   strcmp(answer(&turn, providers[p]), four_errors) == 0,
               "without the flags: four \"leave the property out instead of sending null\" errors");
        sc_tool_turn_free(&turn);
        /* after: the flags that came with the tools */
        rc = run(providers[p], bodies[p], strict_flags, &turn, &err);
        note(p == 0 ? "Chat Completions, decoded with the flags sc_provider_tools gave (after): "
                    : "Responses API, decoded with the flags sc_provider_tools gave (after): ",
             rc == 0 ? answer(&turn, providers[p]) : err.message);
        expect(rc == 0 && turn.calls == 1 && turn.failed == 0 &&
                   strcmp(answer(&turn, providers[p]), decoded) == 0,
               "with the flags sc_provider_tools gave: the nulls read as absent, the call runs");
        sc_tool_turn_free(&turn);
        cJSON_Delete(plain);
        cJSON_Delete(strict);
    }
    free(chat);
    free(responses);
    tools[0] = saved[0];
    tools[1] = saved[1];
}

/* ---- allocation failures --------------------------------------------------- */

static long allocations_left = -1; /* < 0: no limit */

static void *failing_malloc(size_t size)
{
    if (allocations_left == 0)
        return NULL;
    if (allocations_left > 0)
        allocations_left--;
    return malloc(size);
}

static void *arena_alloc(void *ctx, size_t size)
{
    (void)ctx;
    return failing_malloc(size);
}

static void arena_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

/* Runs json with the n-th allocation (cJSON's and the arena's) failing, for
 * every n until the turn succeeds: each run must succeed or fail with
 * SC_ERR_NOMEM and nothing to free. */
static void test_out_of_memory(sc_provider provider, const char *json, const char *what)
{
    cJSON_Hooks hooks = {failing_malloc, free};
    sc_allocator allocator = {arena_alloc, arena_free, NULL};
    int ok = 1;
    long n;
    cJSON_InitHooks(&hooks);
    for (n = 0; n < 100000; n++) {
        sc_arena arena;
        sc_tool_turn turn;
        sc_error err;
        allocations_left = n;
        sc_arena_init(&arena, &allocator);
        int rc = sc_tool_turn_run(&arena, provider, tools, 2, json, strlen(json), 0, &turn, &err);
        sc_arena_release(&arena);
        allocations_left = -1;
        if (rc == 0) {
            ok = ok && turn.calls == 2;
            sc_tool_turn_free(&turn);
            break;
        }
        if (rc != SC_ERR_NOMEM || err.code != SC_ERR_NOMEM || turn.echo != NULL ||
            turn.results != NULL) {
            printf("# allocation %ld: rc %d, %s\n", n, rc, err.message);
            ok = 0;
        }
    }
    cJSON_InitHooks(NULL);
    printf("# %s: %ld allocation failures\n", what, n);
    expect(ok && n > 10, what);
}

/* sc_provider_tools with the n-th allocation failing, for every n until it
 * succeeds: NULL and flags 0 each time, then the array made without
 * failures. */
static void test_tools_out_of_memory(sc_provider provider, unsigned options, const char *what)
{
    cJSON_Hooks hooks = {failing_malloc, free};
    unsigned want_flags, flags;
    cJSON *want = sc_provider_tools(provider, tools, 2, options, &want_flags);
    int ok = want != NULL;
    long n;
    cJSON_InitHooks(&hooks);
    for (n = 0; n < 100000; n++) {
        allocations_left = n;
        flags = 77;
        cJSON *got = sc_provider_tools(provider, tools, 2, options, &flags);
        allocations_left = -1;
        if (got != NULL) {
            ok = ok && cJSON_Compare(got, want, 1) && flags == want_flags;
            cJSON_Delete(got);
            break;
        }
        if (flags != 0) {
            printf("# allocation %ld: flags %u\n", n, flags);
            ok = 0;
        }
    }
    cJSON_InitHooks(NULL);
    cJSON_Delete(want);
    printf("# %s: %ld allocation failures\n", what, n);
    expect(ok && n > 10, what);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s RECORDINGS_DIR\n", argv[0]);
        return 2;
    }
    tools[0] = calc_args_bind(calc, NULL);
    tools[1] = echo_args_bind(echo, NULL);
    test_names();
    test_unreadable();
    test_unreadable_arguments();
    test_answers();
    test_request_tools();
    test_strict_nulls(argv[1]);
    test_tools_out_of_memory(
        SC_PROVIDER_OPENAI_CHAT, SC_TOOLS_STRICT,
        "sc_provider_tools, Chat Completions strict: every allocation failing in turn");
    test_tools_out_of_memory(SC_PROVIDER_OPENAI_RESPONSES, 0,
                             "sc_provider_tools, Responses API: every allocation failing in turn");
    test_tools_out_of_memory(SC_PROVIDER_ANTHROPIC, 0,
                             "sc_provider_tools, Anthropic: every allocation failing in turn");
    test_tools_out_of_memory(SC_PROVIDER_GEMINI, 0,
                             "sc_provider_tools, Gemini: every allocation failing in turn");

    const char *args = "{\\\"operation\\\":\\\"add\\\",\\\"a\\\":1,\\\"b\\\":2}";
    char json[1024];
    snprintf(json, sizeof json,
             "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"x\",\"refusal\":"
             "null,\"tool_calls\":["
             "{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"calc\",\"arguments\":"
             "\"%s\"}},"
             "{\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"nope\",\"arguments\":"
             "\"{}\"}}]}}]}",
             args);
    test_out_of_memory(SC_PROVIDER_OPENAI_CHAT, json,
                       "Chat Completions: every allocation failing in turn");
    snprintf(json, sizeof json,
             "{\"output\":[{\"type\":\"reasoning\",\"id\":\"rs\",\"summary\":[]},{\"type\":"
             "\"function_call\","
             "\"call_id\":\"c1\",\"name\":\"calc\",\"arguments\":\"%s\"},{\"type\":\"function_"
             "call\",\"call_id\":"
             "\"c2\",\"name\":\"echo\",\"arguments\":\"{\\\"text\\\":\\\"\\\"}\"}]}",
             args);
    test_out_of_memory(SC_PROVIDER_OPENAI_RESPONSES, json,
                       "Responses API: every allocation failing in turn");
    test_out_of_memory(SC_PROVIDER_ANTHROPIC,
                       "{\"content\":[{\"type\":\"text\",\"text\":\"x\"},{\"type\":\"tool_use\","
                       "\"id\":\"t1\",\"name\":"
                       "\"calc\",\"input\":{\"operation\":\"add\",\"a\":1,\"b\":2}},{\"type\":"
                       "\"tool_use\",\"id\":\"t2\","
                       "\"name\":\"echo\",\"input\":{\"text\":\"hi\"}}]}",
                       "Anthropic: every allocation failing in turn");
    test_out_of_memory(SC_PROVIDER_GEMINI,
                       "{\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{"
                       "\"functionCall\":{\"id\":\"f1\","
                       "\"name\":\"calc\",\"args\":{\"operation\":\"divide\",\"a\":1,\"b\":0}}},{"
                       "\"functionCall\":{"
                       "\"name\":\"echo\",\"args\":{\"text\":\"hi\"}}}]}}]}",
                       "Gemini: every allocation failing in turn");
    return failures != 0;
}
