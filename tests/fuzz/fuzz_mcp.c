/* A libFuzzer target for libschemac's MCP server core (sc_mcp_handle) with
 * the tools of samples/mcp-server, a prompt and two resources (a fixed one
 * and a template). The first byte of an input picks the
 * session the message arrives in (byte % 5: 0 not initialized, 1 to 4
 * initialized with 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, so the
 * seed files start with that ASCII digit); the rest is the message, in a
 * heap buffer of exactly its length.
 *
 * Invariants (a violation prints it and the input, and aborts):
 * 1. no crash, no read out of bounds (ASan + UBSan); sc_mcp_handle returns 0;
 * 2. a reply exactly when outcome is not SC_MCP_NO_REPLY; the reply is one
 *    line that the strict reader (sc_parse_json) reads back;
 * 3. it is a JSON-RPC 2.0 response, or for a batch a non-empty array of
 *    them: "jsonrpc": "2.0", an id (a string, an integer or null), and
 *    either a result object or an error with one of the five codes and a
 *    string message; SC_MCP_REJECTED is one error with id null;
 * 4. an uninitialized session answers only initialize and ping with results;
 * 5. all memory comes back: the arena runs over a counting allocator and
 *    cJSON's hooks count too; both are even after sc_arena_release.
 *
 * The plain test (fuzz_main.c) runs the corpus in corpus-mcp/ and
 * deterministic mutations of it. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/mcp.h>
#include <schemac/schemac.h>

#include "handlers.h"

/* fuzz_main.c prints these per sc_code: here SC_OK counts replies with a
 * result, SC_ERR_SYNTAX -32700, SC_ERR_ARGUMENT -32600, SC_ERR_UNKNOWN_TOOL
 * -32601, SC_ERR_TYPE -32602, SC_ERR_NOMEM -32603, SC_ERR_REQUIRED inputs
 * without a reply. */
unsigned long fuzz_decode_results[SC_ERR_COUNT_];

static long allocations;

static void *counting_malloc(size_t size)
{
    void *p = malloc(size);
    if (p != NULL)
        allocations++;
    return p;
}

static void counting_free(void *p)
{
    if (p != NULL)
        allocations--;
    free(p);
}

static void *arena_alloc(void *ctx, size_t size)
{
    (void)ctx;
    return counting_malloc(size);
}

static void arena_free(void *ctx, void *p)
{
    (void)ctx;
    counting_free(p);
}

/* A prompt with a required argument and one with values, a fixed
 * resource and a template: what the prompts, resources and
 * completion/complete reach. */
static const char *const colours[] = {"red", "green", "blue", NULL};
static const sc_mcp_argument prompt_arguments[] = {
    {.name = "topic", .required = true},
    {.name = "colour", .values = colours},
};

static int get_prompt(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                      cJSON *messages, sc_error *err)
{
    (void)ctx, (void)prompt, (void)err;
    const cJSON *topic = cJSON_GetObjectItemCaseSensitive(arguments, "topic");
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(topic->valuestring));
}

static int read_resource(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                         const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource;
    const cJSON *day = cJSON_GetObjectItemCaseSensitive(variables, "day");
    if (day != NULL && strcmp(day->valuestring, "never") == 0)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "no such day");
    return sc_mcp_resource_contents(contents, uri, "text/plain",
                                    day != NULL ? day->valuestring : "fixed", NULL);
}

static const sc_mcp_prompt prompts[] = {
    {.name = "summary", .arguments = prompt_arguments, .argument_count = 2, .get = get_prompt},
};
static const sc_mcp_resource resources[] = {
    {.uri = "file:///readme", .name = "readme", .read = read_resource},
    {.uri = "file:///logs/{day}/{hour}",
     .name = "logs",
     .arguments = prompt_arguments,
     .argument_count = 2,
     .read = read_resource},
};

static const uint8_t *input;
static size_t input_size;

static void fail(const char *invariant, const char *reply)
{
    fprintf(stderr, "invariant broken: %s\ninput (%zu bytes): %.*s\nreply: %s\n", invariant,
            input_size, (int)(input_size > 2000 ? 2000 : input_size), (const char *)input,
            reply != NULL ? reply : "(none)");
    abort();
}

static void count_code(double code)
{
    int i = code == -32700   ? SC_ERR_SYNTAX
            : code == -32600 ? SC_ERR_ARGUMENT
            : code == -32601 ? SC_ERR_UNKNOWN_TOOL
            : code == -32602 ? SC_ERR_TYPE
                             : SC_ERR_NOMEM;
    fuzz_decode_results[i]++;
}

/* Invariant 3 for one response; returns whether it is an error. */
static bool check_response(const cJSON *r, const char *text)
{
    const cJSON *jsonrpc = cJSON_GetObjectItemCaseSensitive(r, "jsonrpc");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(r, "id");
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(r, "result");
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(r, "error");
    if (!cJSON_IsObject(r) || !cJSON_IsString(jsonrpc) || strcmp(jsonrpc->valuestring, "2.0") != 0)
        fail("a response with \"jsonrpc\": \"2.0\"", text);
    if (id == NULL || !(cJSON_IsString(id) || cJSON_IsNull(id) ||
                        (cJSON_IsNumber(id) && fabs(id->valuedouble) <= 9007199254740991.0 &&
                         id->valuedouble == floor(id->valuedouble))))
        fail("an id that is a string, an integer or null", text);
    if ((result == NULL) == (error == NULL) || cJSON_GetArraySize(r) != 3)
        fail("exactly one of result and error", text);
    if (result != NULL) {
        if (!cJSON_IsObject(result))
            fail("a result object", text);
        fuzz_decode_results[SC_OK]++;
        return false;
    }
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(error, "code");
    const cJSON *message = cJSON_GetObjectItemCaseSensitive(error, "message");
    static const double codes[] = {-32700, -32600, -32601, -32602, -32603, -32002};
    bool known = false;
    for (size_t i = 0; cJSON_IsNumber(code) && i < sizeof codes / sizeof codes[0]; i++)
        known = known || code->valuedouble == codes[i];
    if (!known || !cJSON_IsString(message) || message->valuestring[0] == '\0')
        fail("an error with a JSON-RPC code and a message", text);
    count_code(code->valuedouble);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const versions[] = SC_MCP_VERSIONS;
    static sc_tool_binding tools[TOOLS_COUNT];
    static sc_mcp_server server;
    if (server.name == NULL) {
        cJSON_Hooks hooks = {counting_malloc, counting_free};
        cJSON_InitHooks(&hooks);
        server.name = "fuzz";
        server.version = "0";
        server.tools = tools;
        server.tool_count = tools_bind_all(tools, TOOLS_COUNT);
        server.page_size = 3;
        server.prompts = prompts;
        server.prompt_count = 1;
        server.resources = resources;
        server.resource_count = 2;
        server.max_message = 64 * 1024;
    }
    if (size == 0)
        return 0;
    input = data;
    input_size = size;
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    unsigned pick = data[0] % 5;
    if (pick > 0) {
        session.state = SC_MCP_STATE_READY;
        snprintf(session.protocol_version, sizeof session.protocol_version, "%s",
                 versions[pick - 1]);
    }

    long before = allocations;
    sc_allocator allocator = {arena_alloc, arena_free, NULL};
    sc_arena arena;
    sc_arena_init(&arena, &allocator);
    sc_mcp_reply reply;
    if (sc_mcp_handle(&server, &session, &arena, (const char *)data + 1, size - 1, &reply) != 0)
        fail("sc_mcp_handle returns 0", NULL);
    if ((reply.text == NULL) != (reply.outcome == SC_MCP_NO_REPLY))
        fail("a reply exactly when the outcome says so", reply.text);
    if (reply.text == NULL) {
        fuzz_decode_results[SC_ERR_REQUIRED]++;
    } else {
        if (strlen(reply.text) != reply.len || memchr(reply.text, '\n', reply.len) != NULL)
            fail("a reply of len bytes on one line", reply.text);
        sc_arena check;
        sc_arena_init(&check, NULL);
        cJSON *tree;
        sc_error err;
        if (sc_parse_json(&check, reply.text, reply.len, &tree, &err) != 0)
            fail("a reply the strict reader reads back", reply.text);
        if (cJSON_IsArray(tree)) {
            if (cJSON_GetArraySize(tree) == 0 || reply.outcome != SC_MCP_ANSWERED)
                fail("a batch reply: a non-empty array, answered", reply.text);
            const cJSON *r;
            cJSON_ArrayForEach(r, tree) check_response(r, reply.text);
        } else {
            bool error = check_response(tree, reply.text);
            if (reply.outcome == SC_MCP_REJECTED &&
                (!error || !cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(tree, "id"))))
                fail("a rejected message: one error with id null", reply.text);
            /* a successful initialize made the session READY; ping's result is {} */
            if (pick == 0 && !error && session.state != SC_MCP_STATE_READY &&
                cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(tree, "result")) != 0)
                fail("before initialize, results only for initialize and ping", reply.text);
        }
        sc_arena_release(&check);
    }
    sc_arena_release(&arena);
    sc_mcp_session_free(&session); /* a successful initialize made its core */
    if (allocations != before)
        fail("all memory comes back", NULL);
    return 0;
}
