/* The session's core and the handler context (include/schemac/mcp.h, "the
 * handler context"): what the server keeps per session beyond its state
 * (log level, subscriptions, the requests being handled, the requests sent
 * to the client that await their response) and what a handler uses to
 * talk to the client while its request runs.
 *
 * The same session may be handled on several threads at once (a handler
 * waiting for the client's answer on one, the answer arriving on another),
 * so the core has a lock and a condition variable that a waiting handler
 * sleeps on: a response or a cancellation broadcasts it. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcp_internal.h"
#include "schemac/schemac.h"

/* A request sent to the client, on the core's list until its response
 * comes or its sender stops waiting. */
typedef struct pending {
    struct pending *next;
    double id;
    cJSON *response; /* the client's whole message, once it came (owned) */
} pending;

struct sc_mcp_session_core {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a response came or a request was cancelled */
    int level;              /* the least severe level sent; -1 until setLevel */
    cJSON *client_capabilities;
    char **subscriptions; /* URIs (malloc) */
    size_t subscription_count;
    sc_mcp_inflight *inflight;
    pending *pending;
    double next_id;
    sc_mcp_channel channel; /* for messages outside a request */
    bool has_channel;
    bool listening; /* a subscription was opened on its shared channel */
};

static const char *const level_names[] = {"debug", "info",     "notice", "warning",
                                          "error", "critical", "alert",  "emergency"};

/* The context whose handler runs on this thread (sc_mcp_context_of). */
static _Thread_local sc_mcp_context *current;

/* The session's core, made when it has none yet. SC_ERR_NOMEM or 0. */
static int core_of(sc_mcp_session *session)
{
    if (session->core != NULL)
        return 0;
    struct sc_mcp_session_core *core = calloc(1, sizeof *core);
    if (core == NULL)
        return SC_ERR_NOMEM;
    if (pthread_mutex_init(&core->lock, NULL) != 0) {
        free(core);
        return SC_ERR_NOMEM;
    }
    if (pthread_cond_init(&core->changed, NULL) != 0) {
        pthread_mutex_destroy(&core->lock);
        free(core);
        return SC_ERR_NOMEM;
    }
    core->level = -1;
    core->next_id = 1;
    session->core = core;
    return 0;
}

/* The core may exist before initialize: a transport sets the session's
 * channel when it makes the session. The capabilities are the first
 * initialize's. */
int sc_mcp_core_create(sc_mcp_session *session, const cJSON *client_capabilities)
{
    if (core_of(session) != 0)
        return SC_ERR_NOMEM;
    struct sc_mcp_session_core *core = session->core;
    if (core->client_capabilities != NULL)
        return 0;
    cJSON *copy = client_capabilities != NULL ? cJSON_Duplicate(client_capabilities, true)
                                              : cJSON_CreateObject();
    if (copy == NULL)
        return SC_ERR_NOMEM;
    pthread_mutex_lock(&core->lock);
    core->client_capabilities = copy;
    pthread_mutex_unlock(&core->lock);
    return 0;
}

void sc_mcp_session_free(sc_mcp_session *session)
{
    struct sc_mcp_session_core *core = session != NULL ? session->core : NULL;
    if (core == NULL)
        return;
    /* only where one was opened: HTTP frees sessions under its lock, which
     * the subscriptions' lock must not follow */
    if (core->listening)
        sc_mcp_listeners_cancel(session, NULL);
    /* no call of the session runs any more: the lists hold nothing of a
     * live handler */
    for (size_t i = 0; i < core->subscription_count; i++)
        free(core->subscriptions[i]);
    free(core->subscriptions);
    cJSON_Delete(core->client_capabilities);
    pthread_cond_destroy(&core->changed);
    pthread_mutex_destroy(&core->lock);
    free(core);
    session->core = NULL;
}

int sc_mcp_core_listening(sc_mcp_session *session)
{
    if (core_of(session) != 0)
        return SC_ERR_NOMEM;
    pthread_mutex_lock(&session->core->lock);
    session->core->listening = true;
    pthread_mutex_unlock(&session->core->lock);
    return 0;
}

void sc_mcp_session_set_channel(sc_mcp_session *session, const sc_mcp_channel *channel)
{
    /* set before initialize by the transports: the core is made for it
     * (without memory for it, messages outside a request are dropped) */
    if (session == NULL || (channel != NULL && core_of(session) != 0))
        return;
    struct sc_mcp_session_core *core = session->core;
    if (core == NULL)
        return;
    pthread_mutex_lock(&core->lock);
    core->has_channel = channel != NULL && channel->send != NULL;
    if (core->has_channel)
        core->channel = *channel;
    pthread_mutex_unlock(&core->lock);
}

/* ---- sending ---------------------------------------------------------------- */

/* Prints message (deleted here) and sends it on channel. */
static int send_on(const sc_mcp_channel *channel, cJSON *message)
{
    char *text = NULL;
    int rc = message != NULL ? sc_print_json(message, &text) : SC_ERR_NOMEM;
    cJSON_Delete(message);
    if (rc != 0)
        return rc == SC_ERR_NOMEM ? rc : SC_ERR_ARGUMENT;
    rc = channel->send(channel->channel_ctx, text, strlen(text)) == 0 ? 0 : SC_ERR_ARGUMENT;
    sc_free_string(text);
    return rc;
}

/* {"jsonrpc": "2.0", "method": method, "params": params (taken)}. */
static cJSON *notification(const char *method, cJSON *params)
{
    cJSON *message = cJSON_CreateObject();
    if (message == NULL || cJSON_AddStringToObject(message, "jsonrpc", "2.0") == NULL ||
        cJSON_AddStringToObject(message, "method", method) == NULL ||
        (params != NULL && !cJSON_AddItemToObject(message, "params", params))) {
        cJSON_Delete(params); /* not attached on any of these failures */
        cJSON_Delete(message);
        return NULL;
    }
    return message;
}

/* The session's channel, copied under the lock; false when none is open. */
static bool session_channel(struct sc_mcp_session_core *core, sc_mcp_channel *out)
{
    pthread_mutex_lock(&core->lock);
    bool open = core->has_channel;
    if (open)
        *out = core->channel;
    pthread_mutex_unlock(&core->lock);
    return open;
}

int sc_mcp_context_notify(sc_mcp_context *ctx, const char *method, cJSON *params)
{
    if (!ctx->has_channel) {
        cJSON_Delete(params);
        return SC_ERR_ARGUMENT;
    }
    return send_on(&ctx->channel, notification(method, params));
}

/* ---- the context ------------------------------------------------------------ */

_Thread_local const struct sc_mcp_principal *sc_mcp_thread_principal;

const sc_mcp_principal *sc_mcp_principal_of(const sc_mcp_context *ctx)
{
    return ctx != NULL ? ctx->principal : NULL;
}

bool sc_mcp_principal_has_scope(const sc_mcp_principal *principal, const char *scope)
{
    size_t len = scope != NULL ? strlen(scope) : 0;
    for (const char *p = principal != NULL ? principal->scopes : NULL;
         p != NULL && *p != '\0' && len > 0;) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n == len && strncmp(p, scope, n) == 0)
            return true;
        p += n;
    }
    return false;
}

int sc_mcp_context_begin(sc_mcp_context *ctx, const sc_mcp_server *server, sc_mcp_session *session,
                         sc_arena *arena, const sc_mcp_channel *channel, const cJSON *id,
                         const cJSON *params)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->server = server;
    ctx->session = session;
    ctx->arena = arena;
    if (channel != NULL && channel->send != NULL) {
        ctx->channel = *channel;
        ctx->has_channel = true;
    } else if (session->core != NULL) {
        ctx->has_channel = session_channel(session->core, &ctx->channel);
    }
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(params, "_meta");
    const cJSON *token = cJSON_GetObjectItemCaseSensitive(meta, "progressToken");
    ctx->meta = cJSON_IsObject(meta) ? meta : NULL;
    if (cJSON_IsString(token) || cJSON_IsNumber(token)) {
        ctx->progress_token = cJSON_Duplicate(token, false);
        if (ctx->progress_token == NULL)
            return SC_ERR_NOMEM;
    }
    struct sc_mcp_session_core *core = session->core;
    if (core != NULL && id != NULL) {
        ctx->inflight.id = cJSON_PrintUnformatted(id);
        if (ctx->inflight.id == NULL) {
            cJSON_Delete(ctx->progress_token);
            return SC_ERR_NOMEM;
        }
        pthread_mutex_lock(&core->lock);
        ctx->inflight.next = core->inflight;
        core->inflight = &ctx->inflight;
        pthread_mutex_unlock(&core->lock);
        ctx->listed = true;
    }
    ctx->principal = sc_mcp_thread_principal;
    ctx->trace = sc_mcp_thread_trace;
    ctx->outer = current;
    current = ctx;
    return 0;
}

void sc_mcp_context_end(sc_mcp_context *ctx)
{
    struct sc_mcp_session_core *core = ctx->session->core;
    if (ctx->listed) {
        pthread_mutex_lock(&core->lock);
        for (sc_mcp_inflight **p = &core->inflight; *p != NULL; p = &(*p)->next)
            if (*p == &ctx->inflight) {
                *p = ctx->inflight.next;
                break;
            }
        pthread_mutex_unlock(&core->lock);
    }
    cJSON_free(ctx->inflight.id);
    cJSON_Delete(ctx->progress_token);
    cJSON_Delete(ctx->content);
    current = ctx->outer;
}

const char *sc_mcp_context_version(const sc_mcp_context *ctx)
{
    return ctx->stateless ? ctx->request.version : ctx->session->protocol_version;
}

sc_mcp_context *sc_mcp_context_of(const sc_arena *arena)
{
    return current != NULL && current->arena == arena ? current : NULL;
}

const cJSON *sc_mcp_request_meta(const sc_mcp_context *ctx)
{
    return ctx->meta;
}

sc_arena *sc_mcp_context_arena(const sc_mcp_context *ctx)
{
    return ctx->arena;
}

sc_mcp_session *sc_mcp_context_session(const sc_mcp_context *ctx)
{
    return ctx->session;
}

const sc_mcp_server *sc_mcp_context_server(const sc_mcp_context *ctx)
{
    return ctx->server;
}

const void *sc_mcp_arguments(const sc_mcp_context *ctx)
{
    return ctx->arguments;
}

void sc_mcp_core_cancel(sc_mcp_session *session, const cJSON *id)
{
    struct sc_mcp_session_core *core = session->core;
    char *text = core != NULL && id != NULL ? cJSON_PrintUnformatted(id) : NULL;
    if (text == NULL)
        return;
    pthread_mutex_lock(&core->lock);
    for (sc_mcp_inflight *r = core->inflight; r != NULL; r = r->next)
        if (strcmp(r->id, text) == 0)
            r->cancelled = true;
    pthread_cond_broadcast(&core->changed);
    pthread_mutex_unlock(&core->lock);
    cJSON_free(text);
}

bool sc_mcp_cancelled(const sc_mcp_context *ctx)
{
    struct sc_mcp_session_core *core = ctx->session->core;
    if (ctx->task != NULL)
        return sc_mcp_task_cancelled(ctx->task);
    /* a stateless request's client that closed its stream cancelled it */
    if (ctx->stateless && ctx->has_channel && ctx->channel.open != NULL &&
        !ctx->channel.open(ctx->channel.channel_ctx))
        return true;
    if (!ctx->listed)
        return false;
    pthread_mutex_lock(&core->lock);
    bool cancelled = ctx->inflight.cancelled;
    pthread_mutex_unlock(&core->lock);
    return cancelled;
}

int sc_mcp_fail_call(sc_mcp_context *ctx, int code, sc_error *err, const char *fmt, ...)
{
    char message[SC_ERROR_MESSAGE_MAX];
    va_list args;
    va_start(args, fmt);
    vsnprintf(message, sizeof message, fmt, args);
    va_end(args);
    ctx->call_error = code != 0 ? code : SC_MCP_INTERNAL_ERROR;
    return sc_fail(err, SC_ERR_HANDLER, NULL, "%s", message);
}

int sc_mcp_close_stream(sc_mcp_context *ctx, unsigned retry_ms)
{
    if (!ctx->has_channel || ctx->channel.close == NULL)
        return SC_ERR_ARGUMENT;
    return ctx->channel.close(ctx->channel.channel_ctx, retry_ms) == 0 ? 0 : SC_ERR_ARGUMENT;
}

/* ---- progress and logging ----------------------------------------------------- */

int sc_mcp_progress(sc_mcp_context *ctx, double progress, double total, const char *message)
{
    if (ctx->task != NULL) { /* no notification from a task: its statusMessage */
        char text[64];
        if (message == NULL && total >= 0)
            snprintf(text, sizeof text, "%g of %g", progress, total);
        else if (message == NULL)
            snprintf(text, sizeof text, "%g", progress);
        sc_mcp_task_message(ctx->task, message != NULL ? message : text);
        return 0;
    }
    if (ctx->progress_token == NULL)
        return 0;
    cJSON *params = cJSON_CreateObject();
    cJSON *token = cJSON_Duplicate(ctx->progress_token, false);
    if (params == NULL || token == NULL || !cJSON_AddItemToObject(params, "progressToken", token)) {
        cJSON_Delete(token);
        cJSON_Delete(params);
        return SC_ERR_NOMEM;
    }
    bool ok = cJSON_AddNumberToObject(params, "progress", progress) != NULL;
    if (ok && total >= 0)
        ok = cJSON_AddNumberToObject(params, "total", total) != NULL;
    if (ok && message != NULL)
        ok = cJSON_AddStringToObject(params, "message", message) != NULL;
    if (!ok) {
        cJSON_Delete(params);
        return SC_ERR_NOMEM;
    }
    return sc_mcp_context_notify(ctx, "notifications/progress", params);
}

int sc_mcp_level_of(const char *name)
{
    for (int i = 0; name != NULL && i < (int)(sizeof level_names / sizeof level_names[0]); i++)
        if (strcmp(name, level_names[i]) == 0)
            return i;
    return -1;
}

bool sc_mcp_core_set_level(sc_mcp_session *session, const char *level)
{
    int i = sc_mcp_level_of(level);
    if (i < 0)
        return false;
    if (session->core == NULL)
        return true; /* a session made READY by hand (tests): nothing to keep */
    pthread_mutex_lock(&session->core->lock);
    session->core->level = i;
    pthread_mutex_unlock(&session->core->lock);
    return true;
}

int sc_mcp_client_log(sc_mcp_context *ctx, sc_mcp_log_level level, const char *logger,
                      const char *fmt, ...)
{
    struct sc_mcp_session_core *core = ctx->session->core;
    if ((unsigned)level > SC_MCP_LOG_EMERGENCY)
        return SC_ERR_ARGUMENT;
    if (ctx->stateless) {
        /* 2026-07-28: only at or above the request's logLevel, and nothing
         * for a request without one */
        if ((int)level < ctx->request.level)
            return 0;
    } else if (core != NULL) {
        pthread_mutex_lock(&core->lock);
        bool wanted = (int)level >= core->level;
        pthread_mutex_unlock(&core->lock);
        if (!wanted)
            return 0;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text == NULL)
        return SC_ERR_NOMEM;
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
    cJSON *params = cJSON_CreateObject();
    bool ok = params != NULL &&
              cJSON_AddStringToObject(params, "level", level_names[level]) != NULL &&
              (logger == NULL || cJSON_AddStringToObject(params, "logger", logger) != NULL) &&
              cJSON_AddStringToObject(params, "data", text) != NULL;
    free(text);
    if (!ok) {
        cJSON_Delete(params);
        return SC_ERR_NOMEM;
    }
    return sc_mcp_context_notify(ctx, "notifications/message", params);
}

/* ---- requests to the client ----------------------------------------------------- */

bool sc_mcp_core_response(sc_mcp_session *session, const cJSON *message)
{
    struct sc_mcp_session_core *core = session->core; /* NULL: no request was ever sent */
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(message, "id");
    bool matched = false;
    if (core == NULL || !cJSON_IsNumber(id))
        return false;
    cJSON *copy = cJSON_Duplicate(message, true);
    if (copy == NULL)
        return false;
    pthread_mutex_lock(&core->lock);
    for (pending *p = core->pending; p != NULL; p = p->next)
        if (p->id == id->valuedouble && p->response == NULL) {
            p->response = copy;
            matched = true;
            break;
        }
    pthread_cond_broadcast(&core->changed);
    pthread_mutex_unlock(&core->lock);
    if (!matched)
        cJSON_Delete(copy);
    return matched;
}

const char *sc_mcp_capability_of(const char *method)
{
    if (strcmp(method, "sampling/createMessage") == 0)
        return "sampling";
    if (strcmp(method, "elicitation/create") == 0)
        return "elicitation";
    if (strcmp(method, "roots/list") == 0)
        return "roots";
    return NULL;
}

static void delete_tree(void *tree)
{
    cJSON_Delete(tree);
}

/* Waits on the core's condition until p has its response, the request
 * being handled is cancelled, or deadline passes. Under the lock. */
static int wait_for(struct sc_mcp_session_core *core, const sc_mcp_context *ctx, const pending *p,
                    const struct timespec *deadline)
{
    while (p->response == NULL) {
        if (ctx->listed && ctx->inflight.cancelled)
            return SC_ERR_LIMIT;
        if (pthread_cond_timedwait(&core->changed, &core->lock, deadline) == ETIMEDOUT)
            return p->response != NULL ? 0 : SC_ERR_LIMIT;
    }
    return 0;
}

bool sc_mcp_client_supports(const sc_mcp_context *ctx, const char *capability)
{
    struct sc_mcp_session_core *core = ctx->session->core;
    if (ctx->stateless)
        return cJSON_IsObject(
            cJSON_GetObjectItemCaseSensitive(ctx->request.client_capabilities, capability));
    if (core == NULL)
        return false;
    pthread_mutex_lock(&core->lock);
    bool has =
        cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(core->client_capabilities, capability));
    pthread_mutex_unlock(&core->lock);
    return has;
}

int sc_mcp_request(sc_mcp_context *ctx, const char *method, cJSON *params, int timeout_ms,
                   const cJSON **result, sc_error *err)
{
    struct sc_mcp_session_core *core = ctx->session->core;
    const char *capability = sc_mcp_capability_of(method);
    *result = NULL;
    if (ctx->stateless) /* no request to the client: a round trip of the client's request */
        return sc_mcp_rounds_ask(ctx, method, params, result, err);
    if (core == NULL || !ctx->has_channel) {
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "%s: the client cannot be reached while this request runs", method);
    }
    if (capability != NULL &&
        !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(core->client_capabilities, capability))) {
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "%s: the client did not announce the %s capability", method, capability);
    }
    pending p = {NULL, 0, NULL};
    pthread_mutex_lock(&core->lock);
    p.id = core->next_id++;
    p.next = core->pending;
    core->pending = &p;
    pthread_mutex_unlock(&core->lock);

    cJSON *message = notification(method, params);
    int rc =
        message == NULL || cJSON_AddNumberToObject(message, "id", p.id) == NULL ? SC_ERR_NOMEM : 0;
    if (rc != 0)
        cJSON_Delete(message);
    else
        rc = send_on(&ctx->channel, message);

    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    long ms = timeout_ms > 0 ? timeout_ms : SC_MCP_DEFAULT_TIMEOUT_MS;
    deadline.tv_sec += ms / 1000;
    deadline.tv_nsec += (ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&core->lock);
    if (rc == 0)
        rc = wait_for(core, ctx, &p, &deadline);
    for (pending **q = &core->pending; *q != NULL; q = &(*q)->next)
        if (*q == &p) {
            *q = p.next;
            break;
        }
    pthread_mutex_unlock(&core->lock);

    if (rc != 0) {
        cJSON_Delete(p.response);
        if (rc == SC_ERR_LIMIT)
            return sc_fail(err, rc, NULL, "%s: %s", method,
                           sc_mcp_cancelled(ctx) ? "the request was cancelled"
                                                 : "no response in time");
        return sc_fail(err, rc, NULL, "%s: %s", method,
                       rc == SC_ERR_NOMEM ? "out of memory" : "the client cannot be reached");
    }
    if (sc_arena_on_release(ctx->arena, delete_tree, p.response) != 0)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(p.response, "error");
    const cJSON *answer = cJSON_GetObjectItemCaseSensitive(p.response, "result");
    if (error != NULL || !cJSON_IsObject(answer)) {
        const cJSON *text = cJSON_GetObjectItemCaseSensitive(error, "message");
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "%s: the client answered with an error: %.200s",
                       method, cJSON_IsString(text) ? text->valuestring : "(no message)");
    }
    *result = answer;
    return 0;
}

int sc_mcp_sample_text(sc_mcp_context *ctx, const char *prompt, int max_tokens, int timeout_ms,
                       const char **text, sc_error *err)
{
    cJSON *params = cJSON_CreateObject();
    cJSON *messages = cJSON_AddArrayToObject(params, "messages");
    cJSON *message = cJSON_CreateObject();
    *text = NULL;
    if (message == NULL || !cJSON_AddItemToArray(messages, message)) {
        cJSON_Delete(message);
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    cJSON *content = sc_mcp_text_content(prompt);
    if (content == NULL || !cJSON_AddItemToObject(message, "content", content)) {
        cJSON_Delete(content); /* not attached */
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    if (cJSON_AddStringToObject(message, "role", "user") == NULL ||
        cJSON_AddNumberToObject(params, "maxTokens", max_tokens) == NULL) {
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    const cJSON *result;
    int rc = sc_mcp_request(ctx, "sampling/createMessage", params, timeout_ms, &result, err);
    if (rc != 0)
        return rc;
    const cJSON *answer = cJSON_GetObjectItemCaseSensitive(result, "content");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(answer, "type");
    const cJSON *value = cJSON_GetObjectItemCaseSensitive(answer, "text");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "text") == 0 && cJSON_IsString(value))
        *text = value->valuestring;
    return 0;
}

int sc_mcp_elicit(sc_mcp_context *ctx, const char *message, const char *requested_schema,
                  int timeout_ms, sc_mcp_elicit_action *action, const cJSON **content,
                  sc_error *err)
{
    *content = NULL;
    *action = SC_MCP_ELICIT_CANCEL;
    cJSON *schema = requested_schema != NULL ? cJSON_Parse(requested_schema) : NULL;
    if (!cJSON_IsObject(schema)) {
        cJSON_Delete(schema);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "elicitation/create: the requested schema is not a JSON object");
    }
    /* MCP's requested schema is a restricted form: a canonical schema's
     * title and additionalProperties are left out */
    cJSON_DeleteItemFromObjectCaseSensitive(schema, "title");
    cJSON_DeleteItemFromObjectCaseSensitive(schema, "additionalProperties");
    cJSON *params = cJSON_CreateObject();
    if (params == NULL || !cJSON_AddItemToObject(params, "requestedSchema", schema)) {
        cJSON_Delete(schema); /* not attached */
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    /* mode came in 2025-11-25 (URL mode beside form mode); before it,
     * every elicitation is a form */
    bool has_mode = strcmp(sc_mcp_context_version(ctx), "2025-11-25") >= 0;
    if ((has_mode && cJSON_AddStringToObject(params, "mode", "form") == NULL) ||
        cJSON_AddStringToObject(params, "message", message) == NULL) {
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    const cJSON *result;
    int rc = sc_mcp_request(ctx, "elicitation/create", params, timeout_ms, &result, err);
    if (rc != 0)
        return rc;
    const cJSON *verb = cJSON_GetObjectItemCaseSensitive(result, "action");
    const char *name = cJSON_IsString(verb) ? verb->valuestring : "";
    if (strcmp(name, "accept") == 0) {
        *action = SC_MCP_ELICIT_ACCEPT;
        *content = cJSON_GetObjectItemCaseSensitive(result, "content");
        if (!cJSON_IsObject(*content))
            return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                           "elicitation/create: accepted without an object content");
    } else if (strcmp(name, "decline") == 0) {
        *action = SC_MCP_ELICIT_DECLINE;
    } else if (strcmp(name, "cancel") != 0) {
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "elicitation/create: the action must be accept, decline or cancel");
    }
    return 0;
}

/* ---- subscriptions and messages outside a request ------------------------------ */

int sc_mcp_core_subscribe(sc_mcp_session *session, const char *uri, bool subscribe)
{
    struct sc_mcp_session_core *core = session->core;
    int rc = 0;
    if (core == NULL)
        return 0; /* a session made READY by hand (tests): nothing to keep */
    pthread_mutex_lock(&core->lock);
    size_t i = 0;
    while (i < core->subscription_count && strcmp(core->subscriptions[i], uri) != 0)
        i++;
    if (!subscribe && i < core->subscription_count) {
        free(core->subscriptions[i]);
        core->subscriptions[i] = core->subscriptions[--core->subscription_count];
    } else if (subscribe && i == core->subscription_count) {
        char **grown = realloc(core->subscriptions, (core->subscription_count + 1) * sizeof *grown);
        char *copy = malloc(strlen(uri) + 1);
        if (grown != NULL)
            core->subscriptions = grown;
        if (grown == NULL || copy == NULL) {
            free(copy);
            rc = SC_ERR_NOMEM;
        } else {
            strcpy(copy, uri);
            core->subscriptions[core->subscription_count++] = copy;
        }
    }
    pthread_mutex_unlock(&core->lock);
    return rc;
}

/* Sends a notification on the session's channel: a 2025 session's only
 * (the stateless revision sends nothing outside a request but on a
 * subscription: sc_mcp_notify_list_changed). */
static int notify_session(sc_mcp_session *session, const char *method, cJSON *params)
{
    sc_mcp_channel channel;
    if (session->state != SC_MCP_STATE_READY || session->core == NULL ||
        !session_channel(session->core, &channel)) {
        cJSON_Delete(params);
        return 0; /* nobody listens now: dropped, as mcp.h says */
    }
    return send_on(&channel, notification(method, params));
}

int sc_mcp_resource_updated(sc_mcp_session *session, const char *uri)
{
    struct sc_mcp_session_core *core = session != NULL ? session->core : NULL;
    bool subscribed = false;
    if (core == NULL || uri == NULL)
        return 0;
    pthread_mutex_lock(&core->lock);
    for (size_t i = 0; i < core->subscription_count && !subscribed; i++)
        subscribed = strcmp(core->subscriptions[i], uri) == 0;
    pthread_mutex_unlock(&core->lock);
    if (!subscribed)
        return 0;
    cJSON *params = cJSON_CreateObject();
    if (params == NULL || cJSON_AddStringToObject(params, "uri", uri) == NULL) {
        cJSON_Delete(params);
        return SC_ERR_NOMEM;
    }
    return notify_session(session, "notifications/resources/updated", params);
}

const char *sc_mcp_list_method(const char *what)
{
    if (what == NULL)
        return NULL;
    if (strcmp(what, "tools") == 0)
        return "notifications/tools/list_changed";
    if (strcmp(what, "prompts") == 0)
        return "notifications/prompts/list_changed";
    if (strcmp(what, "resources") == 0)
        return "notifications/resources/list_changed";
    return NULL;
}

int sc_mcp_list_changed(sc_mcp_session *session, const char *what)
{
    const char *method = sc_mcp_list_method(what);
    if (session == NULL || method == NULL)
        return SC_ERR_ARGUMENT;
    return notify_session(session, method, NULL);
}

/* ---- content blocks ---------------------------------------------------------------- */

/* {"type": type, k1: v1, k2: v2} with the pairs whose value is not NULL. */
static cJSON *block(const char *type, const char *k1, const char *v1, const char *k2,
                    const char *v2)
{
    cJSON *item = cJSON_CreateObject();
    if (item == NULL || cJSON_AddStringToObject(item, "type", type) == NULL ||
        (v1 != NULL && cJSON_AddStringToObject(item, k1, v1) == NULL) ||
        (v2 != NULL && cJSON_AddStringToObject(item, k2, v2) == NULL)) {
        cJSON_Delete(item);
        return NULL;
    }
    return item;
}

cJSON *sc_mcp_text_content(const char *text)
{
    return text != NULL ? block("text", "text", text, NULL, NULL) : NULL;
}

cJSON *sc_mcp_image_content(const char *data, const char *mime_type)
{
    return data != NULL && mime_type != NULL ? block("image", "data", data, "mimeType", mime_type)
                                             : NULL;
}

cJSON *sc_mcp_audio_content(const char *data, const char *mime_type)
{
    return data != NULL && mime_type != NULL ? block("audio", "data", data, "mimeType", mime_type)
                                             : NULL;
}

cJSON *sc_mcp_resource_link(const char *uri, const char *name, const char *mime_type)
{
    cJSON *item =
        uri != NULL && name != NULL ? block("resource_link", "uri", uri, "name", name) : NULL;
    if (item != NULL && mime_type != NULL &&
        cJSON_AddStringToObject(item, "mimeType", mime_type) == NULL) {
        cJSON_Delete(item);
        return NULL;
    }
    return item;
}

int sc_mcp_resource_contents(cJSON *contents, const char *uri, const char *mime_type,
                             const char *text, const char *blob)
{
    cJSON *item = cJSON_CreateObject();
    if (item == NULL || uri == NULL || (text == NULL) == (blob == NULL) ||
        cJSON_AddStringToObject(item, "uri", uri) == NULL ||
        (mime_type != NULL && cJSON_AddStringToObject(item, "mimeType", mime_type) == NULL) ||
        cJSON_AddStringToObject(item, text != NULL ? "text" : "blob", text != NULL ? text : blob) ==
            NULL ||
        !cJSON_AddItemToArray(contents, item)) {
        cJSON_Delete(item);
        return SC_ERR_NOMEM;
    }
    return 0;
}

cJSON *sc_mcp_embedded_resource(const char *uri, const char *mime_type, const char *text,
                                const char *blob)
{
    cJSON *item = block("resource", NULL, NULL, NULL, NULL);
    cJSON *contents = cJSON_CreateArray();
    /* one entry made by sc_mcp_resource_contents, moved out of its array */
    if (item == NULL || contents == NULL ||
        sc_mcp_resource_contents(contents, uri, mime_type, text, blob) != 0) {
        cJSON_Delete(contents);
        cJSON_Delete(item);
        return NULL;
    }
    cJSON *resource = cJSON_DetachItemFromArray(contents, 0);
    cJSON_Delete(contents);
    cJSON_AddItemToObject(item, "resource", resource);
    return item;
}

int sc_mcp_prompt_message(cJSON *messages, const char *role, cJSON *content)
{
    cJSON *message = content != NULL ? cJSON_CreateObject() : NULL;
    if (message == NULL || !cJSON_AddItemToObject(message, "content", content)) {
        cJSON_Delete(content); /* not attached */
        cJSON_Delete(message);
        return SC_ERR_NOMEM;
    }
    if (cJSON_AddStringToObject(message, "role", role) == NULL) {
        cJSON_Delete(message);
        return SC_ERR_NOMEM;
    }
    if (!cJSON_AddItemToArray(messages, message)) {
        cJSON_Delete(message);
        return SC_ERR_NOMEM;
    }
    return 0;
}

int sc_mcp_add_content(sc_mcp_context *ctx, cJSON *item)
{
    if (item == NULL)
        return SC_ERR_NOMEM;
    if (ctx->content == NULL && (ctx->content = cJSON_CreateArray()) == NULL) {
        cJSON_Delete(item);
        return SC_ERR_NOMEM;
    }
    if (!cJSON_AddItemToArray(ctx->content, item)) {
        cJSON_Delete(item);
        return SC_ERR_NOMEM;
    }
    return 0;
}
