/* The tool table and dispatcher: typed handlers bound to generated
 * descriptors, called with JSON arguments; MCP results. */
#include <stdio.h>
#include <string.h>

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
    int *calls = ctx;
    (*calls)++;
    if (in->operation == OP_DIVIDE && in->b == 0)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "b must not be 0 when dividing");
    out->value = in->operation == OP_ADD ? in->a + in->b : in->a / in->b;
    /* a result that breaks its own schema, on request */
    const char *note = in->a == 42 ? "a note far too long for the schema" : "fine";
    out->note = sc_arena_strndup(arena, note, strlen(note));
    return 0;
}

static int echo(sc_arena *arena, const echo_args *in, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    (void)ctx;
    (void)err;
    *out = cJSON_CreateObject();
    cJSON_AddStringToObject(*out, "echo", in->text);
    return 0;
}

static cJSON *call(const sc_tool_binding *tools, size_t n, const char *name, const char *args,
                   int *rc, sc_error *err, sc_arena *arena)
{
    cJSON *result = NULL;
    *rc = sc_tool_call(arena, tools, n, name, args, strlen(args), 0, &result, err);
    return result;
}

int main(void)
{
    int calls = 0, rc;
    sc_arena arena;
    sc_error err;
    sc_arena_init(&arena, NULL);
    const sc_tool_binding tools[] = {calc_args_bind(calc, &calls), echo_args_bind(echo, NULL)};
    const size_t n = sizeof tools / sizeof *tools;

    expect(strcmp(calc_args_tool.name, "calc") == 0 &&
               calc_args_tool.effect == SC_EFFECT_READONLY && calc_args_tool.idempotent &&
               strcmp(calc_args_tool.version, "1.2.0") == 0 &&
               calc_args_tool.output_schema == calc_result_schema_json,
           "the descriptor carries the tool's metadata");
    expect(echo_args_tool.output_schema == NULL && echo_args_tool.effect == SC_EFFECT_MUTATING,
           "a tool without @output has no output schema");
    expect(echo_args_tool.config_schema == echo_config_schema_json &&
               calc_args_tool.config_schema == NULL,
           "a tool with @config carries its configuration schema");
    echo_config config;
    expect(echo_config_decode(&arena, "{\"repeat\":11}", 13, &config, &err) == SC_ERR_CONSTRAINT,
           "the configuration is decoded and checked on its own");

    cJSON *r =
        call(tools, n, "calc", "{\"operation\":\"divide\",\"a\":1,\"b\":4}", &rc, &err, &arena);
    expect(rc == 0 && calls == 1 && cJSON_GetObjectItem(r, "value")->valuedouble == 0.25,
           "a valid call reaches the typed handler and returns its result");
    cJSON *mcp = sc_mcp_call_result(rc, r, &err);
    expect(mcp != NULL && cJSON_IsFalse(cJSON_GetObjectItem(mcp, "isError")) &&
               cJSON_GetObjectItem(mcp, "structuredContent") != NULL,
           "an MCP result carries structuredContent");
    cJSON_Delete(mcp);

    r = call(tools, n, "calc", "{\"operation\":\"pow\",\"a\":1,\"b\":4}", &rc, &err, &arena);
    expect(rc == SC_ERR_CONSTRAINT && r == NULL && strcmp(err.path, "/operation") == 0 &&
               calls == 1,
           "invalid arguments never reach the handler");
    mcp = sc_mcp_call_result(rc, r, &err);
    const cJSON *text = cJSON_GetArrayItem(cJSON_GetObjectItem(mcp, "content"), 0);
    expect(cJSON_IsTrue(cJSON_GetObjectItem(mcp, "isError")) &&
               strstr(cJSON_GetObjectItem(text, "text")->valuestring,
                      "/operation: must be one of") != NULL,
           "an argument error becomes an MCP error result naming the path");
    cJSON_Delete(mcp);

    r = call(tools, n, "calc", "{\"operation\":\"divide\",\"a\":1,\"b\":0}", &rc, &err, &arena);
    expect(rc == SC_ERR_HANDLER && strcmp(err.message, "b must not be 0 when dividing") == 0,
           "a handler failure keeps the handler's message");

    r = call(tools, n, "calc", "{\"operation\":\"add\",\"a\":42,\"b\":0}", &rc, &err, &arena);
    expect(
        rc == SC_ERR_OUTPUT && r == NULL && strstr(err.message, "output schema") != NULL &&
            strcmp(err.path, "/note") == 0 && err.all == NULL,
        "a result that breaks the output schema is refused, the details kept for the application");
    mcp = sc_mcp_call_result(rc, r, &err);
    text = cJSON_GetArrayItem(cJSON_GetObjectItem(mcp, "content"), 0);
    expect(
        cJSON_IsTrue(cJSON_GetObjectItem(mcp, "isError")) &&
            strcmp(
                cJSON_GetObjectItem(text, "text")->valuestring,
                "the tool failed: its result does not match its declared output schema (a fault of the "
                "tool, not of the call)") == 0,
        "the model is told the tool failed, not a path it could fix");
    cJSON_Delete(mcp);

    /* every mistake of a call at once, one line each, so one retry fixes them all */
    const char *three = "{\"operation\":\"pow\",\"a\":\"1\",\"bcc\":0}";
    int calls_before = calls;
    r = call(tools, n, "calc", three, &rc, &err, &arena);
    expect(rc == SC_ERR_CONSTRAINT && strcmp(err.path, "/operation") == 0 && err.all != NULL &&
               err.all->count == 4 && calls == calls_before,
           "a tool call collects every argument error");
    char lines[2048];
    sc_tool_error_text(rc, &err, lines, sizeof lines);
    expect(strcmp(lines, "/operation: must be one of: add, divide\n"
                         "/a: must be a number\n"
                         "unknown property \"bcc\"; the properties are: operation, a, b, comment\n"
                         "missing required property \"b\"") == 0,
           "sc_tool_error_text: one line per error, in document order");
    mcp = sc_mcp_call_result(rc, r, &err);
    text = cJSON_GetArrayItem(cJSON_GetObjectItem(mcp, "content"), 0);
    expect(cJSON_IsTrue(cJSON_GetObjectItem(mcp, "isError")) &&
               strcmp(cJSON_GetObjectItem(text, "text")->valuestring, lines) == 0,
           "the MCP result carries every error line");
    cJSON_Delete(mcp);

    /* more errors than SC_TOOL_MAX_ERRORS: the text says so */
    char many[4096];
    size_t used = (size_t)snprintf(many, sizeof many, "{");
    for (int i = 0; i < SC_TOOL_MAX_ERRORS + 4; i++)
        used += (size_t)snprintf(many + used, sizeof many - used, "%s\"x%d\":0", i ? "," : "", i);
    snprintf(many + used, sizeof many - used, "}");
    r = call(tools, n, "calc", many, &rc, &err, &arena);
    sc_tool_error_text(rc, &err, lines, sizeof lines);
    expect(rc == SC_ERR_UNKNOWN_PROPERTY && err.all != NULL &&
               err.all->count == SC_TOOL_MAX_ERRORS && err.all->truncated &&
               strstr(lines, "\n(more errors not shown)") != NULL,
           "a call with too many errors reports the first SC_TOOL_MAX_ERRORS");

    /* a syntax error is the only error */
    r = call(tools, n, "calc", "{\"operation\":\"pow\",", &rc, &err, &arena);
    sc_tool_error_text(rc, &err, lines, sizeof lines);
    expect(rc == SC_ERR_SYNTAX && err.all == NULL && strchr(lines, '\n') == NULL,
           "malformed arguments give one error");

    const char *strict = "{\"operation\":\"add\",\"a\":1,\"b\":2,\"comment\":null}";
    r = call(tools, n, "calc", strict, &rc, &err, &arena);
    expect(rc == SC_ERR_TYPE && strcmp(err.path, "/comment") == 0,
           "null for an optional member is a type error by default");
    rc = sc_tool_call(&arena, tools, n, "calc", strict, strlen(strict), SC_CALL_NULL_IS_ABSENT, &r,
                      &err);
    expect(rc == 0 && cJSON_GetObjectItem(r, "value")->valuedouble == 3,
           "with SC_CALL_NULL_IS_ABSENT (OpenAI strict mode) a null reads as absent");
    cJSON_Delete(r);
    const char *required_null = "{\"operation\":null,\"a\":1,\"b\":2}";
    rc = sc_tool_call(&arena, tools, n, "calc", required_null, strlen(required_null),
                      SC_CALL_NULL_IS_ABSENT, &r, &err);
    expect(rc == SC_ERR_TYPE && strcmp(err.path, "/operation") == 0,
           "a null for a required member stays an error");

    r = call(tools, n, "nope", "{}", &rc, &err, &arena);
    expect(rc == SC_ERR_UNKNOWN_TOOL && strstr(err.message, "calc, echo") != NULL,
           "an unknown tool is reported with the tools there are");

    r = call(tools, n, "echo", "{\"text\":\"hi\"}", &rc, &err, &arena);
    expect(rc == 0 && strcmp(cJSON_GetObjectItem(r, "echo")->valuestring, "hi") == 0,
           "a tool without @output returns the handler's JSON");
    cJSON_Delete(r);

    r = call(tools, n, "echo", "{\"text\":\"hi\",\"text\":\"ho\"}", &rc, &err, &arena);
    expect(rc == SC_ERR_DUPLICATE_KEY, "arguments given as text pass the strictness rules");

    rc = sc_tool_call_cjson(&arena, tools, n, "echo", NULL, 0, &r, &err);
    expect(rc == SC_ERR_REQUIRED, "a call without arguments is a call with an empty object");

    cJSON *list = sc_mcp_tools_list(tools, n);
    const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(list, "tools"), 0);
    expect(first != NULL && strcmp(cJSON_GetObjectItem(first, "name")->valuestring, "calc") == 0 &&
               cJSON_GetObjectItem(first, "inputSchema") != NULL,
           "tools/list lists the MCP entries");
    expect(cJSON_GetArraySize(cJSON_GetObjectItem(list, "tools")) == 1 &&
               sc_tool_dialect(&echo_args_tool, SC_DIALECT_MCP)[0] == '\0' &&
               sc_tool_dialect(&echo_args_tool, SC_DIALECT_OPENAI)[0] == '{',
           "a tool not written for MCP (@dialects) is not in tools/list");
    cJSON_Delete(list);

    /* a descriptor generated before a dialect existed stops short of it */
    sc_tool older = calc_args_tool;
    older.dialect_count = SC_DIALECT_OPENAI;
    expect(calc_args_tool.dialect_count == SC_DIALECT_COUNT &&
               sc_tool_dialect(&older, SC_DIALECT_MCP)[0] == '{' &&
               strcmp(sc_tool_dialect(&older, SC_DIALECT_OPENAI), "") == 0 &&
               strcmp(sc_tool_dialect(&older, SC_DIALECT_COUNT), "") == 0 &&
               strcmp(sc_tool_dialect(NULL, SC_DIALECT_MCP), "") == 0,
           "sc_tool_dialect: \"\" past a descriptor's dialects, and for no tool");
    list = sc_mcp_tools_list(&(sc_tool_binding){&older, NULL, NULL}, 1);
    expect(cJSON_GetArraySize(cJSON_GetObjectItem(list, "tools")) == 1,
           "tools/list reads such a descriptor");
    cJSON_Delete(list);

    /* the arena's limits hold for the call: the arguments' JSON, and their
     * decode (calc's handler is not reached) */
    {
        sc_limits limits = {0, 40, 0, 0, 0, 0};
        const char *args = "{\"operation\":\"add\",\"a\":1,\"b\":2,\"comment\":\"a long comment\"}";
        int before = calls;
        sc_arena_reset(&arena);
        sc_arena_set_limits(&arena, &limits);
        r = call(tools, n, "calc", args, &rc, &err, &arena);
        expect(rc == SC_ERR_LIMIT && r == NULL && calls == before &&
                   strstr(err.message, "max_input") != NULL,
               "a tool call over the arena's max_input is refused before the handler");
        limits.max_input = 0;
        limits.max_string = 10;
        sc_arena_set_limits(&arena, &limits);
        r = call(tools, n, "calc", args, &rc, &err, &arena);
        expect(rc == SC_ERR_LIMIT && calls == before && strstr(err.message, "max_string") != NULL,
               "a tool call with a string over the arena's max_string is refused");
        sc_arena_set_limits(&arena, NULL);
        r = call(tools, n, "calc", args, &rc, &err, &arena);
        expect(rc == 0 && calls == before + 1, "within the limits the call goes through");
        cJSON_Delete(r);
    }

    sc_arena_release(&arena);
    printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
