/* The stateless revision of MCP (2026-07-28) in libschemac-mcp's core,
 * through sc_mcp_handle: every rule of a request's _meta, with the HTTP
 * status and the request's id kept (also beyond 2^31); removed methods;
 * a missing client capability; resultType, serverInfo and the caching
 * hints; the log level per request; multi round trips (keys, several
 * questions per round, several rounds) and requestState altered,
 * expired, replayed or moved to another request; subscriptions on a
 * shared channel; and a 2025 session beside it, unchanged. Run under
 * ASan+UBSan in build-asan like every test. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <schemac/mcp.h>

#include "check.h"

#define META                                                                                       \
    "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","                       \
    "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{},\"sampling\":{}}}"
#define META_NO_CAPS                                                                               \
    "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","                       \
    "\"io.modelcontextprotocol/clientCapabilities\":{}}"

/* ---- tools that ask the client ------------------------------------------------------- */

/* Asks the name (key user_name), then, given it, the colour (a second
 * round); answers "NAME likes COLOR". */
static int two_rounds(sc_mcp_context *ctx, sc_error *err)
{
    static const char form[] = "{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"string\"}}}";
    sc_mcp_elicit_action action;
    const cJSON *name, *color;
    sc_mcp_input_key(ctx, "user_name");
    if (sc_mcp_elicit(ctx, "name?", form, 0, &action, &name, err) != 0)
        return err->code;
    if (sc_mcp_elicit(ctx, "colour?", form, 0, &action, &color, err) != 0)
        return err->code;
    char text[128];
    snprintf(text, sizeof text, "%s likes %s", cJSON_GetStringValue(cJSON_GetObjectItem(name, "v")),
             cJSON_GetStringValue(cJSON_GetObjectItem(color, "v")));
    return sc_mcp_add_content(ctx, sc_mcp_text_content(text));
}

/* Two questions in one round: asked before either answer is read. */
static int one_round(sc_mcp_context *ctx, sc_error *err)
{
    const char *a, *b;
    sc_error later;
    sc_error_clear(&later);
    int rc = sc_mcp_sample_text(ctx, "first?", 10, 0, &a, err);
    int next = sc_mcp_sample_text(ctx, "second?", 10, 0, &b, rc == 0 ? err : &later);
    if (rc != 0 || next != 0)
        return rc != 0 ? rc : next;
    return sc_mcp_add_content(ctx,
                              sc_mcp_text_content(a != NULL && b != NULL ? "both" : "missing"));
}

/* Logs at info and debug; answers the request's traceparent, if any. */
static int logs(sc_mcp_context *ctx, sc_error *err)
{
    (void)err;
    sc_mcp_client_log(ctx, SC_MCP_LOG_INFO, NULL, "info line");
    sc_mcp_client_log(ctx, SC_MCP_LOG_DEBUG, NULL, "debug line");
    const char *trace =
        cJSON_GetStringValue(cJSON_GetObjectItem(sc_mcp_request_meta(ctx), "traceparent"));
    return sc_mcp_add_content(ctx, sc_mcp_text_content(trace != NULL ? trace : "logged"));
}

typedef int (*asker)(sc_mcp_context *ctx, sc_error *err);

static int invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                  unsigned flags, cJSON **result, sc_error *err)
{
    (void)args, (void)flags;
    *result = NULL;
    sc_mcp_context *ctx = sc_mcp_context_of(arena);
    return ctx != NULL ? ((asker)binding->handler)(ctx, err)
                       : sc_fail(err, SC_ERR_HANDLER, NULL, "no context");
}

#define TOOL(NAME)                                                                                 \
    {                                                                                              \
        .name = NAME, .description = NAME, .input_schema = "{\"type\":\"object\"}",                \
        .dialects = (const char *const[]){"{\"name\":\"" NAME                                      \
                                          "\",\"inputSchema\":{\"type\":\"object\"}}"},            \
        .dialect_count = 1 /* SC_DIALECT_MCP */, .invoke = invoke                                  \
    }

static const sc_tool tools[] = {TOOL("two_rounds"), TOOL("one_round"), TOOL("logs")};
static const sc_tool_binding bindings[] = {{&tools[0], (sc_handler)two_rounds, NULL},
                                           {&tools[1], (sc_handler)one_round, NULL},
                                           {&tools[2], (sc_handler)logs, NULL}};

static int read_any(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                    const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource, (void)variables, (void)err;
    return sc_mcp_resource_contents(contents, uri, NULL, "x", NULL);
}

static const sc_mcp_resource resources[] = {
    {.uri = "a://public", .name = "public", .read = read_any},
    {.uri = "a://mine", .name = "mine", .read = read_any, .ttl_ms = 5000, .private_data = true},
};

static const unsigned char key[32] = "a key of this test, 32 bytes...";

static sc_mcp_server server_with(unsigned ttl)
{
    sc_mcp_server server = {.name = "t",
                            .version = "1",
                            .tools = bindings,
                            .tool_count = 3,
                            .resources = resources,
                            .resource_count = 2,
                            .lists_change = true,
                            .cache_ttl_ms = 60000,
                            .state_key = key,
                            .state_key_len = sizeof key,
                            .state_ttl_seconds = ttl};
    return server;
}

/* ---- the exchange ----------------------------------------------------------------- */

static char sent[4][512];
static int sent_count;
static int keep(void *ctx, const char *json, size_t len)
{
    (void)ctx;
    if (sent_count < 4)
        snprintf(sent[sent_count], sizeof sent[0], "%.*s", (int)len, json);
    sent_count++;
    return 0;
}

static sc_arena arena;
static sc_mcp_reply reply;

/* One message on session, with a channel that keeps what is sent. */
static const char *ask(const sc_mcp_server *server, sc_mcp_session *session, const char *message)
{
    sc_mcp_channel channel = {keep, NULL, NULL, NULL};
    sc_arena_reset(&arena);
    sent_count = 0;
    return sc_mcp_handle_on(server, session, &arena, message, strlen(message), &channel, &reply) ==
                   0
               ? reply.text
               : NULL;
}

/* The string value of "requestState" in text, copied into buf. */
static const char *state_of(const char *text, char *buf, size_t size)
{
    cJSON *tree = cJSON_Parse(text);
    const char *state = cJSON_GetStringValue(
        cJSON_GetObjectItem(cJSON_GetObjectItem(tree, "result"), "requestState"));
    snprintf(buf, size, "%s", state != NULL ? state : "");
    cJSON_Delete(tree);
    return buf;
}

static const char *call(const sc_mcp_server *server, sc_mcp_session *session, const char *tool,
                        const char *extra)
{
    static char message[8192];
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"%s\",\"arguments\":{}%s," META
        "}}",
        tool, extra);
    return ask(server, session, message);
}

static void meta_rules(void)
{
    sc_mcp_server server = server_with(0);
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    /* no _meta: -32602, 400, the id kept (beyond 2^31 too) */
    const char *text = ask(&server, &session,
                           "{\"jsonrpc\":\"2.0\",\"id\":1795750500472,\"method\":\"tools/list\"}");
    CHECK(HAS(text, "\"id\":1795750500472") && HAS(text, "-32602") && reply.http_status == 400);
    text = ask(&server, &session,
               "{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"tools/list\",\"params\":{\"_meta\":{"
               "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}");
    CHECK(HAS(text, "\"id\":\"s\"") && HAS(text, "-32602") && reply.http_status == 400);
    /* an unknown revision: -32022 with what is supported and what was asked */
    text =
        ask(&server, &session,
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"server/discover\",\"params\":{\"_meta\":{"
            "\"io.modelcontextprotocol/protocolVersion\":\"v999\","
            "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
    CHECK(HAS(text, "-32022") && HAS(text, "\"supported\":[\"2026-07-28\"]") &&
          HAS(text, "\"requested\":\"v999\"") && reply.http_status == 400);
    /* a bad log level is invalid params */
    text = ask(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
        "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
        "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"loud\"}}}");
    CHECK(HAS(text, "-32602") && reply.http_status == 400);
    /* methods the revision removed, and unknown ones: 404 -32601 */
    static const char *const removed[] = {
        "initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe",
        "no/such"};
    for (size_t i = 0; i < sizeof removed / sizeof removed[0]; i++) {
        char message[512];
        snprintf(message, sizeof message,
                 "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"%s\",\"params\":{" META "}}",
                 removed[i]);
        text = ask(&server, &session, message);
        CHECK(HAS(text, "-32601") && HAS(text, "\"id\":4") && reply.http_status == 404);
    }
    /* discover, and every result's resultType, serverInfo, caching hints */
    text =
        ask(&server, &session,
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"server/discover\",\"params\":{" META "}}");
    CHECK(HAS(text, "\"supportedVersions\":[\"2026-07-28\"]") &&
          HAS(text, "\"resultType\":\"complete\"") &&
          HAS(text, "\"io.modelcontextprotocol/serverInfo\":{\"name\":\"t\",\"version\":\"1\"}") &&
          HAS(text, "\"ttlMs\":60000") && HAS(text, "\"cacheScope\":\"public\"") &&
          reply.http_status == 0);
    text = ask(&server, &session,
               "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\",\"params\":{" META "}}");
    CHECK(HAS(text, "\"two_rounds\"") && HAS(text, "\"ttlMs\":60000") &&
          HAS(text, "\"resultType\":\"complete\""));
    text = ask(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/read\",\"params\":{\"uri\":\"a://mine\"," META
        "}}");
    CHECK(HAS(text, "\"ttlMs\":5000") && HAS(text, "\"cacheScope\":\"private\""));
    text = ask(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"resources/read\",\"params\":{\"uri\":\"a://none\"," META
        "}}");
    CHECK(HAS(text, "-32602") && HAS(text, "\"data\":{\"uri\":\"a://none\"}"));
    /* nothing of this made the session a 2025 one */
    CHECK(session.state == SC_MCP_STATE_NEW);
    sc_mcp_session_free(&session);
}

static void capabilities_and_logging(void)
{
    sc_mcp_server server = server_with(0);
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    char message[1024];
    /* a question needing a capability the client did not declare */
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"one_round\","
        "\"arguments\":{}," META_NO_CAPS "}}");
    const char *text = ask(&server, &session, message);
    CHECK(HAS(text, "-32021") && HAS(text, "\"requiredCapabilities\":{\"sampling\":{}}") &&
          reply.http_status == 400);
    /* no notifications/message without a log level; from it on with one */
    text = call(&server, &session, "logs", "");
    CHECK(HAS(text, "\"logged\"") && sent_count == 0);
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"name\":\"logs\",\"arguments\":{},"
        "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
        "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/logLevel\":\"info\","
        "\"traceparent\":\"00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01\"}}}");
    text = ask(&server, &session, message);
    /* the trace context reaches the handler */
    CHECK(HAS(text, "\"00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01\"") &&
          sent_count == 1 && HAS(sent[0], "info line"));
    sc_mcp_session_free(&session);
}

static void round_trips(void)
{
    sc_mcp_server server = server_with(1);
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    char first[2048], second[2048], extra[8192];
    /* round 1: the name, under the handler's key */
    const char *text = call(&server, &session, "two_rounds", "");
    CHECK(HAS(text, "\"resultType\":\"input_required\"") &&
          HAS(text, "\"user_name\":{\"method\":\"elicitation/create\"") && !HAS(text, "ttlMs"));
    state_of(text, first, sizeof first);
    CHECK(first[0] != '\0');
    /* round 2: the colour, its key by order; the name travels in the state */
    snprintf(
        extra, sizeof extra,
        ",\"inputResponses\":{\"user_name\":{\"action\":\"accept\",\"content\":{\"v\":\"Alice\"}}},"
        "\"requestState\":\"%s\"",
        first);
    text = call(&server, &session, "two_rounds", extra);
    CHECK(HAS(text, "\"input-1\":{\"method\":\"elicitation/create\"") && !HAS(text, "user_name"));
    state_of(text, second, sizeof second);
    CHECK(second[0] != '\0' && strcmp(first, second) != 0);
    /* the same state again: refused (replayed) */
    text = call(&server, &session, "two_rounds", extra);
    CHECK(HAS(text, "-32602") && HAS(text, "used before"));
    /* round 3: only the colour is sent; the result is complete */
    snprintf(
        extra, sizeof extra,
        ",\"inputResponses\":{\"input-1\":{\"action\":\"accept\",\"content\":{\"v\":\"blue\"}}},"
        "\"requestState\":\"%s\"",
        second);
    text = call(&server, &session, "two_rounds", extra);
    CHECK(HAS(text, "Alice likes blue") && HAS(text, "\"resultType\":\"complete\""));
    /* altered: a character of the payload changed, or text added */
    text = call(&server, &session, "two_rounds", "");
    state_of(text, first, sizeof first);
    char altered[2100];
    snprintf(altered, sizeof altered, "%s", first);
    altered[3] = altered[3] == 'A' ? 'B' : 'A';
    snprintf(extra, sizeof extra, ",\"requestState\":\"%s\"", altered);
    CHECK(HAS(call(&server, &session, "two_rounds", extra), "not one this server made"));
    snprintf(extra, sizeof extra, ",\"requestState\":\"%s-TAMPERED\"", first);
    CHECK(HAS(call(&server, &session, "two_rounds", extra), "-32602"));
    /* another request's state (another tool) */
    snprintf(extra, sizeof extra, ",\"requestState\":\"%s\"", first);
    CHECK(HAS(call(&server, &session, "one_round", extra), "belongs to another request"));
    /* expired: the state lives one second */
    struct timespec pause = {2, 200000000L};
    nanosleep(&pause, NULL);
    CHECK(HAS(call(&server, &session, "two_rounds", extra), "has expired"));
    /* an answer that is no answer */
    CHECK(HAS(call(&server, &session, "two_rounds", ",\"inputResponses\":{\"user_name\":12}"),
              "-32602"));
    CHECK(HAS(call(&server, &session, "two_rounds", ",\"inputResponses\":null"), "-32602"));
    /* two questions in one round; answered without a state, they complete */
    text = call(&server, &session, "one_round", "");
    CHECK(HAS(text, "\"input-0\":{\"method\":\"sampling/createMessage\"") &&
          HAS(text, "\"input-1\":{\"method\":\"sampling/createMessage\""));
    text = call(
        &server, &session, "one_round",
        ",\"inputResponses\":{\"input-0\":{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"a\"}},"
        "\"input-1\":{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"b\"}},\"extra\":{}}");
    CHECK(HAS(text, "\"both\""));
    sc_mcp_session_free(&session);
}

static void subscriptions_and_sessions(void)
{
    sc_mcp_server server = server_with(0);
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    /* a shared channel (stdio): acknowledged, no reply yet, then tagged notifications */
    const char *text = ask(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":\"sub\",\"method\":\"subscriptions/listen\",\"params\":{"
        "\"notifications\":{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"a://mine\"]}," META
        "}}");
    CHECK(text == NULL && sent_count == 1 &&
          HAS(sent[0], "notifications/subscriptions/acknowledged") &&
          HAS(sent[0], "\"io.modelcontextprotocol/subscriptionId\":\"sub\""));
    sent_count = 0;
    CHECK(sc_mcp_notify_list_changed(&server, "tools") == 0 && sent_count == 1 &&
          HAS(sent[0], "notifications/tools/list_changed") &&
          HAS(sent[0], "/subscriptionId\":\"sub\""));
    CHECK(sc_mcp_notify_list_changed(&server, "prompts") == 0 &&
          sent_count == 1); /* not asked for */
    CHECK(sc_mcp_notify_resource_updated(&server, "a://mine") == 0 && sent_count == 2 &&
          HAS(sent[1], "a://mine"));
    CHECK(sc_mcp_notify_resource_updated(&server, "a://public") == 0 && sent_count == 2);
    /* cancelled: nothing more */
    ask(&server, &session,
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"sub\"}}");
    CHECK(sc_mcp_notify_list_changed(&server, "tools") == 0 && sent_count == 0);
    /* one left open is ended with its session */
    ask(&server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":{"
        "\"toolsListChanged\":true}," META "}}");
    sc_mcp_session_free(&session);
    sent_count = 0;
    CHECK(sc_mcp_notify_list_changed(&server, "tools") == 0 && sent_count == 0);

    /* a 2025 session beside it: initialize, then requests without _meta */
    sc_mcp_session_init(&session);
    text = ask(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
        "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"0\"}}}");
    CHECK(HAS(text, "\"protocolVersion\":\"2025-11-25\"") && session.state == SC_MCP_STATE_READY);
    text = ask(&server, &session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    CHECK(HAS(text, "\"two_rounds\"") && !HAS(text, "resultType") && !HAS(text, "ttlMs"));
    text = ask(&server, &session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
    CHECK(HAS(text, "\"result\":{}"));
    sc_mcp_session_free(&session);
}

int main(void)
{
    sc_arena_init(&arena, NULL);
    meta_rules();
    capabilities_and_logging();
    round_trips();
    subscriptions_and_sessions();
    sc_arena_release(&arena);
    printf("%s\n", failures == 0 ? "every check passed" : "some checks failed");
    return failures == 0 ? 0 : 1;
}
