/* What the files of the Streamable HTTP transport share (mcp_http.c: HTTP;
 * mcp_http_session.c: sessions, streams and their events;
 * mcp_http_connection.c: accepting connections, their deadline;
 * mcp_http_tls.c: the certificate and key of HTTPS). */
#ifndef SCHEMAC_MCP_HTTP_INTERNAL_H
#define SCHEMAC_MCP_HTTP_INTERNAL_H

#include <netinet/in.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>

#include "mcp_internal.h"
#include "schemac/mcp_bus.h"
#include "schemac/mcp_http.h"

#define SESSION_ID_LEN 32 /* hex digits of 128 random bits */
#define DRAIN_FACTOR 4    /* an oversized body is read (and dropped) up to 4 times the limit */
/* Events not yet written to a stream's connection: past it, send fails. */
#define MAX_BACKLOG 1024
#define MAX_STREAMS 16 /* finished streams a session keeps for Last-Event-ID */

/* One SSE event, formatted ("id: ...\ndata: ...\n\n"). */
typedef struct event {
    struct event *next;
    unsigned long long seq;
    size_t len;
    char text[];
} event;

struct http_session;

/* A connection suspended (MHD_suspend_connection) until something is for
 * it: an SSE stream with nothing to write, a POST whose handler runs on a
 * worker. Costs no thread: the reaper watches its socket (EPOLLRDHUP) and
 * its deadline; whoever has something for it resumes it
 * (sc_http_unpark). */
typedef struct parked {
    struct MHD_Connection *c;
    int fd;
    bool on; /* suspended now */
    /* a half close (FIN) means the client has gone: an SSE stream's; a
     * POST's client may half close once its request is sent, and is
     * found gone when its answer cannot be written */
    bool half_close_gone;
    bool gone;           /* its client hung up while it was */
    unsigned slot;       /* in sc_mcp_http.parked, while on */
    unsigned gen;        /* of this parking (a stale watch event is ignored) */
    struct timespec due; /* CLOCK_MONOTONIC: resumed then (keep-alive comment, SSE) */
} parked;

/* A stream of events: a POST answered as SSE (its handler's messages, then
 * its reply) or the session's GET stream (messages outside a request). */
typedef struct stream {
    struct sc_mcp_http *http;
    struct stream *next; /* in the session's list */
    struct http_session *session;
    unsigned number; /* the first part of its event ids */
    unsigned refs;   /* the session's list, a connection, a handler */
    bool get;
    bool attached;                /* a connection is writing it */
    unsigned attachment;          /* counts attachments: a resumption takes over */
    event *head, *tail;           /* kept events, oldest first */
    size_t count;                 /* of them */
    unsigned long long next_seq;  /* of the next event (from 1) */
    unsigned long long delivered; /* events written to a connection, by seq */
    /* a POST's */
    bool done;          /* the handler returned: reply is set */
    sc_mcp_reply reply; /* text copied (malloc) */
    char *reply_text;
    int rc;         /* sc_mcp_handle_on's */
    bool sse;       /* the client takes text/event-stream */
    bool json;      /* ... and application/json */
    bool streaming; /* answered as SSE: the reply is the last event */
    bool closed;    /* the handler closed the POST's connection (sc_mcp_close_stream) */
    unsigned long long close_seq; /* ... before this event: the rest waits for a resumption */
    unsigned retry_ms;            /* the retry field sent as it closes */
    bool gone;                    /* its POST's client left before the reply */
    /* subscriptions/listen of 2026-07-28: the handler returned at once (its
     * listener on this stream, the channel without open: see post), and
     * the stream stays open until its client leaves or the server stops,
     * then ends with listen_result */
    bool listening;
    char *listen_result; /* the graceful end's reply (malloc), or NULL */
    /* the connections to resume when it gets an event or ends */
    parked *reader; /* the attached connection writing it, when it waits */
    parked *waiter; /* its POST waiting for the first event or the reply */
} stream;

typedef struct http_session {
    struct sc_mcp_http *http;
    char id[SESSION_ID_LEN + 1];
    sc_mcp_session session;
    unsigned refs;    /* the table's, and each request's or stream's */
    bool listed;      /* in the table */
    time_t last_used; /* CLOCK_MONOTONIC seconds */
    stream *streams;
    stream *get; /* the GET stream, once a message needs it */
    unsigned next_stream;
    bool owned;              /* opened with an OAuth token: bound to its holder */
    unsigned char owner[32]; /* sc_oauth_owner of that holder */
    /* a stateless session whose request is subscriptions/listen: its core
     * may hold a listener, so it is freed outside the lock (the
     * subscriptions' lock comes before it), by the reaper */
    bool listening;
    struct http_session *dead_next; /* in sc_mcp_http.dead */
    size_t slot;                    /* in sc_mcp_http.sessions, while listed */
    struct http_session *id_next;   /* in its bucket of sc_mcp_http.by_id, while listed */
} http_session;

/* Connections open from one address (max_connections_per_ip). */
typedef struct peer {
    struct peer *next;
    unsigned char ip[16]; /* IPv4 in the first 4 bytes */
    int family;
    unsigned count;
} peer;

/* What the reaper knows of a connection (libmicrohttpd's socket context). */
/* What a TLS connection sent before its handshake completed, counted by
 * the pull function of mcp_http_tls.c. */
typedef struct sc_http_tls_guard {
    const sc_mcp_server *server; /* where a refusal is logged */
    int fd;
    size_t received;
    bool done, refused;
} sc_http_tls_guard;

typedef struct connection {
    struct connection *next, *prev;
    int fd;
    bool receiving; /* reading a request: the deadline runs */
    bool idle;      /* kept alive between requests: nothing of the next one came */
    peer *from;     /* its address's count (NULL: none was made) */
    bool reaped;
    bool hung_up; /* the client closed its side (EPOLLRDHUP), at hung_up_at */
    struct timespec since, hung_up_at;
    sc_http_tls_guard tls;
} connection;

struct sc_mcp_http {
    const sc_mcp_server *server;
    sc_mcp_http_options options;
    char address[INET6_ADDRSTRLEN];
    const char *path;
    size_t max_body;
    unsigned request_timeout, session_timeout, replay_events, keepalive;
    bool check_host;
    bool tls;               /* HTTPS (tls_cert_file, tls_key_file) */
    struct sc_oauth *oauth; /* the OAuth resource server (mcp_oauth.c), or NULL */
    struct MHD_Daemon *daemon;
    unsigned short port;
    sc_mcp_test_handler handler; /* NULL: the core (a test may set its own) */
    pthread_mutex_t lock;        /* everything below, sessions, streams, connections */
    pthread_cond_t wake;         /* a stream got an event or finished; stopping; a handler ended */
    http_session **sessions;
    size_t session_cap;
    /* the listed sessions by id (chained; ids are random, so the chains are
     * short): a request finds its session without a scan of the table */
    http_session **by_id;
    size_t by_id_mask, session_count, free_hint;
    connection *connections;
    unsigned handlers; /* handler threads running */
    unsigned open;     /* connections, counted from their accept */
    unsigned freed;    /* connections closed and sessions freed since memory was given back, */
    time_t trimmed_at; /* then */
    unsigned max_connections, max_per_ip;
    peer *peers;
    int listen_fd;
    pthread_t acceptor;
    unsigned next_stream_id;
    bool stopping;
    pthread_t reaper;
    /* suspended connections (parked): by slot, with the free slots */
    parked **parked;
    unsigned *free_slots;
    size_t parked_cap, free_count;
    unsigned parked_gen;
    int watch_fd;  /* epoll: the parked connections' hang-ups, and hangup_fd, for the reaper */
    int hangup_fd; /* epoll: every connection's hang-up, tagged with its id */
#define SC_HTTP_HANGUPS 0 /* hangup_fd's tag in watch_fd (a parked one's is gen << 32, gen > 0) */
    /* requests parked until a fetch of an issuer's keys ends (OAuth: the
     * fetch runs on mcp_oauth.c's thread, not on the polling thread) */
    struct request *key_waiters;
    unsigned key_waiting;     /* of them, at most MAX_KEY_WAITERS (mcp_http.c) */
    unsigned keys_generation; /* fetches ended */
    http_session *dead;       /* listening sessions to free outside the lock */
    time_t expired_at;        /* when idle sessions were last ended */
    /* the handlers' threads: a pool that grows to max_workers (requests
     * past it get 503) and shrinks when idle; a POST of responses or
     * notifications always gets one, so a handler waiting for its
     * client's answer never starves the answer */
    struct job *jobs, *jobs_tail;
    size_t queued;
    unsigned workers, idle_workers, max_workers, requests_running;
    unsigned starting; /* workers being started: each takes a queued job */
    pthread_cond_t work;
};

/* One HTTP request, from its headers to its completion. */
typedef struct request {
    parked park;       /* while its handler runs (POST) */
    struct stream *st; /* a POST's stream, a reference, once its handler was started */
    bool initialize;
    sc_arena *arena; /* moves to the handler thread with the body */
    char *body;
    size_t len, cap;
    size_t received;
    bool too_large;
    bool checked_late;     /* its header checks wait for its body (see early_checks) */
    bool whole;            /* its body is in */
    bool answered;         /* a response was queued for it */
    http_session *session; /* a reference, once the headers named one */
    const struct sc_mcp_principal
        *principal; /* the verified token's (OAuth; freed with arena), or NULL */
    /* for the access log: the HTTP method and path, when the headers came
     * in, and whether it is a GET stream (logged when it ends) */
    const char *method, *url;
    double arrived;
    bool stream;
    /* parked (park) until its token's keys are fetched; in key_waiters
     * while listed */
    bool keys_wait, keys_listed;
    struct request *keys_prev, *keys_next;
} request;

/* ---- mcp_http_session.c: everything below with the lock held unless it says
 * it takes it ---- */

time_t sc_http_now(void); /* CLOCK_MONOTONIC seconds */
/* A new session, not yet in the table, with one reference for the caller
 * and the core's channel for messages outside a request set. */
http_session *sc_http_session_new(sc_mcp_http *h);
void sc_http_session_release(http_session *s);
/* The notification bus's event (event->sessions) for every session of h
 * (an sc_mcp_http): takes the lock (an sc_mcp_sessions_fn). */
int sc_http_sessions_deliver(void *h, const sc_mcp_event *event);
void sc_http_session_unlist(sc_mcp_http *h, size_t i);
void sc_http_expire_sessions(sc_mcp_http *h, time_t now);
/* These take the lock: the session named id with a reference (NULL: none);
 * one reference fewer; whether initialize may add a session; add s under
 * a new id (SC_ERR_LIMIT: full); end the session named id. */
http_session *sc_http_session_acquire(sc_mcp_http *h, const char *id);
void sc_http_session_done(sc_mcp_http *h, http_session *s);
bool sc_http_session_room(sc_mcp_http *h);
int sc_http_session_list(sc_mcp_http *h, http_session *s);
bool sc_http_session_end(sc_mcp_http *h, const char *id);
stream *sc_http_stream_new(sc_mcp_http *h, http_session *s, bool get);
void sc_http_stream_release(stream *st);
/* Drops the events st keeps (its reply was written: nothing to resume). */
void sc_http_stream_forget(stream *st);
int sc_http_stream_append(sc_mcp_http *h, stream *st, const char *json, size_t len);
/* sc_mcp_channel.send of a POST's stream (ctx: the stream) and of a
 * session (ctx: the session); they take the lock. */
int sc_http_send_on_post(void *ctx, const char *json, size_t len);
int sc_http_send_outside(void *ctx, const char *json, size_t len);
/* sc_mcp_channel.close and .open of a POST's stream; they take the lock. */
int sc_http_close_post(void *ctx, unsigned retry_ms);
bool sc_http_post_open(void *ctx);

/* ---- mcp_http_connection.c ---- */

/* Suspends p's connection (from libmicrohttpd's callback of it) until
 * sc_http_unpark, due (then the reaper unparks it), or its client hangs up
 * (p->gone); lock held. false: not parked (no memory, stopping), the
 * caller goes on. */
bool sc_http_park(sc_mcp_http *h, parked *p, struct MHD_Connection *c);
/* Resumes p's connection if it is parked; lock held. */
void sc_http_unpark(sc_mcp_http *h, parked *p);
/* Forgets p without resuming it (its connection is being closed); lock held. */
void sc_http_unwatch(sc_mcp_http *h, parked *p);
/* Resumes every parked connection (stopping); lock held. */
void sc_http_unpark_all(sc_mcp_http *h);
/* p->due = now + seconds. */
void sc_http_due_in(parked *p, unsigned seconds);
/* Whether p->due has come. */
bool sc_http_is_due(const parked *p);

/* A socket listening on address (port 0: any); -1 with errno. */
int sc_http_listen(const struct sockaddr *address, socklen_t len);
/* Threads: accepting while fewer than max_connections are open; closing
 * connections whose request is late, ending idle sessions. */
void *sc_http_acceptor(void *arg);
void *sc_http_reaper(void *arg);
/* libmicrohttpd's MHD_OPTION_NOTIFY_CONNECTION. */
void sc_http_on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                           enum MHD_ConnectionNotificationCode code);
/* Whether the connection is reading a request (its deadline runs). */
void sc_http_set_receiving(sc_mcp_http *h, struct MHD_Connection *c, bool receiving);
/* A request's headers came in on the connection: it is no longer idle. */
void sc_http_set_busy(sc_mcp_http *h, struct MHD_Connection *c);

/* ---- mcp_http_tls.c ---- */

/* The PEM text of tls_cert_file and tls_key_file, NUL-terminated (malloc). */
typedef struct sc_http_tls {
    char *cert, *key;
    size_t cert_len, key_len;
} sc_http_tls;
/* GnuTLS's priorities by default: Mozilla's intermediate set (mcp_http_tls.c). */
extern const char sc_http_tls_priorities[];
/* Counts what connection c sends before its TLS handshake completes, and
 * closes it past the cap (SC_HTTP_TLS_HANDSHAKE_MAX); before any of its I/O. */
void sc_http_tls_guard_start(sc_http_tls_guard *g, const sc_mcp_server *server,
                             struct MHD_Connection *c, int fd);
#define SC_HTTP_TLS_HANDSHAKE_MAX ((size_t)128 << 10)
/* Reads and checks the options' certificate and key (nothing when neither
 * is set: tls->cert NULL); 0, or SC_ERR_ARGUMENT naming the file. */
int sc_http_tls_load(const sc_mcp_server *server, const sc_mcp_http_options *o, sc_http_tls *tls,
                     sc_error *err);
/* Zeroes the key, frees both. */
void sc_http_tls_free(sc_http_tls *tls);

#endif /* SCHEMAC_MCP_HTTP_INTERNAL_H */
