/* MCP's stdio transport (include/schemac/mcp.h): newline-delimited JSON-RPC
 * on two streams. A line is read into a buffer that grows up to the
 * server's max_message and no further: the rest of a longer line is read
 * and dropped, so no input can make the server hold more than that.
 *
 * The reader keeps reading while a request runs: the client's response to
 * a request of the server (sampling, elicitation) and notifications/
 * cancelled are handled on the reading thread at once, since the handler
 * that waits for them blocks the worker; every other message goes to one
 * worker thread, in order, so requests are answered in the order they
 * came, as before. Lines out (replies and the handlers' own messages) are
 * written whole under one lock. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "mcp_internal.h"

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

/* A message waiting for the worker. */
typedef struct queued {
    struct queued *next;
    size_t len;
    bool too_long;
    char text[]; /* len bytes */
} queued;

/* At most this many messages wait for the worker; past it the reader
 * waits too (a client that floods requests is slowed down, not stored). */
#define QUEUE_MAX 64

typedef struct stdio_server {
    const sc_mcp_server *server;
    sc_mcp_session session;
    FILE *out;
    pthread_mutex_t out_lock; /* one line at a time on out */
    pthread_mutex_t lock;     /* the queue */
    pthread_cond_t changed;
    queued *head, *tail;
    size_t queued_count;
    bool done;       /* end of input: the worker drains the queue and stops */
    bool ready;      /* the worker answered initialize: the reader may touch the session */
    int write_error; /* SC_ERR_ARGUMENT once writing failed */
} stdio_server;

static int write_line(stdio_server *s, const char *json, size_t len)
{
    pthread_mutex_lock(&s->out_lock);
    int failed = fwrite(json, 1, len, s->out) != len || putc('\n', s->out) == EOF || fflush(s->out) != 0;
    pthread_mutex_unlock(&s->out_lock);
    return failed;
}

/* What a handler sends while its request runs (progress, log messages,
 * requests to the client) goes out as lines of its own before the reply. */
static int send_line(void *channel_ctx, const char *json, size_t len)
{
    return write_line(channel_ctx, json, len);
}

/* Answers one message and resets the arena. Returns 0, or an error when
 * the reply could not be written. */
static int answer(stdio_server *s, sc_arena *arena, const char *text, size_t len, bool too_long)
{
    const sc_mcp_server *server = s->server;
    sc_mcp_reply reply;
    int rc = 0;
    if (too_long) {
        sc_mcp_log(server, "a message longer than %zu bytes: skipped", sc_mcp_max_message(server));
        rc = sc_mcp_reply_too_large(server, arena, &reply);
    } else if (!blank(text, len)) {
        if (len > 0 && text[len - 1] == '\r')
            len--; /* CRLF line ends */
        sc_mcp_channel channel = {send_line, s};
        rc = sc_mcp_handle_on(server, &s->session, arena, text, len, &channel, &reply);
    } else {
        reply.text = NULL;
    }
    if (rc != 0) {
        sc_mcp_log(server, "no reply could be made: %s", sc_strerror(rc));
    } else if (reply.text != NULL) {
        /* the reply is one line: sc_print_json escapes every control character */
        if (write_line(s, reply.text, reply.len) != 0)
            rc = SC_ERR_ARGUMENT;
    }
    sc_arena_reset(arena);
    return rc == SC_ERR_ARGUMENT ? rc : 0;
}

/* Whether a message is handled on the reading thread: a response (no
 * method) or notifications/cancelled. Read leniently, only to sort it; the
 * core reads it again under the strictness rules. */
static bool out_of_band(const char *text, size_t len)
{
    cJSON *message = cJSON_ParseWithLength(text, len);
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(message, "method");
    bool oob = cJSON_IsObject(message) &&
               (method == NULL ? cJSON_GetObjectItemCaseSensitive(message, "id") != NULL
                               : cJSON_IsString(method) && strcmp(method->valuestring, "notifications/cancelled") == 0);
    cJSON_Delete(message);
    return oob;
}

static void *worker(void *arg)
{
    stdio_server *s = arg;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    for (;;) {
        pthread_mutex_lock(&s->lock);
        while (s->head == NULL && !s->done)
            pthread_cond_wait(&s->changed, &s->lock);
        queued *q = s->head;
        if (q != NULL) {
            s->head = q->next;
            if (s->head == NULL)
                s->tail = NULL;
            s->queued_count--;
            pthread_cond_broadcast(&s->changed);
        }
        pthread_mutex_unlock(&s->lock);
        if (q == NULL)
            break; /* done and drained */
        int rc = s->write_error == 0 ? answer(s, &arena, q->text, q->len, q->too_long) : 0;
        free(q);
        pthread_mutex_lock(&s->lock);
        if (rc != 0)
            s->write_error = rc;
        /* the session's core exists from here on (its creation happens
         * before the reader reads this flag, under the lock) */
        s->ready = s->session.state == SC_MCP_STATE_READY;
        pthread_mutex_unlock(&s->lock);
    }
    sc_arena_release(&arena);
    return NULL;
}

/* Hands one line to the worker, waiting while the queue is full. */
static int enqueue(stdio_server *s, const line *l)
{
    size_t len = l->too_long ? 0 : l->len;
    queued *q = malloc(sizeof *q + len);
    if (q == NULL)
        return SC_ERR_NOMEM;
    q->next = NULL;
    q->len = len;
    q->too_long = l->too_long;
    if (len > 0)
        memcpy(q->text, l->text, len);
    pthread_mutex_lock(&s->lock);
    while (s->queued_count >= QUEUE_MAX && s->write_error == 0)
        pthread_cond_wait(&s->changed, &s->lock);
    if (s->tail != NULL)
        s->tail->next = q;
    else
        s->head = q;
    s->tail = q;
    s->queued_count++;
    int rc = s->write_error;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    return rc;
}

/* One line read: out of band at once once the session is initialized
 * (before, nothing can await a response), else to the worker. */
static int dispatch(stdio_server *s, sc_arena *arena, line *l)
{
    pthread_mutex_lock(&s->lock);
    bool ready = s->ready;
    pthread_mutex_unlock(&s->lock);
    int rc = ready && !l->too_long && out_of_band(l->text, l->len) ? answer(s, arena, l->text, l->len, false)
                                                                     : enqueue(s, l);
    l->len = 0;
    l->too_long = false;
    return rc;
}

int sc_mcp_serve_stdio(const sc_mcp_server *server, FILE *in, FILE *out)
{
    if (server == NULL || in == NULL || out == NULL)
        return SC_ERR_ARGUMENT;
    size_t max = sc_mcp_max_message(server);
    stdio_server s = {.server = server, .out = out};
    sc_arena arena; /* the reading thread's, for out-of-band messages */
    line l = {NULL, 0, 0, false};
    int rc = 0, c;
    pthread_t thread;
    sc_mcp_session_init(&s.session);
    if (pthread_mutex_init(&s.out_lock, NULL) != 0)
        return SC_ERR_NOMEM;
    if (pthread_mutex_init(&s.lock, NULL) != 0 || pthread_cond_init(&s.changed, NULL) != 0 ||
        pthread_create(&thread, NULL, worker, &s) != 0) {
        pthread_mutex_destroy(&s.out_lock);
        return SC_ERR_NOMEM; /* (a lock that did init is not destroyed: nothing holds it) */
    }
    sc_arena_init(&arena, NULL);
    while (rc == 0 && (c = getc(in)) != EOF) {
        if (c == '\n')
            rc = dispatch(&s, &arena, &l);
        else if (put(&l, c, max) != 0)
            rc = SC_ERR_NOMEM;
    }
    if (rc == 0 && (l.len > 0 || l.too_long)) /* a last line without newline */
        rc = dispatch(&s, &arena, &l);
    pthread_mutex_lock(&s.lock);
    s.done = true;
    pthread_cond_broadcast(&s.changed);
    pthread_mutex_unlock(&s.lock);
    pthread_join(thread, NULL);
    if (rc == 0)
        rc = s.write_error;
    if (rc == 0 && ferror(in)) {
        sc_mcp_log(server, "reading the input failed");
        rc = SC_ERR_ARGUMENT;
    }
    if (rc == SC_ERR_ARGUMENT && !ferror(in))
        sc_mcp_log(server, "writing the output failed");
    for (queued *q = s.head, *next; q != NULL; q = next) {
        next = q->next;
        free(q);
    }
    free(l.text);
    sc_arena_release(&arena);
    sc_mcp_session_free(&s.session);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
    pthread_mutex_destroy(&s.out_lock);
    return rc;
}
