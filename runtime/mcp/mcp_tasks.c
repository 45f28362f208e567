/* Tasks: MCP's io.modelcontextprotocol/tasks extension (SEP-2663), for
 * the stateless revisions. A tools/call of a tool marked @task, from a
 * client that declared the extension in its request's capabilities, is
 * answered at once with a CreateTaskResult (resultType "task", the task's
 * id and status); its handler runs on a thread of its own and the client
 * polls tasks/get until the task is completed (the call's result), failed
 * (a JSON-RPC error) or cancelled (tasks/cancel).
 *
 * A question the handler asks (elicitation, sampling, roots) works as a
 * stateless call's round trip does (mcp_mrtr.c): the run ends, the task
 * is input_required with the questions as its inputRequests, and once
 * tasks/update has brought an answer for each, the handler runs again
 * from its start with every answer so far, each answered question
 * returning its answer at once. So a handler is written once for every
 * era, and no thread waits on a client for minutes; the price is that the
 * work before the last question runs again (docs/mcp.md).
 *
 * The tasks of every server live in one list here, so that tasks/get can
 * come on any connection: an id is 128 random bits, which only its
 * creator learns (the extension's model: tasks are not bound to a caller,
 * the id is). A task is forgotten task_ttl_ms after it was created
 * (expired ones go whenever the list is used), and max_tasks bounds how
 * many exist at once.
 *
 * Locks: this file's lock comes before the subscriptions' (a status change
 * is sent to listeners with it held), never after. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, gmtime_r */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "mcp_internal.h"
#include "schemac/schemac.h"

#define DEFAULT_TTL_MS 3600000u
#define DEFAULT_MAX_TASKS 256
#define POLL_INTERVAL_MS 500 /* pollIntervalMs: the client's pace */

typedef enum task_status { WORKING = 0, INPUT_REQUIRED, COMPLETED, FAILED, CANCELLED } task_status;

static const char *const status_names[] = {"working", "input_required", "completed", "failed",
                                           "cancelled"};

struct sc_mcp_task {
    struct sc_mcp_task *next;
    const sc_mcp_server *server;
    char id[33]; /* 128 random bits in hex */
    task_status status;
    char *message; /* statusMessage (malloc), or NULL */
    long long created_ms, updated_ms, expires_ms;
    /* what each run of the handler gets: set at creation, read only after */
    cJSON *params;       /* the tools/call's params (owned) */
    cJSON *capabilities; /* the client's capabilities (owned) */
    char version[16];    /* the revision of the call */
    cJSON *answers;      /* every answer so far, by key (owned), or NULL */
    cJSON *requests;     /* input_required: the questions still open (owned) */
    cJSON *outcome;      /* completed: the result; failed: the error (owned) */
    bool cancel;         /* tasks/cancel came while the handler ran */
    bool running;        /* a thread runs the handler */
};

static struct {
    pthread_mutex_t lock;
    pthread_cond_t ended; /* a run ended */
    struct sc_mcp_task *list;
} tasks = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ISO 8601 in UTC with milliseconds: 2026-07-28T10:30:00.000Z */
static void iso8601(long long ms, char out[32])
{
    time_t seconds = (time_t)(ms / 1000);
    struct tm tm;
    gmtime_r(&seconds, &tm);
    size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 32 - n, ".%03dZ", (int)(ms % 1000));
}

static bool terminal(task_status status)
{
    return status == COMPLETED || status == FAILED || status == CANCELLED;
}

static void task_free(struct sc_mcp_task *t)
{
    free(t->message);
    cJSON_Delete(t->params);
    cJSON_Delete(t->capabilities);
    cJSON_Delete(t->answers);
    cJSON_Delete(t->requests);
    cJSON_Delete(t->outcome);
    free(t);
}

/* Forgets the expired tasks of server that no thread runs; lock held. */
static void expire(const sc_mcp_server *server, long long now)
{
    for (struct sc_mcp_task **p = &tasks.list; *p != NULL;) {
        struct sc_mcp_task *t = *p;
        if (t->server == server && !t->running && t->expires_ms <= now) {
            *p = t->next;
            task_free(t);
        } else {
            p = &t->next;
        }
    }
}

/* The task of server with id, or NULL; lock held. */
static struct sc_mcp_task *find(const sc_mcp_server *server, const char *id)
{
    expire(server, now_ms());
    for (struct sc_mcp_task *t = tasks.list; t != NULL && id != NULL; t = t->next)
        if (t->server == server && strcmp(t->id, id) == 0)
            return t;
    return NULL;
}

static size_t count(const sc_mcp_server *server)
{
    size_t n = 0;
    for (const struct sc_mcp_task *t = tasks.list; t != NULL; t = t->next)
        n += t->server == server;
    return n;
}

/* The task as the extension shows it: its Task fields, and with detail
 * those of its status (inputRequests, result, error), as tasks/get and
 * notifications/tasks do. NULL when memory runs out; lock held. */
static cJSON *task_json(const struct sc_mcp_task *t, bool detail)
{
    char created[32], updated[32];
    iso8601(t->created_ms, created);
    iso8601(t->updated_ms, updated);
    cJSON *out = cJSON_CreateObject();
    bool ok =
        out != NULL && cJSON_AddStringToObject(out, "taskId", t->id) != NULL &&
        cJSON_AddStringToObject(out, "status", status_names[t->status]) != NULL &&
        (t->message == NULL || cJSON_AddStringToObject(out, "statusMessage", t->message) != NULL) &&
        cJSON_AddStringToObject(out, "createdAt", created) != NULL &&
        cJSON_AddStringToObject(out, "lastUpdatedAt", updated) != NULL &&
        cJSON_AddNumberToObject(out, "ttlMs", (double)(t->expires_ms - t->created_ms)) != NULL &&
        cJSON_AddNumberToObject(out, "pollIntervalMs", POLL_INTERVAL_MS) != NULL;
    const char *field = !detail                       ? NULL
                        : t->status == INPUT_REQUIRED ? "inputRequests"
                        : t->status == COMPLETED      ? "result"
                        : t->status == FAILED         ? "error"
                                                      : NULL;
    const cJSON *value = t->status == INPUT_REQUIRED ? t->requests : t->outcome;
    if (ok && field != NULL && value != NULL) {
        cJSON *copy = cJSON_Duplicate(value, true);
        ok = copy != NULL && cJSON_AddItemToObject(out, field, copy);
        if (!ok)
            cJSON_Delete(copy);
    }
    if (!ok) {
        cJSON_Delete(out);
        return NULL;
    }
    return out;
}

/* The task's status changed: listeners hear of it; lock held. */
static void changed(struct sc_mcp_task *t)
{
    t->updated_ms = now_ms();
    cJSON *snapshot = task_json(t, true);
    if (snapshot != NULL)
        sc_mcp_notify_task(t->server, t->id, snapshot);
    cJSON_Delete(snapshot);
}

/* {"code": code, "message": message}: a failed task's error. */
static cJSON *error_object(int code, const char *message)
{
    cJSON *error = cJSON_CreateObject();
    if (error == NULL || cJSON_AddNumberToObject(error, "code", code) == NULL ||
        cJSON_AddStringToObject(error, "message", message) == NULL) {
        cJSON_Delete(error);
        return NULL;
    }
    return error;
}

static void fail(struct sc_mcp_task *t, int code, const char *message)
{
    cJSON_Delete(t->outcome);
    t->outcome = error_object(code, message);
    t->status = FAILED;
}

/* ---- a run of the handler ------------------------------------------------------- */

/* Where a run ended, into the task; lock held. */
static void settle(struct sc_mcp_task *t, sc_mcp_context *ctx, cJSON *response)
{
    cJSON *error = cJSON_DetachItemFromObjectCaseSensitive(response, "error");
    cJSON *result = cJSON_DetachItemFromObjectCaseSensitive(response, "result");
    if (t->cancel) {
        t->status = CANCELLED; /* what the handler returned is dropped */
    } else if (response == NULL) {
        fail(t, SC_MCP_INTERNAL_ERROR, "out of memory");
    } else if (ctx->rounds.missing != NULL) {
        char message[128];
        snprintf(message, sizeof message, "missing required client capability: %s",
                 ctx->rounds.missing);
        fail(t, SC_MCP_MISSING_CAPABILITY, message);
    } else if (ctx->rounds.requests != NULL) {
        /* questions: the run's answers (earlier ones and this run's) stay */
        cJSON_Delete(t->answers);
        t->answers = ctx->rounds.answers;
        t->requests = ctx->rounds.requests;
        ctx->rounds.answers = ctx->rounds.requests = NULL;
        t->status = INPUT_REQUIRED;
    } else if (error != NULL) {
        cJSON_Delete(t->outcome);
        t->outcome = error;
        error = NULL;
        t->status = FAILED;
    } else if (result == NULL) {
        fail(t, SC_MCP_INTERNAL_ERROR, "out of memory");
    } else if (!cJSON_HasObjectItem(result, "resultType") &&
               !cJSON_AddStringToObject(result, "resultType", "complete")) {
        fail(t, SC_MCP_INTERNAL_ERROR, "out of memory");
    } else {
        /* the call's result as the call would have answered it, resultType
         * included (the official client, ext-tasks, decodes it as such) */
        cJSON_Delete(t->outcome);
        t->outcome = result;
        result = NULL;
        t->status = COMPLETED;
    }
    cJSON_Delete(error);
    cJSON_Delete(result);
    t->running = false;
    changed(t);
    pthread_cond_broadcast(&tasks.ended);
}

static void *run(void *arg)
{
    struct sc_mcp_task *t = arg;
    const sc_mcp_server *server = t->server;
    sc_arena arena;
    sc_mcp_session session;
    sc_mcp_context ctx;
    sc_arena_init(&arena, NULL);
    if (server->limits != NULL)
        sc_arena_set_limits(&arena, server->limits);
    sc_mcp_session_init(&session);
    session.state = SC_MCP_STATE_STATELESS;
    cJSON *response = NULL;
    if (sc_mcp_context_begin(&ctx, server, &session, &arena, NULL, NULL, t->params) == 0) {
        ctx.stateless = true;
        ctx.request.version = t->version;
        ctx.request.client_capabilities = t->capabilities;
        ctx.request.level = SC_MCP_NO_LEVEL; /* no notifications/message from a task */
        ctx.rounds.allowed = true;
        ctx.task = t;
        pthread_mutex_lock(&tasks.lock);
        ctx.rounds.answers = t->answers != NULL ? cJSON_Duplicate(t->answers, true) : NULL;
        bool copied = t->answers == NULL || ctx.rounds.answers != NULL;
        pthread_mutex_unlock(&tasks.lock);
        cJSON *id = cJSON_CreateNumber(0);
        response = copied && id != NULL ? sc_mcp_tools_call(&ctx, id, t->params) : NULL;
        cJSON_Delete(id);
        pthread_mutex_lock(&tasks.lock);
        settle(t, &ctx, response); /* t is not ours after this */
        pthread_mutex_unlock(&tasks.lock);
        sc_mcp_rounds_end(&ctx);
        sc_mcp_context_end(&ctx);
    } else {
        pthread_mutex_lock(&tasks.lock);
        settle(t, &(sc_mcp_context){0}, NULL);
        pthread_mutex_unlock(&tasks.lock);
    }
    cJSON_Delete(response);
    sc_mcp_session_free(&session);
    sc_arena_release(&arena);
    return NULL;
}

/* Starts a run of t's handler on a thread of its own; lock held. */
static void start(struct sc_mcp_task *t)
{
    pthread_attr_t attr;
    pthread_t thread;
    t->running = true;
    t->status = WORKING;
    bool started = pthread_attr_init(&attr) == 0;
    if (started) {
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        started = pthread_create(&thread, &attr, run, t) == 0;
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        t->running = false;
        fail(t, SC_MCP_INTERNAL_ERROR, "no thread could be started for the task");
    }
}

/* ---- the methods ------------------------------------------------------------------ */

bool sc_mcp_client_has_tasks(const sc_mcp_context *ctx)
{
    const cJSON *extensions =
        cJSON_GetObjectItemCaseSensitive(ctx->request.client_capabilities, "extensions");
    return ctx->stateless &&
           cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(extensions, SC_MCP_TASKS_EXTENSION));
}

bool sc_mcp_server_has_tasks(const sc_mcp_server *server)
{
    for (size_t i = 0; i < server->tool_count; i++)
        if (server->tools[i].tool->task != SC_TASK_NONE)
            return true;
    return false;
}

cJSON *sc_mcp_tasks_required(const cJSON *id)
{
    cJSON *data = cJSON_CreateObject();
    cJSON *extensions = cJSON_AddObjectToObject(
        cJSON_AddObjectToObject(data, "requiredCapabilities"), "extensions");
    if (extensions == NULL || cJSON_AddObjectToObject(extensions, SC_MCP_TASKS_EXTENSION) == NULL) {
        cJSON_Delete(data);
        return NULL;
    }
    return sc_mcp_error_response(id, SC_MCP_MISSING_CAPABILITY, data,
                                 "missing required client capability: extensions.%s",
                                 SC_MCP_TASKS_EXTENSION);
}

int sc_mcp_task_create(sc_mcp_context *ctx, const cJSON *params, cJSON **result, sc_error *err)
{
    const sc_mcp_server *server = ctx->server;
    size_t max = server->max_tasks > 0 ? server->max_tasks : DEFAULT_MAX_TASKS;
    unsigned char raw[16];
    struct sc_mcp_task *t = calloc(1, sizeof *t);
    *result = NULL;
    if (t == NULL || getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw ||
        (t->params = cJSON_Duplicate(params, true)) == NULL ||
        (t->capabilities = cJSON_Duplicate(ctx->request.client_capabilities, true)) == NULL ||
        (ctx->rounds.answers != NULL &&
         (t->answers = cJSON_Duplicate(ctx->rounds.answers, true)) == NULL)) {
        if (t != NULL)
            task_free(t);
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        return SC_MCP_INTERNAL_ERROR;
    }
    /* the retry that made it carried the round trips' fields: not the task's */
    cJSON_DeleteItemFromObjectCaseSensitive(t->params, "inputResponses");
    cJSON_DeleteItemFromObjectCaseSensitive(t->params, "requestState");
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(t->id + 2 * i, 3, "%02x", raw[i]);
    snprintf(t->version, sizeof t->version, "%s", ctx->request.version);
    t->server = server;
    t->created_ms = t->updated_ms = now_ms();
    t->expires_ms =
        t->created_ms + (server->task_ttl_ms > 0 ? server->task_ttl_ms : DEFAULT_TTL_MS);

    pthread_mutex_lock(&tasks.lock);
    expire(server, t->created_ms);
    if (count(server) >= max) {
        pthread_mutex_unlock(&tasks.lock);
        task_free(t);
        sc_fail(err, SC_ERR_LIMIT, NULL,
                "the server has %zu tasks, its limit (max_tasks): try again later", max);
        return SC_MCP_INTERNAL_ERROR;
    }
    t->next = tasks.list;
    tasks.list = t;
    start(t);
    /* a CreateTaskResult: the Task's fields at the top, never its result */
    cJSON *created = task_json(t, false);
    pthread_mutex_unlock(&tasks.lock);
    if (created == NULL || cJSON_AddStringToObject(created, "resultType", "task") == NULL) {
        cJSON_Delete(created);
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        return SC_MCP_INTERNAL_ERROR;
    }
    *result = created;
    return 0;
}

/* tasks/update: the answers to questions still open join the task's; once
 * none is open, the handler runs again. Others are ignored, as the
 * extension says. Lock held. */
static int update(struct sc_mcp_task *t, const cJSON *responses, sc_error *err)
{
    const cJSON *response;
    if (!cJSON_IsObject(responses)) {
        sc_fail(err, SC_ERR_ARGUMENT, NULL,
                "invalid params: tasks/update needs params.inputResponses, an object");
        return SC_MCP_INVALID_PARAMS;
    }
    if (t->status != INPUT_REQUIRED)
        return 0;
    cJSON_ArrayForEach(response, responses)
    {
        if (!cJSON_IsObject(response) ||
            cJSON_GetObjectItemCaseSensitive(t->requests, response->string) == NULL)
            continue;
        cJSON *copy = cJSON_Duplicate(response, true);
        if (t->answers == NULL)
            t->answers = cJSON_CreateObject();
        if (copy == NULL || t->answers == NULL ||
            !cJSON_AddItemToObject(t->answers, response->string, copy)) {
            cJSON_Delete(copy);
            sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
            return SC_MCP_INTERNAL_ERROR;
        }
        cJSON_DeleteItemFromObjectCaseSensitive(t->requests, response->string);
    }
    if (t->requests->child == NULL) {
        cJSON_Delete(t->requests);
        t->requests = NULL;
        start(t);
    }
    changed(t);
    return 0;
}

/* tasks/cancel: a task waiting for answers is cancelled at once, a running
 * one when its handler returns (it sees sc_mcp_cancelled); a finished one
 * stays as it is. Lock held. */
static void cancel(struct sc_mcp_task *t)
{
    if (terminal(t->status))
        return;
    if (t->running) {
        t->cancel = true;
        return;
    }
    cJSON_Delete(t->requests);
    t->requests = NULL;
    t->status = CANCELLED;
    changed(t);
}

int sc_mcp_tasks_method(const sc_mcp_server *server, const char *method, const cJSON *params,
                        cJSON **result, sc_error *err)
{
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(params, "taskId"));
    int code = 0;
    *result = NULL;
    if (id == NULL) {
        sc_fail(err, SC_ERR_ARGUMENT, NULL, "invalid params: %s needs params.taskId, a string",
                method);
        return SC_MCP_INVALID_PARAMS;
    }
    pthread_mutex_lock(&tasks.lock);
    struct sc_mcp_task *t = find(server, id);
    if (t == NULL) {
        sc_fail(err, SC_ERR_ARGUMENT, NULL, "invalid params: no task '%.64s' (unknown, or expired)",
                id);
        code = SC_MCP_INVALID_PARAMS;
    } else if (strcmp(method, "tasks/get") == 0) {
        *result = task_json(t, true);
    } else if (strcmp(method, "tasks/update") == 0) {
        code = update(t, cJSON_GetObjectItemCaseSensitive(params, "inputResponses"), err);
    } else {
        cancel(t);
    }
    pthread_mutex_unlock(&tasks.lock);
    if (code == 0 && *result == NULL && strcmp(method, "tasks/get") != 0)
        *result = cJSON_CreateObject(); /* update and cancel: an empty acknowledgement */
    if (code == 0 && *result == NULL) {
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        code = SC_MCP_INTERNAL_ERROR;
    }
    return code;
}

int sc_mcp_task_begin(sc_mcp_context *ctx, sc_error *err)
{
    if (ctx->task != NULL || !ctx->task_allowed)
        return 0; /* in its task already, or a call that does not become one */
    if (ctx->rounds.requests != NULL)
        return sc_fail(err, SC_ERR_INPUT_REQUIRED, NULL,
                       "the questions asked before the task wait for answers");
    ctx->task_started = true;
    return sc_fail(err, SC_ERR_TASK_STARTED, NULL,
                   "the call goes on as a task (it runs again from its start)");
}

bool sc_mcp_task_cancelled(struct sc_mcp_task *task)
{
    pthread_mutex_lock(&tasks.lock);
    bool cancelled = task->cancel;
    pthread_mutex_unlock(&tasks.lock);
    return cancelled;
}

void sc_mcp_task_message(struct sc_mcp_task *task, const char *message)
{
    char *copy = strdup(message);
    if (copy == NULL)
        return; /* a status message is a hint: none rather than a failure */
    pthread_mutex_lock(&tasks.lock);
    free(task->message);
    task->message = copy;
    changed(task);
    pthread_mutex_unlock(&tasks.lock);
}

cJSON *sc_mcp_tasks_known(const sc_mcp_server *server, const cJSON *ids)
{
    cJSON *known = cJSON_CreateArray();
    const cJSON *id;
    pthread_mutex_lock(&tasks.lock);
    cJSON_ArrayForEach(id, ids)
    {
        if (known == NULL || find(server, cJSON_GetStringValue(id)) == NULL)
            continue;
        cJSON *copy = cJSON_CreateString(id->valuestring);
        if (copy == NULL || !cJSON_AddItemToArray(known, copy)) {
            cJSON_Delete(copy);
            cJSON_Delete(known);
            known = NULL;
        }
    }
    pthread_mutex_unlock(&tasks.lock);
    return known;
}

void sc_mcp_tasks_stop(const sc_mcp_server *server)
{
    pthread_mutex_lock(&tasks.lock);
    for (;;) {
        bool running = false;
        for (struct sc_mcp_task *t = tasks.list; t != NULL; t = t->next)
            if (t->server == server && t->running) {
                t->cancel = true;
                running = true;
            }
        if (!running)
            break;
        pthread_cond_wait(&tasks.ended, &tasks.lock);
    }
    for (struct sc_mcp_task **p = &tasks.list; *p != NULL;) {
        struct sc_mcp_task *t = *p;
        if (t->server == server) {
            *p = t->next;
            task_free(t);
        } else {
            p = &t->next;
        }
    }
    pthread_mutex_unlock(&tasks.lock);
}
