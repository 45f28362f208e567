/* The Streamable HTTP transport's sessions and streams (mcp_http.c says
 * how they are used): sessions kept by pointer and reference-counted (the
 * table, each request and each stream's connection hold one), streams
 * keeping their events for Last-Event-ID, the channels the core sends
 * through. Under the transport's one lock. */
#define _GNU_SOURCE /* getrandom */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "mcp_http_internal.h"

time_t sc_http_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec;
}

static void event_list_free(event *e)
{
    while (e != NULL) {
        event *next = e->next;
        free(e);
        e = next;
    }
}

void sc_http_stream_forget(stream *st)
{
    event_list_free(st->head);
    st->head = st->tail = NULL;
    st->count = 0;
}

/* Drops a reference to st; lock held. */
void sc_http_stream_release(stream *st)
{
    if (--st->refs > 0)
        return;
    event_list_free(st->head);
    free(st->reply_text);
    free(st->listen_result);
    free(st);
}

/* Drops a reference to s, freeing it after the last; lock held. */
void sc_http_session_release(http_session *s)
{
    if (--s->refs > 0)
        return;
    if (s->listening) { /* its core's listener: freed by the reaper, outside the lock */
        s->dead_next = s->http->dead;
        s->http->dead = s;
        return;
    }
    sc_mcp_session_free(&s->session);
    s->http->freed++;
    while (s->streams != NULL) {
        stream *st = s->streams;
        s->streams = st->next;
        st->session = NULL;
        sc_http_stream_release(st);
    }
    free(s);
}

/* The bucket of id in h->by_id (its first 8 hex digits: random bits). */
static size_t bucket_of(const sc_mcp_http *h, const char *id)
{
    size_t hash = 0;
    for (size_t i = 0; i < 8 && id[i] != '\0'; i++)
        hash = hash << 4 | ((size_t)(id[i] <= '9' ? id[i] - '0' : (id[i] | 0x20) - 'a' + 10) & 15);
    return hash & h->by_id_mask;
}

/* The listed session named id, or NULL; lock held. */
static http_session *find(const sc_mcp_http *h, const char *id)
{
    if (h->by_id == NULL)
        return NULL;
    for (http_session *s = h->by_id[bucket_of(h, id)]; s != NULL; s = s->id_next)
        if (memcmp(s->id, id, SESSION_ID_LEN + 1) == 0)
            return s;
    return NULL;
}

/* Takes s out of the table (DELETE, expiry); lock held. */
void sc_http_session_unlist(sc_mcp_http *h, size_t i)
{
    http_session *s = h->sessions[i];
    h->sessions[i] = NULL;
    h->session_count--;
    for (http_session **p = &h->by_id[bucket_of(h, s->id)]; *p != NULL; p = &(*p)->id_next)
        if (*p == s) {
            *p = s->id_next;
            break;
        }
    s->listed = false;
    pthread_cond_broadcast(&h->wake); /* its GET stream ends */
    if (s->get != NULL)
        sc_http_unpark(h, s->get->reader);
    sc_http_session_release(s);
}

/* Ends the sessions idle for session_timeout: no request, no stream open
 * (a reference other than the table's is one); lock held. */
void sc_http_expire_sessions(sc_mcp_http *h, time_t now)
{
    if (h->expired_at == now) /* once a second is enough: a scan of the whole table */
        return;
    h->expired_at = now;
    for (size_t i = 0; i < h->session_cap; i++) {
        http_session *s = h->sessions[i];
        if (s != NULL && s->refs == 1 && now - s->last_used >= (time_t)h->session_timeout) {
            sc_mcp_log(h->server, "http: session %.8s... idle for %u s: ended", s->id,
                       h->session_timeout);
            sc_http_session_unlist(h, i);
        }
    }
}

/* The session named id, with a reference for the caller; NULL when there
 * is none (or it ended). */
http_session *sc_http_session_acquire(sc_mcp_http *h, const char *id)
{
    http_session *found = NULL;
    if (id == NULL || strlen(id) != SESSION_ID_LEN)
        return NULL;
    pthread_mutex_lock(&h->lock);
    sc_http_expire_sessions(h, sc_http_now());
    found = find(h, id);
    if (found != NULL) {
        found->refs++;
        found->last_used = sc_http_now();
    }
    pthread_mutex_unlock(&h->lock);
    return found;
}

void sc_http_session_done(sc_mcp_http *h, http_session *s)
{
    if (s == NULL)
        return;
    pthread_mutex_lock(&h->lock);
    s->last_used = sc_http_now();
    sc_http_session_release(s);
    pthread_mutex_unlock(&h->lock);
}

/* Whether a session could be added now (a full table refuses initialize
 * before it is handled); lock not held. */
bool sc_http_session_room(sc_mcp_http *h)
{
    bool room = false;
    pthread_mutex_lock(&h->lock);
    sc_http_expire_sessions(h, sc_http_now());
    room = h->session_count < h->session_cap;
    pthread_mutex_unlock(&h->lock);
    return room;
}

/* Puts s in a free slot under a new id: 0, or SC_ERR_LIMIT when the table
 * is full (live sessions are never pushed out), SC_ERR_ARGUMENT when no
 * random bytes could be had. */
int sc_http_session_list(sc_mcp_http *h, http_session *s)
{
    unsigned char random[SESSION_ID_LEN / 2];
    if (getrandom(random, sizeof random, 0) != (ssize_t)sizeof random)
        return SC_ERR_ARGUMENT;
    for (size_t i = 0; i < sizeof random; i++)
        snprintf(s->id + 2 * i, 3, "%02x", random[i]);
    int rc = SC_ERR_LIMIT;
    pthread_mutex_lock(&h->lock);
    sc_http_expire_sessions(h, sc_http_now());
    if (h->by_id == NULL) { /* buckets: a power of two, at least the table's size */
        size_t n = 64;
        while (n < h->session_cap)
            n *= 2;
        if ((h->by_id = calloc(n, sizeof *h->by_id)) != NULL)
            h->by_id_mask = n - 1;
    }
    /* a free slot, looked for from after the last one taken */
    for (size_t k = 0;
         h->by_id != NULL && h->session_count < h->session_cap && k < h->session_cap && rc != 0;
         k++) {
        size_t i = (h->free_hint + k) % h->session_cap;
        if (h->sessions[i] == NULL) {
            h->sessions[i] = s;
            h->session_count++;
            h->free_hint = i + 1;
            s->slot = i;
            size_t b = bucket_of(h, s->id);
            s->id_next = h->by_id[b];
            h->by_id[b] = s;
            s->refs++;
            s->listed = true;
            s->last_used = sc_http_now();
            rc = 0;
        }
    }
    pthread_mutex_unlock(&h->lock);
    return rc;
}

bool sc_http_session_end(sc_mcp_http *h, const char *id)
{
    pthread_mutex_lock(&h->lock);
    http_session *s = find(h, id);
    if (s != NULL)
        sc_http_session_unlist(h, s->slot);
    pthread_mutex_unlock(&h->lock);
    return s != NULL;
}

int sc_mcp_http_each_session(sc_mcp_http *http, int (*fn)(sc_mcp_session *session, void *data),
                             void *data)
{
    if (http == NULL || fn == NULL)
        return SC_ERR_ARGUMENT;
    /* the sessions are taken (a reference each) under the lock and handed
     * to fn without it: fn sends, and sending takes the lock */
    pthread_mutex_lock(&http->lock);
    size_t count = 0;
    for (size_t i = 0; i < http->session_cap; i++)
        count += http->sessions[i] != NULL;
    http_session **taken = count > 0 ? malloc(count * sizeof *taken) : NULL;
    if (count > 0 && taken == NULL) {
        pthread_mutex_unlock(&http->lock);
        return SC_ERR_NOMEM;
    }
    count = 0;
    for (size_t i = 0; i < http->session_cap; i++)
        if (http->sessions[i] != NULL) {
            taken[count++] = http->sessions[i];
            http->sessions[i]->refs++;
        }
    pthread_mutex_unlock(&http->lock);
    int rc = 0;
    for (size_t i = 0; i < count; i++) {
        int one = fn(&taken[i]->session, data);
        if (rc == 0)
            rc = one;
    }
    pthread_mutex_lock(&http->lock);
    for (size_t i = 0; i < count; i++)
        sc_http_session_release(taken[i]);
    pthread_mutex_unlock(&http->lock);
    free(taken);
    return rc;
}

static int list_changed(sc_mcp_session *session, void *what)
{
    return sc_mcp_list_changed(session, what);
}

static int resource_updated(sc_mcp_session *session, void *uri)
{
    return sc_mcp_resource_updated(session, uri);
}

/* An event of the notification bus (mcp_subscriptions.c) for the 2025
 * sessions of h. */
int sc_http_sessions_deliver(void *h, const sc_mcp_event *event)
{
    return sc_mcp_http_each_session(
        h, event->kind == SC_MCP_EVENT_LIST_CHANGED ? list_changed : resource_updated,
        (void *)event->what);
}

/* Both the 2025 sessions (their GET streams) and the stateless
 * revisions' subscriptions of this server: in this process, and through
 * server->bus on every replica. */
int sc_mcp_http_list_changed(sc_mcp_http *http, const char *what)
{
    if (http == NULL || what == NULL || sc_mcp_list_method(what) == NULL)
        return SC_ERR_ARGUMENT;
    return sc_mcp_publish(http->server, &(sc_mcp_event){SC_MCP_EVENT_LIST_CHANGED, what, true});
}

int sc_mcp_http_resource_updated(sc_mcp_http *http, const char *uri)
{
    if (http == NULL || uri == NULL)
        return SC_ERR_ARGUMENT;
    return sc_mcp_publish(http->server, &(sc_mcp_event){SC_MCP_EVENT_RESOURCE_UPDATED, uri, true});
}

/* A new stream of s (NULL: a POST before its session exists, initialize),
 * with one reference for the caller and one for the session's list; lock
 * held. */
stream *sc_http_stream_new(sc_mcp_http *h, http_session *s, bool get)
{
    stream *st = calloc(1, sizeof *st);
    if (st == NULL)
        return NULL;
    st->http = h;
    st->number = ++h->next_stream_id;
    st->next_seq = 1;
    st->get = get;
    st->refs = 1;
    if (s != NULL) {
        /* keep at most MAX_STREAMS finished POST streams for resumption */
        size_t kept = 0;
        for (stream **p = &s->streams; *p != NULL;) {
            stream *old = *p;
            if (!old->get && old->done && !old->attached && ++kept >= MAX_STREAMS) {
                *p = old->next;
                old->session = NULL;
                sc_http_stream_release(old);
            } else {
                p = &old->next;
            }
        }
        st->session = s;
        st->next = s->streams;
        s->streams = st;
        st->refs++;
    }
    return st;
}

/* Appends message as the stream's next event and keeps the last
 * replay_events written ones; lock held. Returns 0, or non-zero when the
 * event was not kept (no memory, too many unwritten). */
int sc_http_stream_append(sc_mcp_http *h, stream *st, const char *json, size_t len)
{
    if (st->next_seq - 1 - st->delivered >= MAX_BACKLOG)
        return 1;
    char id[48];
    int n = snprintf(id, sizeof id, "id: %u-%llu\ndata: ", st->number, st->next_seq);
    event *e = malloc(sizeof *e + (size_t)n + len + 2);
    if (e == NULL)
        return 1;
    memcpy(e->text, id, (size_t)n);
    memcpy(e->text + n, json, len); /* one line: the core writes no newline */
    memcpy(e->text + n + len, "\n\n", 2);
    e->len = (size_t)n + len + 2;
    e->seq = st->next_seq++;
    e->next = NULL;
    if (st->tail != NULL)
        st->tail->next = e;
    else
        st->head = e;
    st->tail = e;
    st->count++;
    while (st->count > h->replay_events && st->head->seq <= st->delivered) {
        event *old = st->head;
        st->head = old->next;
        st->count--;
        free(old);
    }
    if (st->head == NULL)
        st->tail = NULL;
    pthread_cond_broadcast(&h->wake);
    sc_http_unpark(h, st->reader);
    sc_http_unpark(h, st->waiter);
    return 0;
}

/* sc_mcp_channel.send of a POST's stream, while its handler runs. A
 * client that does not take text/event-stream cannot be sent anything. */
int sc_http_send_on_post(void *ctx, const char *json, size_t len)
{
    stream *st = ctx;
    sc_mcp_http *h = st->http;
    pthread_mutex_lock(&h->lock);
    int rc = h->stopping || !st->sse || (st->done && !st->listening) || st->gone
                 ? 1
                 : sc_http_stream_append(h, st, json, len);
    pthread_mutex_unlock(&h->lock);
    return rc;
}

/* sc_mcp_channel.close of a POST's stream: the POST's connection writes
 * the events sent so far and a retry field, and ends; the stream goes on
 * (the reply its last event) for a GET with Last-Event-ID. Only for a
 * client that takes SSE and speaks 2025-11-25, whose stream starts with an
 * event id to resume from. */
bool sc_http_post_open(void *ctx)
{
    stream *st = ctx;
    sc_mcp_http *h = st->http;
    pthread_mutex_lock(&h->lock);
    bool open = !h->stopping && !st->gone;
    pthread_mutex_unlock(&h->lock);
    return open;
}

int sc_http_close_post(void *ctx, unsigned retry_ms)
{
    stream *st = ctx;
    sc_mcp_http *h = st->http;
    pthread_mutex_lock(&h->lock);
    bool can = !h->stopping && st->sse && !st->done && !st->closed && st->session != NULL &&
               strcmp(st->session->session.protocol_version, "2025-11-25") >= 0;
    if (can) {
        st->closed = true;
        st->close_seq = st->next_seq;
        st->retry_ms = retry_ms;
        st->streaming = true; /* answered as SSE now, if it was not yet */
        pthread_cond_broadcast(&h->wake);
        sc_http_unpark(h, st->reader);
        sc_http_unpark(h, st->waiter);
    }
    pthread_mutex_unlock(&h->lock);
    return can ? 0 : 1;
}

/* sc_mcp_channel.send of a session, for messages outside a request: on
 * its GET stream, kept until a GET takes them (up to replay_events). */
int sc_http_send_outside(void *ctx, const char *json, size_t len)
{
    http_session *s = ctx;
    sc_mcp_http *h = s->http;
    int rc = 1;
    pthread_mutex_lock(&h->lock);
    if (s->listed && !h->stopping) {
        if (s->get == NULL && (s->get = sc_http_stream_new(h, s, true)) != NULL)
            s->get->refs--; /* the session's list holds it */
        rc = s->get != NULL ? sc_http_stream_append(h, s->get, json, len) : 1;
    }
    pthread_mutex_unlock(&h->lock);
    return rc;
}

http_session *sc_http_session_new(sc_mcp_http *h)
{
    http_session *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->http = h;
    s->refs = 1;
    sc_mcp_session_init(&s->session);
    sc_mcp_channel outside = {sc_http_send_outside, s, NULL, NULL};
    sc_mcp_session_set_channel(&s->session, &outside);
    return s;
}
