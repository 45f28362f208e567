/* requestState is single use (docs/deploy.md, "Several replicas"), through
 * sc_mcp_handle in the stateless revision (MCP 2026-07-28): a state
 * presented once is refused for as long as it is valid, however many
 * other states were presented since (more than 4,096: the ring the set
 * once was forgot the oldest); at the bound of the set
 * (sc_mcp_server.max_states) a new state is refused with an error that
 * says so, a used one is still refused, and room comes back as states
 * expire. Its own process: the set of used states is the process's. Run
 * under ASan+UBSan in build-asan like every test. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <schemac/mcp.h>

#include "check.h"

#define META                                                                                       \
    "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","                       \
    "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}"
#define ANSWER "\"inputResponses\":{\"input-0\":{\"action\":\"accept\",\"content\":{\"v\":\"x\"}}}"

/* One question (a round trip), then done. */
static int ask_once(sc_mcp_context *ctx, sc_error *err)
{
    static const char form[] = "{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"string\"}}}";
    sc_mcp_elicit_action action;
    const cJSON *answer;
    if (sc_mcp_elicit(ctx, "v?", form, 0, &action, &answer, err) != 0)
        return err->code;
    return sc_mcp_add_content(ctx, sc_mcp_text_content("answered"));
}

static int invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                  unsigned flags, cJSON **result, sc_error *err)
{
    (void)binding, (void)args, (void)flags;
    *result = NULL;
    sc_mcp_context *ctx = sc_mcp_context_of(arena);
    return ctx != NULL ? ask_once(ctx, err) : sc_fail(err, SC_ERR_HANDLER, NULL, "no context");
}

static const sc_tool tool = {
    .name = "ask_once",
    .description = "ask_once",
    .input_schema = "{\"type\":\"object\"}",
    .dialects =
        (const char *const[]){"{\"name\":\"ask_once\",\"inputSchema\":{\"type\":\"object\"}}"},
    .dialect_count = 1,
    .invoke = invoke};
static const sc_tool_binding binding = {&tool, NULL, NULL};
static const unsigned char key[32] = "a key of this test, 32 bytes...";

static sc_mcp_server server_with(unsigned ttl, size_t max_states)
{
    return (sc_mcp_server){.name = "t",
                           .version = "1",
                           .tools = &binding,
                           .tool_count = 1,
                           .state_key = key,
                           .state_key_len = sizeof key,
                           .state_ttl_seconds = ttl,
                           .max_states = max_states};
}

static sc_arena arena;
static sc_mcp_reply reply;

static const char *call(const sc_mcp_server *server, const char *extra)
{
    static char message[4096];
    sc_mcp_session session;
    sc_mcp_session_init(&session);
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"ask_once\","
        "\"arguments\":{}%s," META "}}",
        extra);
    sc_arena_reset(&arena);
    int rc = sc_mcp_handle_on(server, &session, &arena, message, strlen(message), NULL, &reply);
    sc_mcp_session_free(&session);
    return rc == 0 ? reply.text : NULL;
}

/* A fresh requestState of the tool (its first round), into buf. */
static const char *new_state(const sc_mcp_server *server, char buf[1024])
{
    cJSON *tree = cJSON_Parse(call(server, ""));
    const char *state = cJSON_GetStringValue(
        cJSON_GetObjectItem(cJSON_GetObjectItem(tree, "result"), "requestState"));
    snprintf(buf, 1024, "%s", state != NULL ? state : "");
    cJSON_Delete(tree);
    return buf;
}

/* The answer to the second round, with state. */
static const char *present(const sc_mcp_server *server, const char *state)
{
    char extra[2048];
    snprintf(extra, sizeof extra, "," ANSWER ",\"requestState\":\"%.1000s\"", state);
    return call(server, extra);
}

/* Whether state's second round completes (HAS reads its text twice). */
static bool answered(const sc_mcp_server *server, const char *state)
{
    const char *text = present(server, state);
    return HAS(text, "\"answered\"");
}

static bool refused_as_used(const sc_mcp_server *server, const char *state)
{
    const char *text = present(server, state);
    return HAS(text, "-32602") && HAS(text, "used before");
}

/* At the bound, a new state is refused (not a used one forgotten); room
 * comes back once states expire. Runs first, while the set is empty. */
static void bound(void)
{
    sc_mcp_server server = server_with(1, 8);
    char states[9][1024];
    for (int i = 0; i < 9; i++)
        CHECK(new_state(&server, states[i])[0] != '\0');
    for (int i = 0; i < 8; i++)
        CHECK(answered(&server, states[i]));
    const char *text = present(&server, states[8]);
    CHECK(HAS(text, "-32603") && HAS(text, "max_states") && HAS(text, "8 unexpired"));
    for (int i = 0; i < 8; i++)
        CHECK(refused_as_used(&server, states[i]));
    /* a second later they have expired: room again */
    struct timespec pause = {2, 200000000L};
    nanosleep(&pause, NULL);
    char fresh[1024];
    CHECK(answered(&server, new_state(&server, fresh)));
    CHECK(refused_as_used(&server, fresh));
}

/* A state used, then 4,096 and more others: the first is still refused. */
static void window(void)
{
    sc_mcp_server server = server_with(600, 0);
    char first[1024], other[1024];
    CHECK(answered(&server, new_state(&server, first)));
    int others = 0;
    for (int i = 0; i < 4200; i++)
        others += answered(&server, new_state(&server, other));
    CHECK(others == 4200);
    CHECK(refused_as_used(&server, first));
    CHECK(refused_as_used(&server, other));
}

int main(void)
{
    sc_arena_init(&arena, NULL);
    bound();
    window();
    sc_arena_release(&arena);
    printf("%s\n", failures == 0 ? "every check passed" : "some checks failed");
    return failures == 0 ? 0 : 1;
}
