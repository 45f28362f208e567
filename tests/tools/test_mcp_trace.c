/* The trace context and the access log of libschemac-mcp's core, through
 * sc_mcp_handle: sc_mcp_trace against the examples of W3C Trace Context
 * (section 3.2: valid, a later version with more fields, and each kind
 * of invalid value), tracestate and baggage from _meta, and one access
 * log line per message with its method, name, outcome (ok, a JSON-RPC
 * error's code, a tool's own error, a notification), duration and trace
 * id, quoted where a client's text would break the line; none when
 * access_log is off. The HTTP side (headers, subject, refusals) is
 * tests/mcp/oauth.mjs's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/mcp.h>

#include "check.h"

#define META                                                                                       \
    "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","                       \
    "\"io.modelcontextprotocol/clientCapabilities\":{}"

/* ---- a tool that reports its trace context ---------------------------------------- */

static char seen[3][1024];

static int invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                  unsigned flags, cJSON **result, sc_error *err)
{
    (void)binding, (void)args, (void)flags;
    *result = NULL;
    sc_mcp_context *ctx = sc_mcp_context_of(arena);
    static const char *const keys[] = {"traceparent", "tracestate", "baggage"};
    for (int i = 0; i < 3; i++) {
        const char *v = sc_mcp_trace(ctx, keys[i]);
        snprintf(seen[i], sizeof seen[i], "%s", v != NULL ? v : "(none)");
    }
    CHECK(sc_mcp_trace(ctx, "traceid") == NULL);
    if (cJSON_IsTrue(cJSON_GetObjectItem(args, "fail")))
        return sc_fail(err, SC_ERR_HANDLER, NULL, "the tool failed");
    *result = cJSON_CreateObject();
    return *result != NULL ? 0 : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

static const sc_tool tool = {
    .name = "traced",
    .description = "traced",
    .input_schema = "{\"type\":\"object\"}",
    .dialects =
        (const char *const[]){"{\"name\":\"traced\",\"inputSchema\":{\"type\":\"object\"}}"},
    .dialect_count = 1 /* SC_DIALECT_MCP */,
    .invoke = invoke};
static const sc_tool_binding binding = {&tool, NULL, NULL};

/* ---- the log ------------------------------------------------------------------------ */

static char lines[8][600];
static int line_count;
static bool control_seen; /* a control character in any line of the log */

/* Keeps the access log's lines (the log has others: a failed tool). */
static void keep_line(void *ctx, const char *line)
{
    (void)ctx;
    for (const char *p = line; *p != '\0'; p++)
        control_seen |= (unsigned char)*p < 0x20 || *p == 0x7F;
    if (strncmp(line, "access ", 7) != 0)
        return;
    if (line_count < 8)
        snprintf(lines[line_count], sizeof lines[0], "%s", line);
    line_count++;
}

static sc_arena arena;

static const char *handle(const sc_mcp_server *server, sc_mcp_session *session, const char *message)
{
    static sc_mcp_reply reply;
    sc_arena_reset(&arena);
    return sc_mcp_handle(server, session, &arena, message, strlen(message), &reply) == 0
               ? reply.text
               : NULL;
}

static void call_with_meta(const sc_mcp_server *server, const char *meta_extra)
{
    char message[4096];
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"traced\","
        "\"arguments\":{}," META "%s}}}",
        meta_extra);
    CHECK(HAS(handle(server, &session, message), "\"result\""));
}

/* W3C Trace Context 3.2's rules, each through a request's _meta. */
static void traceparent_rules(void)
{
    sc_mcp_server server = {.name = "t", .version = "1", .tools = &binding, .tool_count = 1};
    static const struct {
        const char *value;
        bool valid;
    } cases[] = {
        {"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", true},
        {"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00", true},
        {"cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-what-the-future-holds", true},
        {"cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", true},
        {"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-extra",
         false},                                                            /* 00 is 55 exactly */
        {"ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", false}, /* version ff */
        {"00-00000000000000000000000000000000-b7ad6b7169203331-01", false}, /* trace-id zero */
        {"00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01", false}, /* parent-id zero */
        {"00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01", false}, /* upper case */
        {"00-0af7651916cd43dd8448eb211c80319c-b7ad6b716920333-01", false},  /* short parent-id */
        {"00_0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", false}, /* separator */
        {"cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01x",
         false}, /* more, not after "-" */
        {"", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char meta[256];
        snprintf(meta, sizeof meta, ",\"traceparent\":\"%s\"", cases[i].value);
        call_with_meta(&server, meta);
        if (cases[i].valid != (strcmp(seen[0], cases[i].value) == 0)) {
            fprintf(stderr, "traceparent %s: %s, got %s\n", cases[i].value,
                    cases[i].valid ? "valid" : "invalid", seen[0]);
            failures++;
        }
    }
    call_with_meta(&server, "");
    CHECK(strcmp(seen[0], "(none)") == 0 && strcmp(seen[1], "(none)") == 0 &&
          strcmp(seen[2], "(none)") == 0);
    call_with_meta(&server, ",\"traceparent\":7");
    CHECK(strcmp(seen[0], "(none)") == 0);
}

static void tracestate_and_baggage(void)
{
    sc_mcp_server server = {.name = "t", .version = "1", .tools = &binding, .tool_count = 1};
    call_with_meta(&server, ",\"tracestate\":\"rojo=00f067aa0ba902b7,congo=t61rcWkgMzE\","
                            "\"baggage\":\"userId=alice,serverNode=DF%2028\"");
    CHECK(strcmp(seen[1], "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE") == 0);
    CHECK(strcmp(seen[2], "userId=alice,serverNode=DF%2028") == 0);
    /* not printable ASCII, or longer than W3C allows: not handed on */
    call_with_meta(&server, ",\"tracestate\":\"a=\\u0001\",\"baggage\":\"k=\\u00e9\"");
    CHECK(strcmp(seen[1], "(none)") == 0 && strcmp(seen[2], "(none)") == 0);
    char big[700] = ",\"tracestate\":\"";
    size_t at = strlen(big);
    memset(big + at, 'a', 520);
    strcpy(big + at + 520, "\"");
    call_with_meta(&server, big);
    CHECK(strcmp(seen[1], "(none)") == 0);
}

static void access_log(void)
{
    sc_mcp_server server = {.name = "t",
                            .version = "1",
                            .tools = &binding,
                            .tool_count = 1,
                            .log = keep_line,
                            .access_log = true};
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    line_count = 0;
    handle(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"traced\",\"arguments\":{}," META
        ",\"traceparent\":\"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\"}}}");
    handle(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"traced\","
        "\"arguments\":{\"fail\":true}," META "}}}");
    handle(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"no such\\ttool\","
        "\"arguments\":{}," META "}}}");
    handle(&server, &session,
           "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{}}");
    handle(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":\"a://x y\"," META
        "}}}");
    CHECK(line_count == 5);
    CHECK(HAS(lines[0], "access method=tools/call name=traced status=ok ms="));
    CHECK(HAS(lines[0], " trace_id=0af7651916cd43dd8448eb211c80319c"));
    CHECK(!HAS(lines[0], "subject=")); /* no OAuth here */
    CHECK(HAS(lines[1], "name=traced status=tool_error"));
    CHECK(HAS(lines[2], "name=\"no such\\u0009tool\" status=-32602"));
    CHECK(HAS(lines[3], "method=notifications/cancelled status=none"));
    CHECK(HAS(lines[4], "method=resources/read name=\"a://x y\" status=-32"));
    /* a client's text cannot break a line of the log, access or not */
    CHECK(!control_seen);

    server.access_log = false;
    line_count = 0;
    handle(
        &server, &session,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"traced\",\"arguments\":{}," META
        "}}}");
    CHECK(line_count == 0);
}

int main(void)
{
    sc_arena_init(&arena, NULL);
    traceparent_rules();
    tracestate_and_baggage();
    access_log();
    sc_arena_release(&arena);
    if (failures == 0)
        printf("trace context and access log: every check passed\n");
    return failures != 0;
}
