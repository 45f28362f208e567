/* The tasks extension (io.modelcontextprotocol/tasks) in libschemac-mcp's
 * core, through sc_mcp_handle: who gets a task (the extension declared,
 * @task optional, required or explicit), the CreateTaskResult, tasks/get
 * through every status (working with a statusMessage, input_required with
 * its inputRequests, completed, failed, cancelled), tasks/update (partial,
 * ignored keys, the handler run again with every answer), tasks/cancel of
 * a running, a waiting and a finished task, the errors (-32021 with its
 * data, unknown task ids, max_tasks), expiry after task_ttl_ms,
 * notifications/tasks on a subscription, sc_mcp_tasks_stop, and the same
 * handlers answering in a 2025 session. Run under ASan+UBSan in
 * build-asan like every test: the handlers run on the library's threads. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <schemac/mcp.h>

#include "check.h"

#define CAPS_TASKS "{\"elicitation\":{},\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}"
#define CAPS_PLAIN "{\"elicitation\":{}}"

/* ---- the tools --------------------------------------------------------------------- */

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int text(sc_mcp_context *ctx, const char *message)
{
    return sc_mcp_add_content(ctx, sc_mcp_text_content(message));
}

/* Works "tenths" tenths of a second (its argument), saying how far it got. */
static int sleeper(sc_mcp_context *ctx, const cJSON *args, sc_error *err)
{
    int tenths = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(args, "tenths"));
    for (int i = 0; i < tenths; i++) {
        if (sc_mcp_cancelled(ctx))
            return sc_fail(err, SC_ERR_HANDLER, NULL, "cancelled");
        sc_mcp_progress(ctx, i, tenths, NULL);
        sleep_ms(100);
    }
    return text(ctx, "slept");
}

static const char form[] = "{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"string\"}}}";

static const char *answer_of(sc_mcp_elicit_action action, const cJSON *content)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItem(content, "v"));
    return action == SC_MCP_ELICIT_ACCEPT && v != NULL ? v : "-";
}

/* Two questions at once (keys a and b), then "a=A b=B". */
static int asker(sc_mcp_context *ctx, const cJSON *args, sc_error *err)
{
    sc_mcp_elicit_action action_a, action_b;
    const cJSON *a, *b;
    sc_error later;
    (void)args;
    sc_error_clear(&later);
    sc_mcp_input_key(ctx, "a");
    int rc = sc_mcp_elicit(ctx, "a?", form, 0, &action_a, &a, err);
    sc_mcp_input_key(ctx, "b");
    int next = sc_mcp_elicit(ctx, "b?", form, 0, &action_b, &b, rc == 0 ? err : &later);
    if ((rc = rc != 0 ? rc : next) != 0)
        return rc;
    char message[128];
    snprintf(message, sizeof message, "a=%s b=%s", answer_of(action_a, a), answer_of(action_b, b));
    return text(ctx, message);
}

/* The name in the call's own round trip, then the task. */
static int explicit_task(sc_mcp_context *ctx, const cJSON *args, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *name;
    (void)args;
    sc_mcp_input_key(ctx, "name");
    if (sc_mcp_elicit(ctx, "name?", form, 0, &action, &name, err) != 0 ||
        sc_mcp_task_begin(ctx, err) != 0)
        return err->code;
    char message[128];
    snprintf(message, sizeof message, "hi %s", answer_of(action, name));
    return text(ctx, message);
}

static int done(sc_mcp_context *ctx, const cJSON *args, sc_error *err)
{
    (void)args;
    /* sc_mcp_task_begin where no task may start: the handler goes on */
    return sc_mcp_task_begin(ctx, err) != 0 ? err->code : text(ctx, "done");
}

static int broken(sc_mcp_context *ctx, const cJSON *args, sc_error *err)
{
    (void)args;
    return sc_mcp_fail_call(ctx, -32000, err, "broken: %s", "the request fails");
}

static int tool_error(sc_mcp_context *ctx, const cJSON *args, sc_error *err)
{
    (void)ctx, (void)args;
    return sc_fail(err, SC_ERR_HANDLER, NULL, "the tool failed");
}

typedef int (*handler)(sc_mcp_context *ctx, const cJSON *args, sc_error *err);

static int invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                  unsigned flags, cJSON **result, sc_error *err)
{
    (void)flags;
    *result = NULL;
    sc_mcp_context *ctx = sc_mcp_context_of(arena);
    return ctx != NULL ? ((handler)binding->handler)(ctx, args, err)
                       : sc_fail(err, SC_ERR_HANDLER, NULL, "no context");
}

#define TOOL(NAME, TASK, EXPLICIT)                                                                 \
    {                                                                                              \
        .name = NAME, .description = NAME, .input_schema = "{\"type\":\"object\"}",                \
        .dialects = (const char *const[]){"{\"name\":\"" NAME                                      \
                                          "\",\"inputSchema\":{\"type\":\"object\"}}"},            \
        .dialect_count = 1 /* SC_DIALECT_MCP */, .invoke = invoke, .task = TASK,                   \
        .task_explicit = EXPLICIT                                                                  \
    }

static const sc_tool tools[] = {
    TOOL("sleeper", SC_TASK_OPTIONAL, false), TOOL("asker", SC_TASK_OPTIONAL, false),
    TOOL("explicit", SC_TASK_REQUIRED, true), TOOL("required", SC_TASK_REQUIRED, false),
    TOOL("broken", SC_TASK_OPTIONAL, false),  TOOL("tool_error", SC_TASK_OPTIONAL, false),
    TOOL("plain", SC_TASK_NONE, false),
};
static const handler handlers[] = {sleeper, asker, explicit_task, done, broken, tool_error, done};
#define TOOL_COUNT (sizeof tools / sizeof tools[0])
static sc_tool_binding bindings[TOOL_COUNT];

/* ---- the exchange ---------------------------------------------------------------------- */

/* What the server sent outside replies (notifications), from any thread. */
static pthread_mutex_t sent_lock = PTHREAD_MUTEX_INITIALIZER;
static char sent[16][2048];
static int sent_count;

static int keep(void *ctx, const char *json, size_t len)
{
    (void)ctx;
    pthread_mutex_lock(&sent_lock);
    if (sent_count < 16)
        snprintf(sent[sent_count], sizeof sent[0], "%.*s", (int)len, json);
    sent_count++;
    pthread_mutex_unlock(&sent_lock);
    return 0;
}

static sc_arena arena;
static sc_mcp_reply reply;
static char last[8192];

/* One request of a stateless client with capabilities caps; the reply
 * copied into last. */
static const char *ask(const sc_mcp_server *server, const char *method, const char *params,
                       const char *caps)
{
    char message[4096];
    snprintf(message, sizeof message,
             "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"%s\",\"params\":{%s%s\"_meta\":{"
             "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
             "\"io.modelcontextprotocol/clientCapabilities\":%s}}}",
             method, params, params[0] != '\0' ? "," : "", caps);
    sc_mcp_session session;
    sc_mcp_channel channel = {keep, NULL, NULL, NULL};
    sc_mcp_session_init(&session);
    sc_arena_reset(&arena);
    int rc = sc_mcp_handle_on(server, &session, &arena, message, strlen(message), &channel, &reply);
    snprintf(last, sizeof last, "%s", rc == 0 && reply.text != NULL ? reply.text : "");
    sc_mcp_session_free(&session);
    return last;
}

/* tools/call of tool with args (the members of its arguments) and more
 * params (a retry's inputResponses, or ""). */
static const char *call_with(const sc_mcp_server *server, const char *tool, const char *args,
                             const char *more, const char *caps)
{
    char params[2048];
    snprintf(params, sizeof params, "\"name\":\"%s\",\"arguments\":{%s}%s", tool, args, more);
    return ask(server, "tools/call", params, caps);
}

static const char *call(const sc_mcp_server *server, const char *tool, const char *args,
                        const char *caps)
{
    return call_with(server, tool, args, "", caps);
}

/* The taskId of a CreateTaskResult in last, copied into id. */
static const char *task_id(char id[64])
{
    cJSON *tree = cJSON_Parse(last);
    const char *value =
        cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(tree, "result"), "taskId"));
    snprintf(id, 64, "%s", value != NULL ? value : "");
    cJSON_Delete(tree);
    return id;
}

static const char *get(const sc_mcp_server *server, const char *id)
{
    char params[128];
    snprintf(params, sizeof params, "\"taskId\":\"%s\"", id);
    return ask(server, "tasks/get", params, CAPS_TASKS);
}

/* tasks/get until the status is status (at most 5 s). */
static const char *poll_until(const sc_mcp_server *server, const char *id, const char *status)
{
    char want[64];
    snprintf(want, sizeof want, "\"status\":\"%s\"", status);
    for (int i = 0; i < 250 && !HAS(get(server, id), want); i++)
        sleep_ms(20);
    return last;
}

static const char *update(const sc_mcp_server *server, const char *id, const char *responses)
{
    char params[1024];
    snprintf(params, sizeof params, "\"taskId\":\"%s\",\"inputResponses\":%s", id, responses);
    return ask(server, "tasks/update", params, CAPS_TASKS);
}

static const char *cancel(const sc_mcp_server *server, const char *id)
{
    char params[128];
    snprintf(params, sizeof params, "\"taskId\":\"%s\"", id);
    return ask(server, "tasks/cancel", params, CAPS_TASKS);
}

static sc_mcp_server server_with(unsigned ttl_ms, size_t max_tasks)
{
    sc_mcp_server server = {.name = "t",
                            .version = "1",
                            .tools = bindings,
                            .tool_count = TOOL_COUNT,
                            .task_ttl_ms = ttl_ms,
                            .max_tasks = max_tasks};
    return server;
}

/* ---- the checks ------------------------------------------------------------------------- */

static void who_gets_a_task(void)
{
    sc_mcp_server server = server_with(0, 0);
    char id[64];
    /* discover announces the extension; a server without @task tools does not */
    CHECK(HAS(ask(&server, "server/discover", "", CAPS_PLAIN),
              "\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}"));
    sc_mcp_server none = {
        .name = "n", .version = "1", .tools = bindings + TOOL_COUNT - 1, .tool_count = 1};
    CHECK(!HAS(ask(&none, "server/discover", "", CAPS_PLAIN), "extensions"));
    /* without the extension: optional tools answer in the call, required ones are refused */
    CHECK(HAS(call(&server, "sleeper", "\"tenths\":1", CAPS_PLAIN), "\"slept\"") &&
          !HAS(last, "taskId") && HAS(last, "\"resultType\":\"complete\""));
    CHECK(
        HAS(call(&server, "required", "", CAPS_PLAIN), "\"code\":-32021") &&
        HAS(last,
            "\"data\":{\"requiredCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}") &&
        reply.http_status == 400);
    CHECK(HAS(ask(&server, "tasks/get", "\"taskId\":\"x\"", CAPS_PLAIN), "-32021") &&
          reply.http_status == 400);
    CHECK(HAS(
        ask(&server, "subscriptions/listen", "\"notifications\":{\"taskIds\":[\"x\"]}", CAPS_PLAIN),
        "-32021"));
    /* with it: a task, whose CreateTaskResult carries the Task's fields only */
    call(&server, "sleeper", "\"tenths\":3", CAPS_TASKS);
    CHECK(HAS(last, "\"resultType\":\"task\"") && HAS(last, "\"status\":\"working\"") &&
          HAS(last, "\"ttlMs\":3600000") && HAS(last, "\"pollIntervalMs\":") &&
          HAS(last, "\"createdAt\":\"20") && HAS(last, "Z\",\"lastUpdatedAt\"") &&
          !HAS(last, "requestState") && !HAS(last, "\"result\":{\"content"));
    CHECK(strlen(task_id(id)) == 32);
    CHECK(HAS(get(&server, id), "\"resultType\":\"complete\"") && HAS(last, id));
    CHECK(HAS(poll_until(&server, id, "completed"),
              "\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"slept\"}]") &&
          HAS(last, "\"statusMessage\":\"2 of 3\""));
    /* a tool without @task: sc_mcp_task_begin lets it go on */
    CHECK(HAS(call(&server, "plain", "", CAPS_TASKS), "\"done\"") && !HAS(last, "taskId"));
    /* a tool error completes the task with isError; a call error fails it */
    call(&server, "tool_error", "", CAPS_TASKS);
    CHECK(HAS(poll_until(&server, task_id(id), "completed"), "\"isError\":true"));
    call(&server, "broken", "", CAPS_TASKS);
    CHECK(HAS(poll_until(&server, task_id(id), "failed"),
              "\"error\":{\"code\":-32000,\"message\":\"broken: the request fails\"}") &&
          !HAS(last, "\"result\":{\"content"));
    /* without a task the same handler's error is the response's */
    CHECK(HAS(call(&server, "broken", "", CAPS_PLAIN), "\"error\":{\"code\":-32000"));
    /* unknown and missing task ids */
    CHECK(HAS(get(&server, "0123"), "-32602"));
    CHECK(HAS(ask(&server, "tasks/cancel", "", CAPS_TASKS), "-32602"));
    CHECK(HAS(ask(&server, "tasks/update", "\"taskId\":\"0123\",\"inputResponses\":{}", CAPS_TASKS),
              "-32602"));
    /* tasks/list and tasks/result are no methods of the extension */
    CHECK(HAS(ask(&server, "tasks/list", "", CAPS_TASKS), "-32601") && reply.http_status == 404);
    sc_mcp_tasks_stop(&server);
}

static void questions(void)
{
    sc_mcp_server server = server_with(0, 0);
    char id[64];
    call(&server, "asker", "", CAPS_TASKS);
    task_id(id);
    /* both questions at once */
    CHECK(HAS(poll_until(&server, id, "input_required"),
              "\"inputRequests\":{\"a\":{\"method\":\"elicitation/create\"") &&
          HAS(last, "\"b\":{\"method\":\"elicitation/create\""));
    /* a partial answer (and one to no open question, ignored): b stays open */
    CHECK(HAS(
        update(&server, id, "{\"a\":{\"action\":\"accept\",\"content\":{\"v\":\"A\"}},\"zz\":{}}"),
        "\"result\":{\"resultType\":\"complete\""));
    CHECK(HAS(get(&server, id), "\"status\":\"input_required\"") && HAS(last, "\"b\":{") &&
          !HAS(last, "\"a\":{"));
    /* the second: the handler runs again with both answers */
    CHECK(HAS(update(&server, id, "{\"b\":{\"action\":\"accept\",\"content\":{\"v\":\"B\"}}}"),
              "\"resultType\":\"complete\""));
    CHECK(HAS(poll_until(&server, id, "completed"), "a=A b=B"));
    /* tasks/update needs an object of answers */
    CHECK(HAS(update(&server, id, "[]"), "-32602"));
    /* a question the client cannot answer (no elicitation): the task fails with -32021 */
    call(&server, "asker", "", "{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}");
    CHECK(HAS(poll_until(&server, task_id(id), "failed"), "-32021"));
    /* explicit: the name as the call's round trip, no task yet; then the task */
    CHECK(HAS(call(&server, "explicit", "", CAPS_TASKS), "\"resultType\":\"input_required\"") &&
          !HAS(last, "taskId"));
    CHECK(
        HAS(call_with(
                &server, "explicit", "",
                ",\"inputResponses\":{\"name\":{\"action\":\"accept\",\"content\":{\"v\":\"Al\"}}}",
                CAPS_TASKS),
            "\"resultType\":\"task\"") &&
        !HAS(last, "requestState") && !HAS(last, "inputRequests"));
    CHECK(HAS(poll_until(&server, task_id(id), "completed"), "hi Al"));
    sc_mcp_tasks_stop(&server);
}

static void cancellation_and_bounds(void)
{
    sc_mcp_server server = server_with(0, 0);
    char running[64], waiting[64], finished[64];
    call(&server, "sleeper", "\"tenths\":600", CAPS_TASKS);
    task_id(running);
    call(&server, "asker", "", CAPS_TASKS);
    task_id(waiting);
    call(&server, "required", "", CAPS_TASKS);
    task_id(finished);
    poll_until(&server, waiting, "input_required");
    poll_until(&server, finished, "completed");
    /* every cancel is acknowledged with an empty result */
    CHECK(HAS(cancel(&server, running), "\"result\":{\"resultType\":\"complete\"") &&
          !HAS(last, "taskId"));
    CHECK(HAS(poll_until(&server, running, "cancelled"), "\"status\":\"cancelled\"") &&
          !HAS(last, "\"result\":{\"content"));
    CHECK(HAS(cancel(&server, waiting), "\"resultType\":\"complete\""));
    CHECK(HAS(get(&server, waiting), "\"status\":\"cancelled\"") && !HAS(last, "inputRequests"));
    CHECK(HAS(cancel(&server, finished), "\"resultType\":\"complete\""));
    CHECK(HAS(get(&server, finished), "\"status\":\"completed\""));
    sc_mcp_tasks_stop(&server);
    CHECK(HAS(get(&server, finished), "-32602")); /* stop forgot them */

    /* max_tasks: the third of two is refused; expired ones make room */
    sc_mcp_server small = server_with(300, 2);
    call(&small, "required", "", CAPS_TASKS);
    task_id(finished);
    call(&small, "required", "", CAPS_TASKS);
    CHECK(HAS(call(&small, "required", "", CAPS_TASKS), "-32603") && HAS(last, "max_tasks"));
    CHECK(HAS(get(&small, finished), "\"ttlMs\":300"));
    sleep_ms(400);
    CHECK(HAS(get(&small, finished), "-32602")); /* expired */
    CHECK(HAS(call(&small, "required", "", CAPS_TASKS), "\"resultType\":\"task\""));
    /* stop cancels a running task and waits for its handler */
    call(&small, "sleeper", "\"tenths\":600", CAPS_TASKS);
    sc_mcp_tasks_stop(&small);
    CHECK(HAS(get(&small, task_id(running)), "-32602"));
}

static void notifications(void)
{
    sc_mcp_server server = server_with(0, 0);
    sc_mcp_session session;
    sc_mcp_channel channel = {keep, NULL, NULL,
                              NULL}; /* shared (no open): the subscription stays */
    char id[64], message[1024];
    call(&server, "asker", "", CAPS_TASKS);
    task_id(id);
    poll_until(&server, id, "input_required");
    sc_mcp_session_init(&session);
    snprintf(
        message, sizeof message,
        "{\"jsonrpc\":\"2.0\",\"id\":\"sub\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":{"
        "\"taskIds\":[\"%s\",\"0000\"]},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
        "\"io.modelcontextprotocol/clientCapabilities\":" CAPS_TASKS "}}}",
        id);
    sent_count = 0;
    sc_arena_reset(&arena);
    CHECK(sc_mcp_handle_on(&server, &session, &arena, message, strlen(message), &channel, &reply) ==
              0 &&
          reply.text == NULL);
    char ack[128];
    snprintf(ack, sizeof ack, "\"taskIds\":[\"%s\"]", id); /* only the task that exists */
    CHECK(sent_count == 1 && HAS(sent[0], "notifications/subscriptions/acknowledged") &&
          HAS(sent[0], ack));
    update(&server, id, "{\"a\":{\"action\":\"decline\"},\"b\":{\"action\":\"decline\"}}");
    poll_until(&server, id, "completed");
    pthread_mutex_lock(&sent_lock);
    /* working (the answers), then completed with its result, each tagged */
    CHECK(sent_count >= 3 && HAS(sent[1], "\"method\":\"notifications/tasks\"") &&
          HAS(sent[1], "\"status\":\"working\"") &&
          HAS(sent[sent_count - 1], "\"status\":\"completed\"") &&
          HAS(sent[sent_count - 1], "a=- b=-") &&
          HAS(sent[sent_count - 1], "\"io.modelcontextprotocol/subscriptionId\":\"sub\""));
    pthread_mutex_unlock(&sent_lock);
    sc_mcp_session_free(&session);
    sc_mcp_tasks_stop(&server);
}

static void a_2025_session(void)
{
    sc_mcp_server server = server_with(0, 0);
    sc_mcp_session session;
    sc_mcp_channel channel = {keep, NULL, NULL, NULL};
    sc_mcp_session_init(&session);
    static const char *const messages[] = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
        "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"0\"}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"required\",\"arguments\":{}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"sleeper\",\"arguments\":{"
        "\"tenths\":1}}}",
    };
    const char *replies[3];
    for (size_t i = 0; i < 3; i++) {
        sc_arena_reset(&arena);
        CHECK(sc_mcp_handle_on(&server, &session, &arena, messages[i], strlen(messages[i]),
                               &channel, &reply) == 0);
        snprintf(last, sizeof last, "%s", reply.text != NULL ? reply.text : "");
        replies[i] = HAS(last, "\"done\"") ? "done" : HAS(last, "\"slept\"") ? "slept" : "";
    }
    /* the same handlers answer in the call: no task in a 2025 session */
    CHECK(strcmp(replies[1], "done") == 0 && strcmp(replies[2], "slept") == 0);
    sc_mcp_session_free(&session);
}

int main(void)
{
    for (size_t i = 0; i < TOOL_COUNT; i++)
        bindings[i] = (sc_tool_binding){&tools[i], (sc_handler)handlers[i], NULL};
    sc_arena_init(&arena, NULL);
    who_gets_a_task();
    questions();
    cancellation_and_bounds();
    notifications();
    a_2025_session();
    sc_arena_release(&arena);
    printf("%s\n", failures == 0 ? "every check passed" : "some checks failed");
    return failures == 0 ? 0 : 1;
}
