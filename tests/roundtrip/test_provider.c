/* The provider helpers (provider.h) on what the recordings do not cover:
 * responses that cannot be read (each error with its JSON Pointer into the
 * response), calls the helpers must answer without the tool table (a custom
 * tool, a result that is not JSON), appending a turn, and every allocation
 * failing in turn (no leak on any path: the ASan build checks with LSan).
 * The tools are those of tests/tools/tools.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/provider.h>

#include "tools.schemac.h"

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

static void test_unreadable(void)
{
    unreadable(SC_PROVIDER_OPENAI_CHAT, "{\"choices\":[", SC_ERR_SYNTAX, "/choices",
               "a response cut short");
    unreadable(SC_PROVIDER_ANTHROPIC, "{\"content\":[],\"content\":[]}", SC_ERR_DUPLICATE_KEY, "",
               "a duplicate key in the response");
    unreadable(SC_PROVIDER_GEMINI, "{\"candidates\":[],\"n\":9007199254740993}", SC_ERR_NUMBER, "/n",
               "an integer beyond 2^53 in the response");
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
    expect(rc == 0 && turn.failed == 1 && cJSON_IsTrue(cJSON_GetObjectItem(first, "is_error")) &&
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

int main(void)
{
    tools[0] = calc_args_bind(calc, NULL);
    tools[1] = echo_args_bind(echo, NULL);
    test_names();
    test_unreadable();
    test_answers();

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
