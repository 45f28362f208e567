/* libschemac's MCP server core (sc_mcp_handle) where the SDK-driven tests
 * of tests/mcp cannot reach: a handler whose cJSON result cannot be sent
 * (a non-finite number, text that is not UTF-8), arenas over small
 * buffers, where memory runs out at every step of a request, the
 * server's decode limits, and the ids of messages the strict reader
 * refused. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <schemac/mcp.h>

#include "tools.schemac.h"

#include "check.h"

/* echo, returning what its text names: a number that JSON cannot hold, a
 * string that is not UTF-8, or the text. */
static int echo(sc_arena *arena, const echo_args *in, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena, (void)ctx, (void)err;
    *out = cJSON_CreateObject();
    if (strcmp(in->text, "nan") == 0)
        cJSON_AddNumberToObject(*out, "value", NAN);
    else if (strcmp(in->text, "latin1") == 0)
        cJSON_AddStringToObject(*out, "value", "caf\xe9");
    else
        cJSON_AddStringToObject(*out, "echo", in->text);
    return 0;
}

static const char init[] =
    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
    "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"0\"}}}";

/* A channel that keeps the last message sent on it. */
static char sent[512];
static int sent_count;
static int keep(void *ctx, const char *json, size_t len)
{
    (void)ctx;
    snprintf(sent, sizeof sent, "%.*s", (int)len, json);
    sent_count++;
    return 0;
}

static int read_any(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                    const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource, (void)variables, (void)err;
    return sc_mcp_resource_contents(contents, uri, NULL, "x", NULL);
}

static int get_any(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                   cJSON *messages, sc_error *err)
{
    (void)ctx, (void)arguments, (void)err;
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(prompt->name));
}

/* The reply to one request, in arena. */
static const char *ask(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                       const char *message)
{
    sc_mcp_reply reply;
    sc_arena_reset(arena);
    return sc_mcp_handle(server, session, arena, message, strlen(message), &reply) == 0 ? reply.text
                                                                                        : NULL;
}

/* Paging of prompts, resources and templates (each kind counted apart),
 * and the messages sent outside a request: resources/updated only for a
 * subscribed URI, list_changed, nothing without a channel. */
static void features(void)
{
    static const sc_mcp_prompt prompts[] = {{.name = "p1", .get = get_any},
                                            {.name = "p2", .get = get_any},
                                            {.name = "p3", .get = get_any}};
    static const sc_mcp_resource resources[] = {
        {.uri = "a://1", .name = "1", .read = read_any},
        {.uri = "a://{x}/t", .name = "t1", .read = read_any},
        {.uri = "a://2", .name = "2", .read = read_any},
        {.uri = "a://3", .name = "3", .read = read_any},
        {.uri = "b://{x}", .name = "t2", .read = read_any}};
    sc_mcp_server server = {.name = "t",
                            .version = "0",
                            .page_size = 2,
                            .prompts = prompts,
                            .prompt_count = 3,
                            .resources = resources,
                            .resource_count = 5,
                            .lists_change = true};
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    const char *text = ask(&server, &session, &arena, init);
    CHECK(HAS(text, "\"resources\":{\"subscribe\":true,\"listChanged\":true}"));
    text = ask(&server, &session, &arena,
               "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/list\"}");
    CHECK(HAS(text, "\"p2\"") && !HAS(text, "\"p3\"") && HAS(text, "\"nextCursor\":\"2\""));
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/list\",\"params\":{\"cursor\":\"2\"}}");
    CHECK(HAS(text, "\"p3\"") && !HAS(text, "nextCursor"));
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/list\",\"params\":{\"cursor\":\"2\"}}");
    CHECK(HAS(text, "\"a://3\"") && !HAS(text, "a://2") && !HAS(text, "nextCursor") &&
          !HAS(text, "{x}"));
    text = ask(&server, &session, &arena,
               "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/templates/list\"}");
    CHECK(HAS(text, "a://{x}/t") && HAS(text, "b://{x}") && !HAS(text, "nextCursor"));
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"resources/list\",\"params\":{\"cursor\":\"3\"}}");
    CHECK(HAS(text, "-32602") && HAS(text, "invalid cursor"));
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/read\",\"params\":{\"uri\":\"a://q/t\"}}");
    CHECK(HAS(text, "\"uri\":\"a://q/t\""));

    /* no channel yet: dropped, not an error */
    CHECK(sc_mcp_list_changed(&session, "prompts") == 0);
    sc_mcp_channel channel = {keep, NULL, NULL, NULL};
    sc_mcp_session_set_channel(&session, &channel);
    sent_count = 0;
    CHECK(sc_mcp_resource_updated(&session, "a://1") == 0 && sent_count == 0); /* not subscribed */
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"a://1\"}}");
    CHECK(HAS(text, "\"result\":{}"));
    CHECK(sc_mcp_resource_updated(&session, "a://1") == 0 && sent_count == 1 &&
          strcmp(sent,
                 "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":"
                 "{\"uri\":\"a://1\"}}") == 0);
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/unsubscribe\",\"params\":{\"uri\":\"a://1\"}}");
    CHECK(sc_mcp_resource_updated(&session, "a://1") == 0 && sent_count == 1);
    CHECK(sc_mcp_list_changed(&session, "tools") == 0 && sent_count == 2 &&
          strcmp(sent, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}") ==
              0);
    CHECK(sc_mcp_list_changed(&session, "roots") == SC_ERR_ARGUMENT);
    /* an unknown level is refused; a response nobody awaits is ignored */
    text = ask(
        &server, &session, &arena,
        "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}");
    CHECK(HAS(text, "-32602"));
    CHECK(ask(&server, &session, &arena, "{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}") == NULL);
    sc_arena_release(&arena);
    sc_mcp_session_free(&session);
}

/* The reply to a message sc_parse_json refused (issue 31, item 7): the
 * message's id is kept exactly when the message is JSON as JSON.parse
 * judges it (any depth, any number, lone surrogates, duplicate keys, bytes
 * that are not UTF-8) with one top-level "id" that a message read
 * strictly could carry; -32600 then, -32700 (id null) when it is not JSON. */
static void check_refused(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                          const char *message, size_t len, const char *id, int code)
{
    sc_mcp_reply reply;
    char want[64];
    sc_arena_reset(arena);
    int rc = sc_mcp_handle(server, session, arena, message, len, &reply);
    snprintf(want, sizeof want, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":%d,", id, code);
    if (rc != 0 || reply.text == NULL || strncmp(reply.text, want, strlen(want)) != 0) {
        failures++;
        fprintf(stderr, "%s:%d: %.80s...: got %s, want %s...\n", __FILE__, __LINE__, message,
                rc == 0 && reply.text != NULL ? reply.text : sc_strerror(rc), want);
    }
}

static void ids_of_refused_messages(const sc_mcp_server *server)
{
    sc_mcp_session session;
    sc_arena arena;
    sc_mcp_session_init(&session);
    sc_arena_init(&arena, NULL);
    const char *hello = ask(server, &session, &arena, init); /* HAS reads its text twice */
    CHECK(HAS(hello, "\"result\""));
    static const struct {
        const char *message, *id;
        int code;
    } cases[] = {
        /* JSON, refused by a strictness rule: the id kept */
        {"{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"s\":\"\\ud800\"},\"id\":\"s\"}",
         "\"s\"", -32600},
        {"{\"jsonrpc\":\"2.0\",\"\\u0069d\":10,\"method\":\"ping\",\"params\":{\"s\":\"\\udfff x\"}}",
         "10", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"ping\",\"params\":{\"a\":1e400}}", "14",
         -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"\xff\"}", "15", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\",\"params\":{\"a\":1,\"a\":2}}", "11",
         -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":\"\\\"q\\\"\\u00e9\",\"method\":\"ping\",\"params\":{\"a\":\"\\u0000\"}}",
         "\"\\\"q\\\"\xC3\xA9\"", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":1.0,\"method\":\"ping\",\"params\":{\"a\":\"\\u0000\"}}", "1",
         -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":-9007199254740991,\"method\":\"ping\",\"x\":\"\\u0000\"}",
         "-9007199254740991", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":{\"\\ud800\":1,\"id\":4}}",
         "3", -32600},
        /* JSON, but no id a reply could carry: two ids (which one?), an id
         * the strict reader refuses (cJSON kept "a\u0000b" as "a", and a
         * string that is not UTF-8 could not be printed), one that is not
         * an integer or a string, an id only inside params, a batch */
        {"{\"jsonrpc\":\"2.0\",\"id\":12,\"id\":13,\"method\":\"ping\"}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":1,\"\\u0069d\":2,\"method\":\"ping\"}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":\"a\\u0000b\",\"method\":\"ping\"}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\",\"method\":\"ping\",\"x\":1e400}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":\"\\ud800\",\"method\":\"ping\"}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":1e400,\"method\":\"ping\"}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\",\"x\":1e400}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\",\"x\":1e400}", "null", -32600},
        {"{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"id\":5,\"x\":1e400}}", "null",
         -32600},
        {"[{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\",\"x\":1e400}]", "null", -32600},
        /* not JSON: -32700 whatever id it shows */
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"x\":1e400} x", "null", -32700},
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"x\":1e400,}", "null", -32700},
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"x\":\"\x01\"}", "null", -32700},
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"x\":\"\\ud800\\x\"}", "null", -32700},
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\",\"x\":01}", "null", -32700},
        {"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":", "null", -32700},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check_refused(server, &session, &arena, cases[i].message, strlen(cases[i].message),
                      cases[i].id, cases[i].code);

    /* deeper than max_depth, and far deeper than 1024 levels (the scan's
     * memory past them comes from the arena): JSON, the id kept; left
     * open, not JSON */
    static char deep[2 * 5000 + 128];
    for (size_t levels = 70; levels <= 5000; levels = levels * 8) {
        int n = snprintf(deep, sizeof deep,
                         "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"x\":");
        memset(deep + n, '[', levels);
        memset(deep + n + levels, ']', levels);
        memcpy(deep + n + 2 * levels, "}}", 3);
        check_refused(server, &session, &arena, deep, strlen(deep), "7", -32600);
        memcpy(deep + n + levels, "}}", 3);
        check_refused(server, &session, &arena, deep, strlen(deep), "null", -32700);
    }
    sc_arena_release(&arena);

    /* arenas over small buffers: the scan's memory runs out as SC_ERR_NOMEM
     * or an answer, never a crash, a leak (ASan) or a wrong verdict */
    int n = snprintf(deep, sizeof deep,
                     "{\"jsonrpc\":\"2.0\",\"\\u0069d\":7,\"method\":\"ping\",\"params\":{\"x\":");
    memset(deep + n, '[', 3000);
    memset(deep + n + 3000, ']', 3000);
    memcpy(deep + n + 6000, "}}", 3);
    bool answered = false;
    for (size_t size = 0; size <= 16384 && !answered; size += 256) {
        static unsigned char buffer[16384];
        sc_arena small;
        sc_mcp_reply reply;
        sc_arena_init_buffer(&small, buffer, size);
        int rc = sc_mcp_handle(server, &session, &small, deep, strlen(deep), &reply);
        CHECK(rc == 0 || rc == SC_ERR_NOMEM);
        answered = rc == 0 && HAS(reply.text, "\"id\":7,\"error\":{\"code\":-32600");
        CHECK(rc != 0 || answered);
        sc_arena_release(&small);
    }
    CHECK(answered);

    /* under max_bytes: the scan's memory refused is the message refused
     * (-32600, id null) as over any limit, never -32700 or another id */
    for (size_t max_bytes = 1024; max_bytes <= 65536; max_bytes += 512) {
        sc_limits limits = {.max_bytes = max_bytes};
        sc_mcp_server limited = *server;
        sc_mcp_reply reply;
        limited.limits = &limits;
        sc_arena_init(&arena, NULL);
        int rc = sc_mcp_handle(&limited, &session, &arena, deep, strlen(deep), &reply);
        CHECK(rc == SC_ERR_NOMEM ||
              (rc == 0 && (HAS(reply.text, "\"id\":7,\"error\":{\"code\":-32600") ||
                           HAS(reply.text, "\"id\":null,\"error\":{\"code\":-32600"))));
        sc_arena_release(&arena);
    }
    sc_mcp_session_free(&session);
}

static const char *call_echo(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                             const char *text, int *rc)
{
    char message[256];
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":"
        "{\"text\":\"%s\"}}}",
        text);
    sc_mcp_reply reply;
    *rc = sc_mcp_handle(server, session, arena, message, strlen(message), &reply);
    return *rc == 0 ? reply.text : NULL;
}

int main(void)
{
    /* echo's @dialects leaves out mcp: the server refuses to call it by
     * name (below), so the checks call a copy with an MCP entry */
    sc_tool offered = echo_args_tool;
    offered.dialects =
        (const char *const[]){"{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}"};
    offered.dialect_count = 1; /* SC_DIALECT_MCP alone */
    sc_tool_binding tools[] = {echo_args_bind(echo, NULL)};
    tools[0].tool = &offered;
    sc_mcp_server server = {.name = "t", .version = "0", .tools = tools, .tool_count = 1};
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_mcp_reply reply;
    int rc;

    CHECK(sc_mcp_handle(&server, &session, &arena, init, strlen(init), &reply) == 0);
    CHECK(session.state == SC_MCP_STATE_READY &&
          strcmp(session.protocol_version, "2025-11-25") == 0);
    sc_arena_reset(&arena);

    /* a result that cannot be sent is the tool's failure, for the model to
     * see as such: nothing in its call could fix it, so no details */
    const char *text = call_echo(&server, &session, &arena, "nan", &rc);
    CHECK(rc == 0 && text != NULL);
    CHECK(text != NULL && strstr(text, "\"id\":7") != NULL &&
          strstr(text, "\"isError\":true") != NULL && strstr(text, "the tool failed") != NULL &&
          strstr(text, "finite") == NULL);
    sc_arena_reset(&arena);
    text = call_echo(&server, &session, &arena, "latin1", &rc);
    CHECK(text != NULL && strstr(text, "\"isError\":true") != NULL &&
          strstr(text, "the tool failed") != NULL && strstr(text, "UTF-8") == NULL);
    sc_arena_reset(&arena);
    text = call_echo(&server, &session, &arena, "hi", &rc);
    CHECK(text != NULL && strstr(text, "\"structuredContent\":{\"echo\":\"hi\"}") != NULL);
    sc_arena_reset(&arena);
    /* the tool as generated, out of tools/list, cannot be called either */
    tools[0].tool = &echo_args_tool;
    text = call_echo(&server, &session, &arena, "hi", &rc);
    CHECK(text != NULL && strstr(text, "-32602") != NULL && strstr(text, "unknown tool") != NULL &&
          strstr(text, "\"echo\":\"hi\"") == NULL);
    tools[0].tool = &offered;
    sc_arena_release(&arena);

    /* arenas over buffers of every size up to what a call needs: out of
     * memory is SC_ERR_NOMEM or an answer, never a crash or a leak (ASan) */
    bool answered = false;
    for (size_t size = 0; size <= 8192 && !answered; size += 64) {
        static unsigned char buffer[8192];
        sc_arena small;
        sc_arena_init_buffer(&small, buffer, size);
        text = call_echo(&server, &session, &small, "hi", &rc);
        CHECK(rc == 0 || rc == SC_ERR_NOMEM);
        answered = text != NULL && strstr(text, "\"echo\":\"hi\"") != NULL;
        sc_arena_release(&small);
    }
    CHECK(answered);

    /* the server's limits hold for every message, whatever the arena had:
     * over one, the message is refused as a whole (-32600, id null) */
    {
        sc_limits limits = {0, 0, 5, 0, 0, 0}; /* strings of at most 5 bytes */
        sc_mcp_server limited = server;
        limited.limits = &limits;
        sc_arena_init(&arena, NULL);
        text = call_echo(&limited, &session, &arena, "hi", &rc); /* "jsonrpc" is a 7-byte key */
        CHECK(rc == 0 && text != NULL && strstr(text, "-32600") != NULL &&
              strstr(text, "\"id\":null") != NULL && strstr(text, "max_string") != NULL);
        sc_arena_reset(&arena);
        limits.max_string = 0;
        limits.max_members = 2; /* the tool call message has 4 */
        text = call_echo(&limited, &session, &arena, "hi", &rc);
        CHECK(text != NULL && strstr(text, "-32600") != NULL &&
              strstr(text, "max_members") != NULL);
        sc_arena_reset(&arena);
        limits.max_members = 0;
        text = call_echo(&limited, &session, &arena, "hi", &rc);
        CHECK(text != NULL && strstr(text, "\"echo\":\"hi\"") != NULL);
        CHECK(sc_arena_limits(&arena).max_members == SC_DEFAULT_MAX_MEMBERS);
        sc_arena_release(&arena);
    }

    features();
    ids_of_refused_messages(&server);
    if (failures == 0)
        printf("mcp core: every check passed\n");
    sc_mcp_session_free(&session);
    return failures != 0;
}
