/* subscriptions/listen (MCP 2026-07-28, basic/patterns/subscriptions): the
 * stateless revisions' one way for a server to reach a client outside a
 * request. A client opens a subscription with a filter (tools, prompts or
 * resources list changes, updates of some resource URIs); the server
 * acknowledges it on the request's stream, then sends each notification
 * it asked for there, tagged with the request's id as its subscription id.
 *
 * The subscriptions of every server live in one list here, so that an
 * application reaches them from any thread with the server alone
 * (sc_mcp_notify_list_changed): with HTTP each request has a session of its
 * own, and the one that triggers a change is not the one listening. On a
 * connection-scoped channel (HTTP: the POST's stream, which can tell that
 * its client left) the request waits until its client closes the stream
 * or the server stops, then ends with a result; on a shared channel
 * (stdio) it returns at once with no reply and the subscription lasts
 * until notifications/cancelled names it or the session ends.
 *
 * A listener may ask for the status of tasks (taskIds, the tasks
 * extension): each change of one is sent as notifications/tasks.
 *
 * Locks: this file's lock may be held while a channel sends (which takes
 * the transport's lock), and taken while the tasks' lock is held
 * (mcp_tasks.c), never the other way round. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mcp_internal.h"
#include "schemac/mcp_bus.h"
#include "schemac/schemac.h"

#define META_SUBSCRIPTION "io.modelcontextprotocol/subscriptionId"
#define WAIT_SLICE_MS 200 /* how often a waiting subscription looks whether its client left */

typedef struct listener {
    struct listener *next;
    const sc_mcp_server *server;
    const sc_mcp_session *session; /* a shared channel's session (stdio), else NULL */
    sc_mcp_channel channel;
    cJSON *id;       /* the subscription id: the listen request's id (owned) */
    cJSON *uris;     /* resourceSubscriptions (owned), or NULL */
    cJSON *task_ids; /* taskIds of tasks the server has (owned), or NULL */
    bool tools, prompts, resources;
    bool ended; /* its channel failed */
} listener;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static listener *listeners;

static void listener_free(listener *l)
{
    cJSON_Delete(l->id);
    cJSON_Delete(l->uris);
    cJSON_Delete(l->task_ids);
    free(l);
}

/* Takes l off the list; lock held. */
static void unlist(listener *l)
{
    for (listener **p = &listeners; *p != NULL; p = &(*p)->next)
        if (*p == l) {
            *p = l->next;
            return;
        }
}

/* params (taken over; NULL: memory ran out) with
 * "_meta": {"io.modelcontextprotocol/subscriptionId": id}; NULL when
 * memory runs out. */
static cJSON *tag(cJSON *params, const cJSON *id)
{
    cJSON *meta = params != NULL ? cJSON_AddObjectToObject(params, "_meta") : NULL;
    cJSON *copy = meta != NULL ? cJSON_Duplicate(id, false) : NULL;
    if (copy == NULL || !cJSON_AddItemToObject(meta, META_SUBSCRIPTION, copy)) {
        cJSON_Delete(copy);
        cJSON_Delete(params);
        return NULL;
    }
    return params;
}

static cJSON *tagged(const cJSON *id)
{
    return tag(cJSON_CreateObject(), id);
}

static bool flag(const cJSON *filter, const char *name)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(filter, name));
}

/* What a listener asked for and the server can send, as the
 * acknowledgement's notifications object. */
static cJSON *honored(const listener *l)
{
    cJSON *out = cJSON_CreateObject();
    bool ok = out != NULL &&
              (!l->tools || cJSON_AddTrueToObject(out, "toolsListChanged") != NULL) &&
              (!l->prompts || cJSON_AddTrueToObject(out, "promptsListChanged") != NULL) &&
              (!l->resources || cJSON_AddTrueToObject(out, "resourcesListChanged") != NULL);
    cJSON *uris = ok && l->uris != NULL ? cJSON_Duplicate(l->uris, true) : NULL;
    if (ok && l->uris != NULL &&
        (uris == NULL || !cJSON_AddItemToObject(out, "resourceSubscriptions", uris))) {
        cJSON_Delete(uris);
        ok = false;
    }
    cJSON *ids = ok && l->task_ids != NULL ? cJSON_Duplicate(l->task_ids, true) : NULL;
    if (ok && l->task_ids != NULL && (ids == NULL || !cJSON_AddItemToObject(out, "taskIds", ids))) {
        cJSON_Delete(ids);
        ok = false;
    }
    if (!ok) {
        cJSON_Delete(out);
        return NULL;
    }
    return out;
}

/* The listener of a listen request's filter: only what the server offers
 * (list changes when it announces them, resource updates when it has
 * resources). */
static int make_listener(const sc_mcp_context *ctx, const cJSON *id, const cJSON *params,
                         listener **out, sc_error *err)
{
    const sc_mcp_server *server = ctx->server;
    const cJSON *filter = cJSON_GetObjectItemCaseSensitive(params, "notifications");
    const cJSON *uris = cJSON_GetObjectItemCaseSensitive(filter, "resourceSubscriptions"), *uri;
    const cJSON *task_ids = cJSON_GetObjectItemCaseSensitive(filter, "taskIds"), *task_id;
    if (!cJSON_IsObject(filter) || (uris != NULL && !cJSON_IsArray(uris)) ||
        (task_ids != NULL && !cJSON_IsArray(task_ids))) {
        sc_fail(
            err, SC_ERR_ARGUMENT, NULL,
            "invalid params: subscriptions/listen needs params.notifications, an object of toolsListChanged, "
            "promptsListChanged, resourcesListChanged (booleans), resourceSubscriptions (URIs) and taskIds");
        return SC_MCP_INVALID_PARAMS;
    }
    cJSON_ArrayForEach(uri, uris) if (!cJSON_IsString(uri))
    {
        sc_fail(err, SC_ERR_ARGUMENT, NULL,
                "invalid params: notifications.resourceSubscriptions must hold URIs");
        return SC_MCP_INVALID_PARAMS;
    }
    cJSON_ArrayForEach(task_id, task_ids) if (!cJSON_IsString(task_id))
    {
        sc_fail(err, SC_ERR_ARGUMENT, NULL,
                "invalid params: notifications.taskIds must hold task ids (strings)");
        return SC_MCP_INVALID_PARAMS;
    }
    listener *l = calloc(1, sizeof *l);
    /* the tasks it may hear of: those that exist (the tasks' lock, taken
     * here before this file's) */
    if (l == NULL || (l->id = cJSON_Duplicate(id, false)) == NULL ||
        (uris != NULL && server->resource_count > 0 &&
         (l->uris = cJSON_Duplicate(uris, true)) == NULL) ||
        (task_ids != NULL && (l->task_ids = sc_mcp_tasks_known(server, task_ids)) == NULL)) {
        if (l != NULL)
            listener_free(l);
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        return SC_MCP_INTERNAL_ERROR;
    }
    l->server = server;
    l->channel = ctx->channel;
    l->tools = server->lists_change && flag(filter, "toolsListChanged");
    l->prompts =
        server->lists_change && server->prompt_count > 0 && flag(filter, "promptsListChanged");
    l->resources =
        server->lists_change && server->resource_count > 0 && flag(filter, "resourcesListChanged");
    *out = l;
    return 0;
}

static bool channel_open(const sc_mcp_channel *channel)
{
    return channel->open == NULL || channel->open(channel->channel_ctx);
}

int sc_mcp_listen(sc_mcp_context *ctx, const cJSON *id, const cJSON *params, cJSON **result,
                  sc_error *err)
{
    listener *l = NULL;
    *result = NULL;
    if (!ctx->has_channel) {
        sc_fail(err, SC_ERR_ARGUMENT, NULL,
                "subscriptions/listen: this transport cannot send notifications");
        return SC_MCP_METHOD_NOT_FOUND;
    }
    int code = make_listener(ctx, id, params, &l, err);
    if (code != 0)
        return code;
    bool scoped = ctx->channel.open != NULL; /* else a shared channel: stdio */
    if (!scoped && sc_mcp_core_listening(ctx->session) != 0) {
        listener_free(l);
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        return SC_MCP_INTERNAL_ERROR;
    }
    if (!scoped)
        l->session = ctx->session;
    /* the acknowledgement first: no notification of it may come before */
    cJSON *ack = tagged(id), *notifications = honored(l);
    if (ack == NULL || notifications == NULL ||
        !cJSON_AddItemToObject(ack, "notifications", notifications)) {
        cJSON_Delete(notifications);
        cJSON_Delete(ack);
        listener_free(l);
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        return SC_MCP_INTERNAL_ERROR;
    }
    pthread_mutex_lock(&lock);
    int rc = sc_mcp_context_notify(ctx, "notifications/subscriptions/acknowledged", ack);
    if (rc == 0) {
        l->next = listeners;
        listeners = l;
    }
    pthread_mutex_unlock(&lock);
    if (rc != 0) {
        listener_free(l);
        sc_fail(err, rc, NULL, "subscriptions/listen: the client cannot be reached");
        return SC_MCP_INTERNAL_ERROR;
    }
    if (!scoped)
        return 0; /* no reply now: it lasts until cancelled */
    /* the channel and the cancellation are asked without the lock: the
     * transport's own lock comes after this one, never before */
    for (;;) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += WAIT_SLICE_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_mutex_lock(&lock);
        if (!l->ended)
            pthread_cond_timedwait(&changed, &lock, &until);
        bool ended = l->ended;
        pthread_mutex_unlock(&lock);
        if (ended || !channel_open(&l->channel) || sc_mcp_cancelled(ctx))
            break;
    }
    pthread_mutex_lock(&lock);
    unlist(l);
    pthread_mutex_unlock(&lock);
    /* a graceful end (the server stops): the result, tagged as the rest */
    *result = tagged(id);
    listener_free(l);
    if (*result == NULL) {
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        return SC_MCP_INTERNAL_ERROR;
    }
    return 0;
}

/* The notification method with params (taken over; NULL: memory ran out),
 * tagged with l's subscription id, on l's channel; lock held. 0, or
 * SC_ERR_NOMEM (nothing sent). A channel that fails ends l: its client
 * left, and its request ends. */
static int send_to(listener *l, const char *method, cJSON *params)
{
    cJSON *message = cJSON_CreateObject();
    char *text = NULL;
    params = tag(params, l->id);
    bool ok = params != NULL && message != NULL &&
              cJSON_AddStringToObject(message, "jsonrpc", "2.0") != NULL &&
              cJSON_AddStringToObject(message, "method", method) != NULL &&
              cJSON_AddItemToObject(message, "params", params);
    if (!ok)
        cJSON_Delete(params);
    ok = ok && sc_print_json(message, &text) == 0;
    cJSON_Delete(message);
    if (!ok)
        return SC_ERR_NOMEM;
    if (l->channel.send(l->channel.channel_ctx, text, strlen(text)) != 0)
        l->ended = true;
    sc_free_string(text);
    return 0;
}

/* Whether l listens to server, or (bus not NULL) to any server on bus. */
static bool reaches(const sc_mcp_server *listened, const sc_mcp_server *server,
                    const sc_mcp_bus *bus)
{
    return bus != NULL ? listened->bus == bus : listened == server;
}

/* Sends method to every listener of server (or of bus) that wants it;
 * lock held. */
static int notify(const sc_mcp_server *server, const sc_mcp_bus *bus, const char *method,
                  const char *uri)
{
    int result = 0;
    for (listener *l = listeners; l != NULL; l = l->next) {
        if (!reaches(l->server, server, bus) || l->ended)
            continue;
        bool wants = false;
        if (uri != NULL) {
            const cJSON *u;
            cJSON_ArrayForEach(u, l->uris) wants = wants || strcmp(u->valuestring, uri) == 0;
        } else {
            wants = (strcmp(method, "notifications/tools/list_changed") == 0 && l->tools) ||
                    (strcmp(method, "notifications/prompts/list_changed") == 0 && l->prompts) ||
                    (strcmp(method, "notifications/resources/list_changed") == 0 && l->resources);
        }
        if (!wants)
            continue;
        cJSON *params = cJSON_CreateObject();
        if (params != NULL && uri != NULL && cJSON_AddStringToObject(params, "uri", uri) == NULL) {
            cJSON_Delete(params);
            params = NULL;
        }
        if (send_to(l, method, params) != 0)
            result = SC_ERR_NOMEM;
    }
    pthread_cond_broadcast(&changed);
    return result;
}

/* ---- the notification bus (schemac/mcp_bus.h) ------------------------------------
 *
 * An event is delivered here to the subscriptions above and, when it is
 * for the sessions too (every event the library makes), to the 2025
 * sessions of each transport attached (the HTTP servers and the stdio
 * session of this process): on the notifying thread for one
 * notified here, on the bus's thread for one another replica published.
 * The transports' list has a lock of its own, held (for reading) while
 * they deliver, so that one detaches only once no delivery uses it; it
 * is never taken with this file's lock held, nor this one with it. */

typedef struct sessions_sink {
    struct sessions_sink *next;
    const sc_mcp_server *server;
    sc_mcp_sessions_fn deliver;
    void *ctx;
} sessions_sink;

static pthread_rwlock_t sinks_lock = PTHREAD_RWLOCK_INITIALIZER;
static sessions_sink *sinks;

/* sc_mcp_main's copies of servers it serves (sc_mcp_server_alias). */
#define MAX_ALIASES 8
static struct {
    const sc_mcp_server *server, *copy;
} aliases[MAX_ALIASES];
static pthread_mutex_t aliases_lock = PTHREAD_MUTEX_INITIALIZER;

int sc_mcp_sessions_attach(const sc_mcp_server *server, sc_mcp_sessions_fn deliver,
                           void *sessions_ctx)
{
    sessions_sink *sink = malloc(sizeof *sink);
    if (sink == NULL)
        return SC_ERR_NOMEM;
    *sink = (sessions_sink){.server = server, .deliver = deliver, .ctx = sessions_ctx};
    pthread_rwlock_wrlock(&sinks_lock);
    sink->next = sinks;
    sinks = sink;
    pthread_rwlock_unlock(&sinks_lock);
    return 0;
}

void sc_mcp_sessions_detach(void *sessions_ctx)
{
    pthread_rwlock_wrlock(&sinks_lock);
    for (sessions_sink **p = &sinks; *p != NULL;) {
        sessions_sink *sink = *p;
        if (sink->ctx == sessions_ctx) {
            *p = sink->next;
            free(sink);
        } else {
            p = &sink->next;
        }
    }
    pthread_rwlock_unlock(&sinks_lock);
}

void sc_mcp_server_alias(const sc_mcp_server *server, const sc_mcp_server *copy)
{
    pthread_mutex_lock(&aliases_lock);
    size_t free_slot = MAX_ALIASES;
    for (size_t i = 0; i < MAX_ALIASES; i++) {
        if (aliases[i].server == server)
            aliases[i].server = aliases[i].copy = NULL;
        if (aliases[i].server == NULL && free_slot == MAX_ALIASES)
            free_slot = i;
    }
    if (copy != NULL && free_slot < MAX_ALIASES) {
        aliases[free_slot].server = server;
        aliases[free_slot].copy = copy;
    }
    pthread_mutex_unlock(&aliases_lock);
}

/* The server sc_mcp_main serves for server: its copy, or itself. */
static const sc_mcp_server *served(const sc_mcp_server *server)
{
    pthread_mutex_lock(&aliases_lock);
    for (size_t i = 0; i < MAX_ALIASES; i++)
        if (aliases[i].server == server && aliases[i].copy != NULL) {
            server = aliases[i].copy;
            break;
        }
    pthread_mutex_unlock(&aliases_lock);
    return server;
}

/* The notification method of a valid event, or NULL. */
static const char *event_method(const sc_mcp_event *event)
{
    if (event == NULL || event->what == NULL || event->what[0] == '\0' ||
        strnlen(event->what, SC_MCP_EVENT_MAX_WHAT + 1) > SC_MCP_EVENT_MAX_WHAT)
        return NULL;
    if (event->kind == SC_MCP_EVENT_LIST_CHANGED)
        return sc_mcp_list_method(event->what);
    return event->kind == SC_MCP_EVENT_RESOURCE_UPDATED ? "notifications/resources/updated" : NULL;
}

/* Delivers event in this process to the listeners of server or (not
 * NULL) of every server on bus. */
static int deliver(const sc_mcp_server *server, const sc_mcp_bus *bus, const sc_mcp_event *event,
                   const char *method)
{
    pthread_mutex_lock(&lock);
    int rc = notify(server, bus, method,
                    event->kind == SC_MCP_EVENT_RESOURCE_UPDATED ? event->what : NULL);
    pthread_mutex_unlock(&lock);
    if (!event->sessions)
        return rc;
    pthread_rwlock_rdlock(&sinks_lock);
    for (sessions_sink *sink = sinks; sink != NULL; sink = sink->next)
        if (reaches(sink->server, server, bus)) {
            int one = sink->deliver(sink->ctx, event);
            if (rc == 0)
                rc = one;
        }
    pthread_rwlock_unlock(&sinks_lock);
    return rc;
}

int sc_mcp_publish(const sc_mcp_server *server, const sc_mcp_event *event)
{
    const char *method = event_method(event);
    if (server == NULL || method == NULL)
        return SC_ERR_ARGUMENT;
    server = served(server);
    sc_mcp_bus *bus = server->bus;
    int rc = deliver(server, bus, event, method);
    if (bus != NULL && bus->publish != NULL) {
        int published = bus->publish(bus, event);
        if (published != 0)
            sc_mcp_log(server, "notification bus: %s (%.200s) reached this replica only: %s",
                       method, event->what, sc_strerror(published));
    }
    return rc;
}

int sc_mcp_bus_deliver(sc_mcp_bus *bus, const sc_mcp_event *event)
{
    const char *method = event_method(event);
    if (bus == NULL || method == NULL)
        return SC_ERR_ARGUMENT;
    return deliver(NULL, bus, event, method);
}

int sc_mcp_bus_resync(sc_mcp_bus *bus)
{
    int rc = 0;
    for (size_t i = 0; i < 3; i++) {
        static const char *const lists[] = {"tools", "prompts", "resources"};
        sc_mcp_event event = {SC_MCP_EVENT_LIST_CHANGED, lists[i], true};
        int one = sc_mcp_bus_deliver(bus, &event);
        if (rc == 0)
            rc = one;
    }
    return rc;
}

/* Both eras: a server whose main is sc_mcp_main has no sc_mcp_http handle
 * to reach its 2025 sessions with, and a list change is every client's. */
int sc_mcp_notify_list_changed(const sc_mcp_server *server, const char *what)
{
    if (what == NULL || sc_mcp_list_method(what) == NULL)
        return SC_ERR_ARGUMENT;
    return sc_mcp_publish(server, &(sc_mcp_event){SC_MCP_EVENT_LIST_CHANGED, what, true});
}

int sc_mcp_notify_resource_updated(const sc_mcp_server *server, const char *uri)
{
    if (uri == NULL)
        return SC_ERR_ARGUMENT;
    return sc_mcp_publish(server, &(sc_mcp_event){SC_MCP_EVENT_RESOURCE_UPDATED, uri, true});
}

void sc_mcp_notify_task(const sc_mcp_server *server, const char *task_id, const cJSON *task)
{
    pthread_mutex_lock(&lock);
    for (listener *l = listeners; l != NULL; l = l->next) {
        bool wants = false;
        const cJSON *id;
        cJSON_ArrayForEach(id, l->task_ids) wants = wants || strcmp(id->valuestring, task_id) == 0;
        if (l->server != server || l->ended || !wants)
            continue;
        /* the whole task, as tasks/get shows it (a status is a hint: one
         * that memory does not allow is not sent) */
        (void)send_to(l, "notifications/tasks", cJSON_Duplicate(task, true));
    }
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
}

void sc_mcp_listeners_cancel(const sc_mcp_session *session, const cJSON *id)
{
    pthread_mutex_lock(&lock);
    for (listener **p = &listeners; *p != NULL;) {
        listener *l = *p;
        if (l->session == session && session != NULL &&
            (id == NULL || cJSON_Compare(l->id, id, true))) {
            *p = l->next;
            listener_free(l);
        } else {
            p = &l->next;
        }
    }
    pthread_mutex_unlock(&lock);
}
