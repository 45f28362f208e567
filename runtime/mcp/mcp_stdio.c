/* MCP's stdio transport (include/schemac/mcp.h): newline-delimited JSON-RPC
 * on two streams. A line is read into a buffer that grows up to the
 * server's max_message and no further: the rest of a longer line is read
 * and dropped, so no input can make the server hold more than that.
 *
 * Two threads: this one reads, and hands requests in order to a handler
 * thread, which answers them one after the other (replies keep the order
 * of the requests); responses and notifications the client sends (the
 * answer to a server request, notifications/cancelled) are handled here,
 * as they come, so they reach a handler that waits for them. Every line
 * out (a reply, or a message the server sends) is written whole under one
 * lock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_internal.h"
#include "schemac/mcp_bus.h"
#include "schemac/schemac.h"

#define MAX_QUEUED 64 /* requests read ahead while one is handled: the reader then waits */

typedef struct line {
    char *text;
    size_t len, cap;
    bool too_long; /* more than max bytes: dropped */
} line;

/* Appends c, growing the buffer up to max bytes. */
static int put(line *l, int c, size_t max)
{
    if (l->too_long)
        return 0;
    if (l->len == max) {
        l->too_long = true;
        return 0;
    }
    if (l->len == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 4096;
        if (cap > max)
            cap = max;
        char *text = realloc(l->text, cap);
        if (text == NULL)
            return SC_ERR_NOMEM;
        l->text = text;
        l->cap = cap;
    }
    l->text[l->len++] = (char)c;
    return 0;
}

static bool blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}

/* A request waiting for the handler thread (text NULL: a line longer than
 * max_message). */
typedef struct queued {
    struct queued *next;
    char *text;
    size_t len;
} queued;

typedef struct stdio_server {
    const sc_mcp_server *server;
    sc_mcp_test_handler handler;
    sc_mcp_session session;
    FILE *out;
    pthread_mutex_t out_lock; /* one line at a time */
    pthread_mutex_t lock;     /* the queue, done, failed */
    pthread_cond_t changed;
    queued *head, *tail;
    size_t count;
    bool done;  /* end of input: the handler ends once the queue is empty */
    bool ready; /* initialize answered: notifications no longer wait for it */
    int failed; /* SC_ERR_ARGUMENT (writing failed) or SC_ERR_NOMEM, which end the serving */
} stdio_server;

static void fail(stdio_server *s, int rc)
{
    pthread_mutex_lock(&s->lock);
    if (s->failed == 0)
        s->failed = rc;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}

/* Writes one line (json has no newline: sc_print_json escapes every
 * control character). */
static int write_line(void *ctx, const char *json, size_t len)
{
    stdio_server *s = ctx;
    pthread_mutex_lock(&s->out_lock);
    bool ok =
        fwrite(json, 1, len, s->out) == len && putc('\n', s->out) != EOF && fflush(s->out) == 0;
    pthread_mutex_unlock(&s->out_lock);
    if (!ok)
        fail(s, SC_ERR_ARGUMENT);
    return ok ? 0 : 1;
}

/* Handles one message (text NULL: one too long) and writes its reply. */
static void answer(stdio_server *s, sc_arena *arena, const char *text, size_t len)
{
    sc_mcp_channel out = {write_line, s, NULL, NULL};
    sc_mcp_reply reply;
    int rc;
    if (text == NULL) {
        sc_mcp_log(s->server, "a message longer than %zu bytes: skipped",
                   sc_mcp_max_message(s->server));
        rc = sc_mcp_reply_too_large(s->server, arena, &reply);
    } else {
        sc_mcp_channel outside = {write_line, s, NULL, NULL};
        rc = s->handler != NULL
                 ? s->handler(s->server, &s->session, arena, text, len, &out, &outside, &reply)
                 : sc_mcp_handle_on(s->server, &s->session, arena, text, len, &out, &reply);
    }
    if (rc != 0) {
        sc_mcp_log(s->server, "no reply could be made: %s", sc_strerror(rc));
        if (rc == SC_ERR_NOMEM)
            fail(s, rc);
    } else if (reply.text != NULL) {
        write_line(s, reply.text, reply.len);
    }
    sc_arena_reset(arena);
}

/* The handler thread: the queued requests, in order. */
static void *handle_requests(void *arg)
{
    stdio_server *s = arg;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (s->head == NULL && !s->done && s->failed == 0)
            pthread_cond_wait(&s->changed, &s->lock);
        if (s->head == NULL || s->failed != 0)
            break;
        queued *q = s->head;
        s->head = q->next;
        if (s->head == NULL)
            s->tail = NULL;
        s->count--;
        pthread_cond_broadcast(&s->changed); /* room for the reader */
        pthread_mutex_unlock(&s->lock);
        answer(s, &arena, q->text, q->len);
        bool ready =
            s->session.state == SC_MCP_STATE_READY; /* only this thread handles initialize */
        free(q->text);
        free(q);
        pthread_mutex_lock(&s->lock);
        s->ready = ready;
    }
    pthread_mutex_unlock(&s->lock);
    sc_arena_release(&arena);
    return NULL;
}

/* Whether a line is a response or a notification (handled as it comes)
 * rather than a request or anything else (queued, in order). Before
 * initialize is answered everything keeps its order, but for
 * notifications/cancelled. */
static bool handled_at_once(stdio_server *s, sc_arena *arena, const char *text, size_t len)
{
    cJSON *tree;
    sc_error err;
    bool at_once = false;
    pthread_mutex_lock(&s->lock);
    bool ready = s->ready;
    pthread_mutex_unlock(&s->lock);
    if (sc_parse_json(arena, text, len, &tree, &err) == 0 && cJSON_IsObject(tree)) {
        bool method = cJSON_GetObjectItemCaseSensitive(tree, "method") != NULL;
        bool id = cJSON_GetObjectItemCaseSensitive(tree, "id") != NULL;
        /* a cancellation reaches a stateless request (2026-07-28: no
         * initialize ever makes the connection ready) while it runs */
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tree, "method"));
        bool cancel = !id && name != NULL && strcmp(name, "notifications/cancelled") == 0;
        at_once = (ready && method != id) || cancel; /* a notification, or a response */
    }
    sc_arena_reset(arena);
    return at_once;
}

/* Takes one line: handled now, or queued for the handler thread. */
static int take(stdio_server *s, sc_arena *arena, line *l)
{
    size_t n = l->len;
    if (n > 0 && l->text[n - 1] == '\r')
        n--; /* CRLF line ends */
    int rc = 0;
    if (!l->too_long && blank(l->text, n)) {
        /* nothing */
    } else if (!l->too_long && handled_at_once(s, arena, l->text, n)) {
        answer(s, arena, l->text, n);
    } else {
        queued *q = malloc(sizeof *q);
        char *text = l->too_long ? NULL : malloc(n + 1);
        if (q == NULL || (!l->too_long && text == NULL)) {
            free(q);
            free(text);
            rc = SC_ERR_NOMEM;
        } else {
            if (text != NULL)
                memcpy(text, l->text, n);
            *q = (queued){NULL, text, n};
            pthread_mutex_lock(&s->lock);
            while (s->count >= MAX_QUEUED && s->failed == 0)
                pthread_cond_wait(&s->changed, &s->lock);
            if (s->tail != NULL)
                s->tail->next = q;
            else
                s->head = q;
            s->tail = q;
            s->count++;
            pthread_cond_broadcast(&s->changed);
            pthread_mutex_unlock(&s->lock);
        }
    }
    l->len = 0;
    l->too_long = false;
    return rc;
}

static int failed(stdio_server *s)
{
    pthread_mutex_lock(&s->lock);
    int rc = s->failed;
    pthread_mutex_unlock(&s->lock);
    return rc;
}

/* An event of sc_mcp_notify_* (mcp_subscriptions.c) for the session, when
 * it is a 2025 one (a stateless client gets it on its subscription). */
static int deliver_event(void *ctx, const sc_mcp_event *event)
{
    stdio_server *s = ctx;
    return event->kind == SC_MCP_EVENT_LIST_CHANGED
               ? sc_mcp_list_changed(&s->session, event->what)
               : sc_mcp_resource_updated(&s->session, event->what);
}

int sc_mcp_serve_stdio(const sc_mcp_server *server, FILE *in, FILE *out)
{
    return sc_mcp_serve_stdio_with(server, in, out, NULL);
}

int sc_mcp_serve_stdio_with(const sc_mcp_server *server, FILE *in, FILE *out,
                            sc_mcp_test_handler handler)
{
    if (server == NULL || in == NULL || out == NULL)
        return SC_ERR_ARGUMENT;
    size_t max = sc_mcp_max_message(server);
    stdio_server s = {.server = server, .handler = handler, .out = out};
    sc_mcp_session_init(&s.session);
    sc_mcp_channel outside = {write_line, &s, NULL, NULL};
    sc_mcp_session_set_channel(&s.session, &outside);
    pthread_mutex_init(&s.out_lock, NULL);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    pthread_t requests;
    int rc = sc_mcp_sessions_attach(server, deliver_event, &s);
    bool attached = rc == 0;
    if (rc == 0 && pthread_create(&requests, NULL, handle_requests, &s) != 0)
        rc = SC_ERR_NOMEM;
    bool started = attached && rc == 0;
    sc_arena arena;
    line l = {NULL, 0, 0, false};
    int c;
    sc_arena_init(&arena, NULL);
    while (rc == 0 && (c = getc(in)) != EOF) {
        if (c == '\n')
            rc = take(&s, &arena, &l);
        else if (put(&l, c, max) != 0)
            rc = SC_ERR_NOMEM;
        if (rc == 0 && c == '\n')
            rc = failed(&s);
    }
    if (rc == 0 && (l.len > 0 || l.too_long)) /* a last line without newline */
        rc = take(&s, &arena, &l);
    if (rc == 0 && ferror(in)) {
        sc_mcp_log(server, "reading the input failed");
        rc = SC_ERR_ARGUMENT;
    }
    if (rc != 0)
        fail(&s, rc);
    pthread_mutex_lock(&s.lock);
    s.done = true; /* the handler answers what is queued, then ends */
    pthread_cond_broadcast(&s.changed);
    pthread_mutex_unlock(&s.lock);
    if (started)
        pthread_join(requests, NULL);
    if (rc == 0)
        rc = s.failed;
    if (rc == SC_ERR_ARGUMENT && !ferror(in))
        sc_mcp_log(server, "writing the output failed");
    while (s.head != NULL) { /* left by a failure */
        queued *q = s.head;
        s.head = q->next;
        free(q->text);
        free(q);
    }
    sc_mcp_tasks_stop(server); /* its client is gone: no one can poll them */
    if (attached)
        sc_mcp_sessions_detach(&s); /* waits for a delivery in progress */
    sc_mcp_session_free(&s.session);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
    pthread_mutex_destroy(&s.out_lock);
    free(l.text);
    sc_arena_release(&arena);
    return rc;
}
