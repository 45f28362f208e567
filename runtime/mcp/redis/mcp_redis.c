/* libschemac-mcp-redis: the notification bus of schemac/mcp_bus.h on Redis
 * pub/sub (hiredis, blocking API), schemac/mcp_redis.h.
 *
 * Two connections: the subscriber's, read by one thread of the bus's own
 * (SUBSCRIBE, then a message at a time until the connection is lost or
 * the bus stops: sc_mcp_redis_bus_stop shuts its socket down to end the
 * blocking read), and the publisher's, used under a lock by whichever
 * thread notifies. Neither holds a lock of libschemac-mcp: the subscriber
 * calls sc_mcp_bus_deliver with none of the bus's locks held. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, strndup */

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>

#include <hiredis/hiredis.h>

#include "schemac/mcp_redis.h"
#include "schemac/schemac.h"

#define PROTOCOL "schemac-mcp/2" /* /1, without SEQ, is still read */
#define PROTOCOL_1 "schemac-mcp/1"
#define ORIGIN_HEX 32
#define SEQ_HEX 16
/* The repeats dropped: the last WINDOW events of each of the last ORIGINS
 * buses heard. */
#define WINDOW 64
#define ORIGINS 64

/* The events of one origin heard lately: top, the highest SEQ, and bit i
 * of seen for top - i. */
typedef struct heard {
    char origin[ORIGIN_HEX];
    uint64_t top, seen;
    uint64_t last; /* when it was heard last (the count of messages), for eviction */
} heard;

typedef struct redis_bus {
    sc_mcp_bus bus; /* bus.bus_ctx: this */
    char *host;     /* or NULL with unix_path */
    int port;
    char *unix_path;
    char *user, *password; /* or NULL */
    char *channel;
    char origin[ORIGIN_HEX + 1];
    unsigned timeout_ms, backoff_min_ms, backoff_max_ms;
    void (*log)(void *log_ctx, const char *line);
    void *log_ctx;

    pthread_t thread;
    heard origins[ORIGINS]; /* the subscriber's own */
    uint64_t messages;
    pthread_mutex_t lock; /* what follows, to the publisher's */
    pthread_cond_t wake;
    bool stopping;
    int subscriber_fd; /* the subscriber's socket while subscribed, else -1 */
    bool subscribed;

    pthread_mutex_t publish_lock; /* the publisher's connection, and next_seq */
    redisContext *publisher;
    uint64_t next_seq;             /* the id of this bus's next event */
    struct timespec publish_retry; /* no new connection before (after a failure) */
    unsigned publish_backoff_ms;
} redis_bus;

static void say(const redis_bus *b, const char *fmt, ...) SC_PRINTF(2, 3);
static void say(const redis_bus *b, const char *fmt, ...)
{
    if (b->log == NULL)
        return;
    char line[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    b->log(b->log_ctx, line);
}

static const char *where(const redis_bus *b, char *out, size_t size)
{
    if (b->unix_path != NULL)
        snprintf(out, size, "unix://%s", b->unix_path);
    else
        snprintf(out, size, strchr(b->host, ':') != NULL ? "[%s]:%d" : "%s:%d", b->host, b->port);
    return out;
}

/* ---- the URL ------------------------------------------------------------------------ */

/* %XX decoding of a URL's user or password, in place. */
static bool percent_decode(char *s)
{
    char *out = s;
    for (const char *in = s; *in != '\0'; in++) {
        if (*in != '%') {
            *out++ = *in;
            continue;
        }
        unsigned value;
        if (sscanf(in + 1, "%2x", &value) != 1 || value == 0 || in[1] == '\0' || in[2] == '\0')
            return false;
        *out++ = (char)value;
        in += 2;
    }
    *out = '\0';
    return true;
}

static bool parse_url(redis_bus *b, const char *url)
{
    b->port = 6379;
    if (strncmp(url, "unix://", 7) == 0) {
        b->unix_path = strdup(url + 7);
        return b->unix_path != NULL && b->unix_path[0] == '/';
    }
    if (strncmp(url, "redis://", 8) != 0)
        return false;
    const char *rest = url + 8;
    const char *at = strrchr(rest, '@');
    if (at != NULL) {
        char *auth = strndup(rest, (size_t)(at - rest));
        if (auth == NULL)
            return false;
        char *colon = strchr(auth, ':');
        if (colon != NULL) {
            *colon = '\0';
            b->password = strdup(colon + 1);
        }
        b->user = auth[0] != '\0' ? strdup(auth) : NULL;
        bool ok = (colon != NULL ? b->password != NULL && percent_decode(b->password) : true) &&
                  (auth[0] == '\0' || (b->user != NULL && percent_decode(b->user)));
        free(auth);
        if (!ok)
            return false;
        if (b->user != NULL &&
            b->password == NULL) { /* redis://PASSWORD@HOST, as redis-cli reads it */
            b->password = b->user;
            b->user = NULL;
        }
        rest = at + 1;
    }
    size_t host_len;
    const char *after;
    if (rest[0] == '[') {
        const char *close = strchr(rest, ']');
        if (close == NULL)
            return false;
        rest++;
        host_len = (size_t)(close - rest);
        after = close + 1;
    } else {
        host_len = strcspn(rest, ":/");
        after = rest + host_len;
    }
    if (host_len == 0 || (b->host = strndup(rest, host_len)) == NULL)
        return false;
    if (*after == ':') {
        char *end;
        unsigned long port = strtoul(after + 1, &end, 10);
        if (end == after + 1 || port == 0 || port > 65535 || (*end != '\0' && *end != '/'))
            return false;
        b->port = (int)port;
        after = end;
    }
    return *after == '\0' || *after == '/';
}

/* ---- connections --------------------------------------------------------------------- */

static struct timeval timeval_ms(unsigned ms)
{
    return (struct timeval){.tv_sec = ms / 1000, .tv_usec = (suseconds_t)(ms % 1000) * 1000};
}

/* A connection, authenticated; NULL after a message in why. */
static redisContext *connect_to(const redis_bus *b, char why[160])
{
    struct timeval timeout = timeval_ms(b->timeout_ms);
    redisContext *c = b->unix_path != NULL ? redisConnectUnixWithTimeout(b->unix_path, timeout)
                                           : redisConnectWithTimeout(b->host, b->port, timeout);
    if (c == NULL || c->err) {
        snprintf(why, 160, "%s", c != NULL ? c->errstr : "out of memory");
        redisFree(c);
        return NULL;
    }
    if (redisSetTimeout(c, timeout) != REDIS_OK || redisEnableKeepAlive(c) != REDIS_OK) {
        snprintf(why, 160, "%s", c->errstr);
        redisFree(c);
        return NULL;
    }
    if (b->password != NULL) {
        redisReply *reply = b->user != NULL ? redisCommand(c, "AUTH %s %s", b->user, b->password)
                                            : redisCommand(c, "AUTH %s", b->password);
        bool ok = reply != NULL && reply->type == REDIS_REPLY_STATUS;
        snprintf(why, 160, "AUTH: %s",
                 reply == NULL        ? c->errstr
                 : reply->str != NULL ? reply->str
                                      : "refused");
        freeReplyObject(reply);
        if (!ok) {
            redisFree(c);
            return NULL;
        }
    }
    return c;
}

static void monotonic(struct timespec *t)
{
    clock_gettime(CLOCK_MONOTONIC, t);
}

static struct timespec later(unsigned ms)
{
    struct timespec t;
    monotonic(&t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

static bool before(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* ---- the subscriber ---------------------------------------------------------------------- */

/* Whether event seq of origin is new: false for one heard already (a
 * PUBLISH sent again on a new connection when Redis had run the first
 * before its connection was lost), or too old to tell. The subscriber's
 * thread alone calls it. */
static bool first_time(redis_bus *b, const char *origin, uint64_t seq)
{
    heard *h = NULL, *oldest = &b->origins[0];
    b->messages++;
    for (size_t i = 0; i < ORIGINS && h == NULL; i++) {
        if (memcmp(b->origins[i].origin, origin, ORIGIN_HEX) == 0)
            h = &b->origins[i];
        else if (b->origins[i].last < oldest->last)
            oldest = &b->origins[i];
    }
    if (h == NULL) { /* a bus not heard lately: it takes the place of the least recent */
        h = oldest;
        memcpy(h->origin, origin, ORIGIN_HEX);
        h->top = seq;
        h->seen = 1;
        h->last = b->messages;
        return true;
    }
    h->last = b->messages;
    if (seq > h->top) {
        h->seen = seq - h->top >= WINDOW ? 1 : (h->seen << (seq - h->top)) | 1;
        h->top = seq;
        return true;
    }
    uint64_t back = h->top - seq;
    if (back >= WINDOW || (h->seen >> back & 1) != 0)
        return false;
    h->seen |= (uint64_t)1 << back;
    return true;
}

static bool hex_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
    return true;
}

/* One message of the channel: delivered unless it is this bus's own or a
 * repeat. */
static void received(redis_bus *b, const char *text, size_t len)
{
    char copy[SC_MCP_REDIS_MAX_MESSAGE + 1];
    if (len > SC_MCP_REDIS_MAX_MESSAGE || memchr(text, '\0', len) != NULL) {
        say(b, "redis bus: a message of %zu bytes on %s dropped (too long, or not text)", len,
            b->channel);
        return;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    /* PROTOCOL ORIGIN SEQ KIND SCOPE WHAT, or PROTOCOL_1 ORIGIN KIND SCOPE WHAT */
    size_t p = sizeof PROTOCOL - 1;
    bool v1 = len > p && memcmp(copy, PROTOCOL_1 " ", p + 1) == 0;
    size_t seq_len = v1 ? 0 : SEQ_HEX + 1;
    bool ok = (v1 || (len > p && memcmp(copy, PROTOCOL " ", p + 1) == 0)) &&
              len > p + 1 + ORIGIN_HEX + seq_len + 5 && hex_digits(copy + p + 1, ORIGIN_HEX);
    const char *origin = copy + p + 1;
    const char *seq_text = origin + ORIGIN_HEX + 1;
    char *kind = ok ? copy + p + 1 + ORIGIN_HEX + seq_len : NULL;
    ok = ok && (v1 || (origin[ORIGIN_HEX] == ' ' && hex_digits(seq_text, SEQ_HEX))) &&
         kind[0] == ' ' && (kind[1] == 'L' || kind[1] == 'U') && kind[2] == ' ' &&
         (kind[3] == 'S' || kind[3] == '-') && kind[4] == ' ' && kind[5] != '\0';
    if (!ok) {
        say(b, "redis bus: a message on %s that is not schemac-mcp's dropped", b->channel);
        return;
    }
    if (memcmp(origin, b->origin, ORIGIN_HEX) == 0)
        return; /* our own: delivered here when it was published */
    if (!v1 && !first_time(b, origin, strtoull(seq_text, NULL, 16))) {
        say(b,
            "redis bus: event %.16s of %.32s on %s dropped: heard before, or older than the last %d",
            seq_text, origin, b->channel, WINDOW);
        return;
    }
    sc_mcp_event event = {kind[1] == 'L' ? SC_MCP_EVENT_LIST_CHANGED
                                         : SC_MCP_EVENT_RESOURCE_UPDATED,
                          kind + 5, kind[3] == 'S'};
    int rc = sc_mcp_bus_deliver(&b->bus, &event);
    if (rc == SC_ERR_ARGUMENT)
        say(b, "redis bus: an event on %s that is no event dropped", b->channel);
}

/* Waits ms, or until the bus stops; lock held. */
static void pause_ms(redis_bus *b, unsigned ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (!b->stopping && pthread_cond_timedwait(&b->wake, &b->lock, &until) == 0) {
    }
}

static void *subscriber(void *arg)
{
    redis_bus *b = arg;
    char place[300], why[160];
    unsigned backoff = b->backoff_min_ms;
    bool lost = false, failing = false;
    where(b, place, sizeof place);
    for (;;) {
        pthread_mutex_lock(&b->lock);
        bool stopping = b->stopping;
        pthread_mutex_unlock(&b->lock);
        if (stopping)
            break;
        redisContext *c = connect_to(b, why);
        redisReply *reply = NULL;
        if (c != NULL) {
            reply = redisCommand(c, "SUBSCRIBE %b", b->channel, strlen(b->channel));
            if (reply == NULL || reply->type != REDIS_REPLY_ARRAY) {
                snprintf(why, sizeof why, "SUBSCRIBE: %s",
                         reply == NULL        ? c->errstr
                         : reply->str != NULL ? reply->str
                                              : "refused");
                redisFree(c);
                c = NULL;
            }
            freeReplyObject(reply);
        }
        if (c == NULL) {
            if (!failing)
                say(b, "redis bus: cannot subscribe at %s (%s); trying again, every %u ms at most",
                    place, why, b->backoff_max_ms);
            failing = true;
            pthread_mutex_lock(&b->lock);
            pause_ms(b, backoff);
            pthread_mutex_unlock(&b->lock);
            backoff = backoff * 2 > b->backoff_max_ms ? b->backoff_max_ms : backoff * 2;
            continue;
        }
        /* a message may wait as long as it likes */
        redisSetTimeout(c, (struct timeval){0, 0});
        pthread_mutex_lock(&b->lock);
        stopping = b->stopping;
        if (!stopping) {
            b->subscriber_fd = c->fd;
            b->subscribed = true;
        }
        pthread_mutex_unlock(&b->lock);
        if (stopping) {
            redisFree(c);
            break;
        }
        backoff = b->backoff_min_ms;
        failing = false;
        if (lost) {
            say(b,
                "redis bus: subscribed again at %s, channel %s: every listener told to fetch its lists",
                place, b->channel);
            sc_mcp_bus_resync(&b->bus); /* what was published meanwhile is lost */
        } else {
            say(b, "redis bus: subscribed at %s, channel %s", place, b->channel);
        }
        while (redisGetReply(c, (void **)&reply) == REDIS_OK) {
            if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 3 &&
                reply->element[0]->type == REDIS_REPLY_STRING &&
                strcmp(reply->element[0]->str, "message") == 0 &&
                reply->element[2]->type == REDIS_REPLY_STRING)
                received(b, reply->element[2]->str, reply->element[2]->len);
            freeReplyObject(reply);
        }
        pthread_mutex_lock(&b->lock);
        b->subscriber_fd = -1;
        b->subscribed = false;
        stopping = b->stopping;
        pthread_mutex_unlock(&b->lock);
        if (!stopping)
            say(b,
                "redis bus: lost the connection to %s (%s): notifications of the other replicas are lost until "
                "it is back",
                place, c->errstr);
        redisFree(c);
        lost = true;
    }
    return NULL;
}

/* ---- the publisher --------------------------------------------------------------------- */

/* PUBLISH on the publisher's connection, made when there is none (and the
 * last failure is past its delay); publish_lock held. *timed_out: the
 * command went out and no reply came in time (Redis may still run it). */
static bool publish_once(redis_bus *b, const char *message, size_t len, char why[160],
                         bool *timed_out)
{
    *timed_out = false;
    if (b->publisher == NULL) {
        struct timespec now;
        monotonic(&now);
        if (before(&now, &b->publish_retry)) {
            snprintf(why, 160, "Redis was not reachable a moment ago");
            return false;
        }
        b->publisher = connect_to(b, why);
        if (b->publisher == NULL) {
            b->publish_retry = later(b->publish_backoff_ms);
            b->publish_backoff_ms = b->publish_backoff_ms * 2 > b->backoff_max_ms
                                        ? b->backoff_max_ms
                                        : b->publish_backoff_ms * 2;
            return false;
        }
    }
    redisReply *reply =
        redisCommand(b->publisher, "PUBLISH %b %b", b->channel, strlen(b->channel), message, len);
    *timed_out = reply == NULL && b->publisher->err == REDIS_ERR_IO &&
                 (errno == EAGAIN || errno == EWOULDBLOCK);
    bool ok = reply != NULL && reply->type == REDIS_REPLY_INTEGER;
    if (*timed_out)
        snprintf(why, 160, "PUBLISH: no reply within %u ms (the other replicas may still get it)",
                 b->timeout_ms);
    else if (!ok)
        snprintf(why, 160, "PUBLISH: %s",
                 reply == NULL        ? b->publisher->errstr
                 : reply->str != NULL ? reply->str
                                      : "refused");
    if (!ok) {
        redisFree(b->publisher);
        b->publisher = NULL;
    } else {
        b->publish_backoff_ms = b->backoff_min_ms;
    }
    freeReplyObject(reply);
    return ok;
}

static int publish(sc_mcp_bus *bus, const sc_mcp_event *event)
{
    redis_bus *b = bus->bus_ctx;
    char message[SC_MCP_REDIS_MAX_MESSAGE + 1], why[160];
    pthread_mutex_lock(&b->publish_lock);
    /* the id a retry repeats: the receivers drop the second copy */
    int n = snprintf(message, sizeof message, PROTOCOL " %s %016llx %c %c %s", b->origin,
                     (unsigned long long)++b->next_seq,
                     event->kind == SC_MCP_EVENT_LIST_CHANGED ? 'L' : 'U',
                     event->sessions ? 'S' : '-', event->what);
    if (n < 0 || (size_t)n >= sizeof message) {
        pthread_mutex_unlock(&b->publish_lock);
        return SC_ERR_LIMIT;
    }
    bool had = b->publisher != NULL, timed_out;
    bool ok = publish_once(b, message, (size_t)n, why, &timed_out);
    /* a connection Redis closed (a restart): one more, new; not after a
     * timeout, which a stalled Redis would only double */
    if (!ok && had && !timed_out)
        ok = publish_once(b, message, (size_t)n, why, &timed_out);
    pthread_mutex_unlock(&b->publish_lock);
    if (!ok) {
        char place[300];
        say(b, "redis bus: cannot publish at %s: %s", where(b, place, sizeof place), why);
        return SC_ERR_ARGUMENT;
    }
    return 0;
}

/* ---- the bus ---------------------------------------------------------------------------- */

static void bus_free(redis_bus *b)
{
    free(b->host);
    free(b->unix_path);
    free(b->user);
    if (b->password != NULL) {
        volatile char *wipe = b->password;
        for (size_t i = 0; wipe[i] != '\0'; i++)
            wipe[i] = 0;
    }
    free(b->password);
    free(b->channel);
    free(b);
}

int sc_mcp_redis_bus_start(const sc_mcp_redis_options *options, sc_mcp_bus **out, sc_error *err)
{
    static const sc_mcp_redis_options none;
    const sc_mcp_redis_options *o = options != NULL ? options : &none;
    *out = NULL;
    redis_bus *b = calloc(1, sizeof *b);
    if (b == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    b->bus.publish = publish;
    b->bus.bus_ctx = b;
    b->subscriber_fd = -1;
    b->timeout_ms = o->timeout_ms > 0 ? o->timeout_ms : 1000;
    b->backoff_min_ms = o->backoff_min_ms > 0 ? o->backoff_min_ms : 100;
    b->backoff_max_ms = o->backoff_max_ms > 0 ? o->backoff_max_ms : 5000;
    if (b->backoff_max_ms < b->backoff_min_ms)
        b->backoff_max_ms = b->backoff_min_ms;
    b->publish_backoff_ms = b->backoff_min_ms;
    b->log = o->log;
    b->log_ctx = o->log_ctx;
    const char *url = o->url != NULL ? o->url : "redis://127.0.0.1:6379";
    const char *channel = o->channel != NULL ? o->channel : SC_MCP_REDIS_DEFAULT_CHANNEL;
    if (!parse_url(b, url)) {
        bus_free(b);
        /* a password is not repeated in a message that may be logged */
        const char *at = strrchr(url, '@');
        return sc_fail(
            err, SC_ERR_ARGUMENT, NULL,
            "not a Redis URL (redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] or unix:///PATH): '%s%.100s'",
            at != NULL ? "...@" : "", at != NULL ? at + 1 : url);
    }
    if (channel[0] == '\0') {
        bus_free(b);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "the Redis channel's name is empty");
    }
    unsigned char raw[ORIGIN_HEX / 2];
    if ((b->channel = strdup(channel)) == NULL ||
        getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
        bus_free(b);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory, or no random bytes");
    }
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(b->origin + 2 * i, 3, "%02x", raw[i]);
    pthread_mutex_init(&b->lock, NULL);
    pthread_mutex_init(&b->publish_lock, NULL);
    pthread_cond_init(&b->wake, NULL);
    if (pthread_create(&b->thread, NULL, subscriber, b) != 0) {
        pthread_cond_destroy(&b->wake);
        pthread_mutex_destroy(&b->lock);
        pthread_mutex_destroy(&b->publish_lock);
        bus_free(b);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "no thread for the Redis subscriber");
    }
    *out = &b->bus;
    return 0;
}

bool sc_mcp_redis_bus_connected(sc_mcp_bus *bus)
{
    redis_bus *b = bus->bus_ctx;
    pthread_mutex_lock(&b->lock);
    bool subscribed = b->subscribed;
    pthread_mutex_unlock(&b->lock);
    return subscribed;
}

void sc_mcp_redis_bus_stop(sc_mcp_bus *bus)
{
    if (bus == NULL)
        return;
    redis_bus *b = bus->bus_ctx;
    pthread_mutex_lock(&b->lock);
    b->stopping = true;
    if (b->subscriber_fd >= 0)
        shutdown(b->subscriber_fd, SHUT_RDWR); /* ends the blocking read */
    pthread_cond_broadcast(&b->wake);
    pthread_mutex_unlock(&b->lock);
    pthread_join(b->thread, NULL);
    redisFree(b->publisher);
    pthread_cond_destroy(&b->wake);
    pthread_mutex_destroy(&b->lock);
    pthread_mutex_destroy(&b->publish_lock);
    bus_free(b);
}

/* ---- sc_mcp_redis_main ------------------------------------------------------------------- */

int sc_mcp_redis_main(const sc_mcp_server *server, const struct sc_mcp_http_options *http, int argc,
                      char **argv)
{
    const char *program = argc > 0 && argv[0] != NULL ? argv[0] : "mcp-server";
    const char *url = NULL, *channel = NULL;
    int kept = argc > 0 ? 1 : 0;
    for (int i = 1; i < argc; i++) {
        const char **value = strcmp(argv[i], "--redis") == 0           ? &url
                             : strcmp(argv[i], "--redis-channel") == 0 ? &channel
                                                                       : NULL;
        if (value == NULL) {
            argv[kept++] = argv[i];
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "%s: %s needs a value\n", program, argv[i]);
            return 2;
        }
        *value = argv[++i];
    }
    if (kept < argc)
        argv[kept] = NULL;
    if (url == NULL && channel != NULL) {
        fprintf(stderr, "%s: --redis-channel goes with --redis URL\n", program);
        return 2;
    }
    bool help = false;
    for (int i = 1; i < kept; i++)
        help = help || strcmp(argv[i], "--help") == 0;
    if (help) {
        int status = sc_mcp_main(server, http, kept, argv);
        printf(
            "--redis URL [--redis-channel NAME]: replicas share list changes and resource updates\n"
            "on Redis pub/sub (redis://[[USER]:PASSWORD@]HOST[:PORT] or unix:///PATH; channel %s)\n",
            SC_MCP_REDIS_DEFAULT_CHANNEL);
        return status;
    }
    if (url == NULL)
        return sc_mcp_main(server, http, kept, argv);
    sc_mcp_redis_options options = {
        .url = url, .channel = channel, .log = server->log, .log_ctx = server->log_ctx};
    sc_mcp_bus *bus;
    sc_error err;
    if (sc_mcp_redis_bus_start(&options, &bus, &err) != 0) {
        fprintf(stderr, "%s: --redis: %s\n", program, err.message);
        return 2;
    }
    int status = sc_mcp_main_bus(server, bus, http, kept, argv);
    sc_mcp_redis_bus_stop(bus);
    return status;
}
