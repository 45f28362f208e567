/* MCP's Streamable HTTP transport (include/schemac/mcp_http.h).
 *
 * Why libmicrohttpd: HTTP parsing is where servers get attacked, so it is
 * left to a library whose only job it is. libmicrohttpd (GNU) is a C
 * library for embedding an HTTP/1.1 server, packaged by every distribution
 * (Debian libmicrohttpd-dev), with a stable API since 2007, strict request
 * parsing, and the limits this transport needs built in (connections,
 * connections per address, per-connection memory, timeouts). The
 * alternatives: the evhttp of libevent (a looser parser; the event loop
 * would become the application's), libsoup (pulls in GLib), civetweb and
 * mongoose (no Debian library package to link against; mongoose is GPL or
 * commercial), h2o (a large server to embed for one endpoint), or parsing
 * HTTP by hand.
 *
 * Threads (docs/internals.md, "The HTTP transport"): libmicrohttpd polls
 * every connection on one thread (epoll) and calls back on it; nothing
 * there waits. A connection with nothing to do is parked (suspended,
 * MHD_ALLOW_SUSPEND_RESUME): an SSE stream between events, whose content
 * reader parks it when no event is queued; a POST while its handler runs.
 * Whatever has something for it resumes it: an event queued, the
 * handler's end, the reaper (mcp_http_connection.c) at its keep-alive
 * time or when its client hangs up. So an idle stream costs memory, no
 * thread. Handlers run on a pool of worker threads that grows to
 * options.threads: each running handler has a thread, so a handler
 * waiting for the client (sampling, elicitation) never holds up the POST
 * that carries the answer, which is never refused for want of one.
 * subscriptions/listen (2026-07-28) keeps no thread either: its handler
 * returns once it has acknowledged (see handle), and its stream stays open
 * until its client leaves.
 *
 * What libmicrohttpd 0.9.75 (Debian 12) does not do is done in front of
 * it: accepting connections and the deadline of a request
 * (mcp_http_connection.c); framing it lets through (two Content-Length or
 * Host lines, Content-Length with Transfer-Encoding, whitespace before a
 * colon, a NUL or control character in a value, a chunked body or
 * another transfer coding: see framing) is refused here with the
 * connection closed. MHD_OPTION_STRICT_FOR_CLIENT makes it refuse an
 * HTTP/1.1 request without Host.
 *
 * Sessions and streams are mcp_http_session.c's: sessions kept by pointer
 * and reference-counted, so the core's state of a session stays at one
 * address while any call on it runs; streams (a POST answered as SSE, the
 * GET stream) keeping their last events for a client that reconnects with
 * Last-Event-ID; event ids are "STREAM-SEQUENCE", unique within the
 * session. One mutex and one condition variable guard sessions, streams
 * and connections: few threads wait on them, and never for long. */
#define _GNU_SOURCE /* strdup, epoll_create1 */

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

#include "mcp_http_internal.h"
#include "mcp_oauth.h"
#include "schemac/schemac.h"

/* ---- responses ------------------------------------------------------------ */

/* CORS, so that a web page of an allowed origin (checked before any
 * answer but 403 is made) can read the answers, see Mcp-Session-Id, and
 * send the headers MCP needs. */
static bool add_cors(struct MHD_Response *response, const char *origin, bool challenge)
{
    if (origin == NULL)
        return true;
    return MHD_add_response_header(response, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, origin) ==
               MHD_YES &&
           MHD_add_response_header(response, MHD_HTTP_HEADER_VARY, "Origin") == MHD_YES &&
           MHD_add_response_header(response, "Access-Control-Expose-Headers",
                                   challenge ? "Mcp-Session-Id, WWW-Authenticate"
                                             : "Mcp-Session-Id") == MHD_YES &&
           MHD_add_response_header(response, "Access-Control-Allow-Methods", "GET, POST, DELETE") ==
               MHD_YES &&
           MHD_add_response_header(
               response, "Access-Control-Allow-Headers",
               "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, "
               "Last-Event-ID") == MHD_YES;
}

typedef struct extra_headers {
    const char *session_id, *allow, *retry_after;
    bool authenticate, close;
    const char *challenge; /* WWW-Authenticate's value (OAuth), else "Bearer" when authenticate */
} extra_headers;

static enum MHD_Result queue(struct MHD_Connection *c, unsigned status,
                             struct MHD_Response *response, const char *type,
                             const extra_headers *x)
{
    if (response == NULL)
        return MHD_NO;
    bool ok = type == NULL ||
              MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, type) == MHD_YES;
    if (ok && x->session_id != NULL)
        ok = MHD_add_response_header(response, "Mcp-Session-Id", x->session_id) == MHD_YES;
    if (ok && x->allow != NULL)
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, x->allow) == MHD_YES;
    if (ok && x->retry_after != NULL)
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER, x->retry_after) ==
             MHD_YES;
    if (ok && (x->authenticate || x->challenge != NULL))
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
                                     x->challenge != NULL ? x->challenge : "Bearer") == MHD_YES;
    if (ok && x->close) /* libmicrohttpd closes the connection after a response that says so */
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close") == MHD_YES;
    if (ok && (status != MHD_HTTP_FORBIDDEN ||
               x->challenge != NULL)) /* a 403 of scopes: the origin passed */
        ok = add_cors(response,
                      MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN),
                      x->challenge != NULL); /* a web client reads the OAuth challenge */
    enum MHD_Result rc = ok ? MHD_queue_response(c, status, response) : MHD_NO;
    MHD_destroy_response(response);
    return rc;
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *text,
                                 size_t len, const extra_headers *x)
{
    static const extra_headers none;
    struct MHD_Response *response =
        MHD_create_response_from_buffer(len, (void *)(uintptr_t)text, MHD_RESPMEM_MUST_COPY);
    return queue(c, status, response, len > 0 ? "application/json" : NULL, x != NULL ? x : &none);
}

/* ---- the access log (sc_mcp_server.access_log) ------------------------------ */

/* The request libmicrohttpd's thread is answering now (on_request sets it):
 * a refusal's access-log line is written where the refusal is made. The
 * requests the core reads log their messages themselves (mcp.c). */
static _Thread_local request *answering;
static _Thread_local const sc_mcp_server *answering_server;

static double monotonic_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* One line for an HTTP request the core did not read: outcome says how it
 * ended ("refused", "stream", "deleted"). */
static void log_http(const sc_mcp_server *server, const request *r, unsigned status,
                     const char *outcome)
{
    if (server == NULL || !server->access_log || r == NULL)
        return;
    const sc_mcp_principal *principal = r->principal;
    sc_mcp_access access = {
        .method = r->method,
        .name = r->url,
        .http_status = status,
        .outcome = outcome,
        .seconds = monotonic_seconds() - r->arrived,
        .subject = principal != NULL ? principal->subject : NULL,
        .client_id = principal != NULL ? principal->client_id : NULL,
    };
    sc_mcp_access_log(server, &access);
}

/* A refusal by the transport: the status and, as the specification allows,
 * a JSON-RPC error saying why (the format and its arguments are ASCII
 * without quotes or backslashes, so the text is a JSON string), with the
 * request's id when its body is in and has one that can be told (the
 * core's reading of ids, sc_mcp_message_id), else null. */
static enum MHD_Result refuse_with(struct MHD_Connection *c, unsigned status,
                                   const extra_headers *x, const char *fmt, ...) SC_PRINTF(4, 5);
static enum MHD_Result refuse_with(struct MHD_Connection *c, unsigned status,
                                   const extra_headers *x, const char *fmt, ...)
{
    char message[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    request *r = answering;
    const cJSON *id = r != NULL && r->arena != NULL && r->len > 0 && !r->too_large
                          ? sc_mcp_message_id(r->arena, r->body, r->len)
                          : NULL;
    char *id_text = NULL;
    if (id != NULL && sc_print_json(id, &id_text) != 0)
        return MHD_NO;
    size_t cap = (id_text != NULL ? strlen(id_text) : 4) + sizeof message + 96;
    char *body = malloc(cap);
    int n =
        body == NULL
            ? -1
            : snprintf(body, cap,
                       "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":%d,\"message\":\"%s\"}}",
                       id_text != NULL ? id_text : "null", SC_MCP_INVALID_REQUEST, message);
    sc_free_string(id_text);
    if (n < 0 || (size_t)n >= cap) {
        free(body);
        return MHD_NO;
    }
    log_http(answering_server, answering, status, "refused");
    if (r != NULL)
        r->answered = true;
    extra_headers headers = *x;
    if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
        headers.allow = "GET, POST, DELETE, OPTIONS";
    headers.authenticate = status == MHD_HTTP_UNAUTHORIZED;
    enum MHD_Result rc = send_text(c, status, body, (size_t)n, &headers);
    free(body);
    return rc;
}

#define refuse(c, status, ...) refuse_with((c), (status), &(extra_headers){0}, __VA_ARGS__)

/* ---- header checks -------------------------------------------------------- */

/* HOST is localhost, 127.0.0.1 or [::1], then nothing or ":PORT". */
static bool loopback_host(const char *host)
{
    static const char *const hosts[] = {"localhost", "127.0.0.1", "[::1]"};
    for (size_t i = 0; i < sizeof hosts / sizeof hosts[0]; i++) {
        size_t n = strlen(hosts[i]);
        if (strncasecmp(host, hosts[i], n) != 0)
            continue;
        const char *port = host + n;
        if (*port == '\0')
            return true;
        if (*port++ != ':' || *port == '\0' || strlen(port) > 5)
            return false;
        return strspn(port, "0123456789") == strlen(port);
    }
    return false;
}

/* http(s)://localhost, 127.0.0.1 or [::1], with any port. */
static bool loopback_origin(const char *origin)
{
    const char *rest = strncmp(origin, "http://", 7) == 0    ? origin + 7
                       : strncmp(origin, "https://", 8) == 0 ? origin + 8
                                                             : NULL;
    return rest != NULL && loopback_host(rest);
}

static bool origin_allowed(const sc_mcp_http *h, const char *origin)
{
    if (origin == NULL)
        return true; /* not a browser: DNS rebinding needs one */
    if (h->options.allowed_origins == NULL)
        return loopback_origin(origin);
    for (size_t i = 0; i < h->options.allowed_origin_count; i++)
        if (strcmp(origin, h->options.allowed_origins[i]) == 0)
            return true;
    return false;
}

/* The Host allow-list: the given one, or for a loopback bind the loopback
 * names (a DNS rebinding page sends its own name as Host). */
static bool host_allowed(const sc_mcp_http *h, const char *host)
{
    if (host == NULL)
        return true; /* HTTP/1.0 (HTTP/1.1 without Host is refused by libmicrohttpd) */
    if (h->options.allowed_hosts != NULL) {
        /* the name without its port: "[::1]:8080" is "[::1]" */
        size_t n = host[0] == '[' ? strcspn(host, "]") + 1 : strcspn(host, ":");
        for (size_t i = 0; i < h->options.allowed_host_count; i++)
            if (strlen(h->options.allowed_hosts[i]) == n &&
                strncasecmp(host, h->options.allowed_hosts[i], n) == 0)
                return true;
        return false;
    }
    return !h->check_host || loopback_host(host);
}

static bool authorized(const sc_mcp_http *h, struct MHD_Connection *c)
{
    if (h->options.authorize == NULL)
        return true;
    const char *value =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
    const char *token = NULL;
    if (value != NULL && strncasecmp(value, "Bearer ", 7) == 0) {
        token = value + 7;
        while (*token == ' ')
            token++;
    }
    return h->options.authorize(h->options.authorize_ctx, token);
}

/* Requests waiting for an issuer's keys at once: past it, 503. A waiter
 * costs no thread (its connection is parked), but each fetch wakes them
 * all to be checked again. */
#define MAX_KEY_WAITERS 256

static int socket_of(struct MHD_Connection *c);

static void keys_unlist(sc_mcp_http *h, request *r)
{
    if (!r->keys_listed)
        return;
    if (r->keys_prev != NULL)
        r->keys_prev->keys_next = r->keys_next;
    else
        h->key_waiters = r->keys_next;
    if (r->keys_next != NULL)
        r->keys_next->keys_prev = r->keys_prev;
    r->keys_listed = false;
    h->key_waiting--;
}

/* mcp_oauth.c's on_fetched, on its fetch thread: a fetch of keys ended,
 * so every request waiting for keys is resumed to be checked again. */
static void keys_fetched(void *ctx)
{
    sc_mcp_http *h = ctx;
    pthread_mutex_lock(&h->lock);
    h->keys_generation++;
    while (h->key_waiters != NULL) {
        request *r = h->key_waiters;
        keys_unlist(h, r);
        sc_http_unpark(h, &r->park);
    }
    pthread_mutex_unlock(&h->lock);
}

/* Parks r until a fetch of keys ends (keys_fetched) or SC_OAUTH_FETCH_SECONDS
 * (and a second) from its first wait, unless a fetch ended since
 * generation (then it is checked again at once: *again); lock not held.
 * false: it cannot wait (too many wait, too late, stopping, gone). */
static bool wait_for_keys(sc_mcp_http *h, struct MHD_Connection *c, request *r, unsigned generation,
                          bool *again)
{
    pthread_mutex_lock(&h->lock);
    *again = h->keys_generation != generation;
    bool parked = false;
    if (!*again && h->key_waiting < MAX_KEY_WAITERS &&
        !(r->keys_wait && sc_http_is_due(&r->park))) {
        if (!r->keys_wait) {
            r->park.fd = socket_of(c);
            sc_http_due_in(&r->park, SC_OAUTH_FETCH_SECONDS + 1);
        }
        parked = sc_http_park(h, &r->park, c);
    }
    if (parked) {
        r->keys_wait = r->keys_listed = true;
        r->keys_prev = NULL;
        r->keys_next = h->key_waiters;
        if (h->key_waiters != NULL)
            h->key_waiters->keys_prev = r;
        h->key_waiters = r;
        h->key_waiting++;
    }
    pthread_mutex_unlock(&h->lock);
    return parked;
}

/* OAuth (mcp_oauth.c): the request's token verified, its principal kept
 * with the request (freed with its arena); or false, with *answer the
 * result of queueing the challenge the specification asks for, or MHD_YES
 * with the request parked until the keys its token needs are fetched
 * (r->keys_wait: on_request calls check_token again once resumed). */
static bool token_allowed(sc_mcp_http *h, struct MHD_Connection *c, request *r,
                          enum MHD_Result *answer)
{
    sc_oauth_principal *principal;
    const char *why;
    bool in_query = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "access_token") != NULL;
    sc_oauth_status status;
    for (bool again = true; again;) {
        pthread_mutex_lock(&h->lock);
        unsigned generation = h->keys_generation;
        pthread_mutex_unlock(&h->lock);
        status = sc_oauth_check(
            h->oauth,
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION),
            in_query, &principal, &why);
        again = false;
        if (status == SC_OAUTH_PENDING && wait_for_keys(h, c, r, generation, &again))
            return *answer = MHD_YES, false;
    }
    r->keys_wait = false;
    *answer = MHD_NO;
    if (status == SC_OAUTH_PENDING && r->park.gone)
        return false;
    if (status == SC_OAUTH_PENDING) {
        char wait[16];
        snprintf(wait, sizeof wait, "%u", SC_OAUTH_FETCH_SECONDS);
        *answer =
            refuse_with(c, MHD_HTTP_SERVICE_UNAVAILABLE, &(extra_headers){.retry_after = wait},
                        "Service Unavailable: the authorization server's keys are being "
                        "fetched; try again shortly");
        return false;
    }
    if (status == SC_OAUTH_ALLOWED &&
        sc_arena_on_release(r->arena, sc_oauth_principal_free, principal) != 0) {
        sc_oauth_principal_free(principal);
        return false;
    }
    if (status == SC_OAUTH_ALLOWED) {
        r->principal = &principal->principal;
        return true;
    }
    if (status == SC_OAUTH_NOMEM)
        return false;
    if (status == SC_OAUTH_UNAVAILABLE) { /* not the token's fault: a 401 would send the client to
                                             sign in again */
        char wait[16];
        snprintf(wait, sizeof wait, "%u", sc_oauth_retry_after(h->oauth));
        *answer =
            refuse_with(c, MHD_HTTP_SERVICE_UNAVAILABLE, &(extra_headers){.retry_after = wait},
                        "Service Unavailable: %s; try again later", why);
        return false;
    }
    char challenge[4096];
    extra_headers x = {
        .challenge = sc_oauth_challenge(h->oauth, status, why, NULL, challenge, sizeof challenge)};
    if (status == SC_OAUTH_MALFORMED)
        *answer = refuse_with(c, MHD_HTTP_BAD_REQUEST, &x, "Bad Request: %s", why);
    else
        *answer = refuse_with(c, MHD_HTTP_UNAUTHORIZED, &x, "Unauthorized: %s",
                              status == SC_OAUTH_NO_TOKEN ? "a bearer token is required" : why);
    return false;
}

/* RFC 9728's metadata, public (any origin may read it: a web client
 * discovers its authorization server with it). */
static enum MHD_Result send_metadata(sc_mcp_http *h, struct MHD_Connection *c, const char *method)
{
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
        return refuse_with(c, MHD_HTTP_METHOD_NOT_ALLOWED, &(extra_headers){.allow = "GET"},
                           "Method Not Allowed: GET the metadata");
    size_t len;
    const char *json = sc_oauth_metadata(h->oauth, &len);
    struct MHD_Response *response =
        MHD_create_response_from_buffer(len, (void *)(uintptr_t)json, MHD_RESPMEM_PERSISTENT);
    if (response == NULL ||
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json") !=
            MHD_YES ||
        MHD_add_response_header(response, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*") !=
            MHD_YES ||
        MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, "max-age=3600") !=
            MHD_YES) {
        if (response != NULL)
            MHD_destroy_response(response);
        return MHD_NO;
    }
    enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return rc;
}

/* A qvalue ("0", "0.5", "1.000"), in thousandths; one that is not is 1. */
static int qvalue(const char *v)
{
    if (*v != '0' && *v != '1')
        return 1000;
    int q = (*v++ - '0') * 1000;
    if (*v == '.')
        for (int scale = 100, i = 1; scale > 0 && v[i] >= '0' && v[i] <= '9'; scale /= 10, i++)
            q += (v[i] - '0') * scale;
    return q > 1000 ? 1000 : q;
}

/* The weight (q, in thousandths) an Accept list gives to media type
 * type/subtype: that of its most specific matching range (RFC 9110
 * section 12.4.2 and 12.5.1), 0 when none matches; 1000 without Accept. */
static int accept_weight(const char *accept, const char *type)
{
    if (accept == NULL)
        return 1000;
    size_t major = strcspn(type, "/");
    int best_rank = -1, weight = 0;
    for (const char *p = accept; *p;) {
        p += strspn(p, " \t,");
        size_t n = strcspn(p, ";,");
        const char *range = p;
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        int rank = -1;
        if (n == strlen(type) && strncasecmp(range, type, n) == 0)
            rank = 2;
        else if (n == major + 2 && strncasecmp(range, type, major + 1) == 0 &&
                 range[major + 1] == '*')
            rank = 1;
        else if (n == 3 && strncmp(range, "*/*", 3) == 0)
            rank = 0;
        p += strcspn(p, ",");
        int q = 1000; /* its parameters: q= */
        for (const char *param = range + strcspn(range, ";,"); *param == ';' && param < p;) {
            param += 1 + strspn(param + 1, " \t");
            if ((param[0] == 'q' || param[0] == 'Q') && param[1] == '=')
                q = qvalue(param + 2);
            param += strcspn(param, ";,");
        }
        if (rank > best_rank) {
            best_rank = rank;
            weight = q;
        }
    }
    return weight;
}

static bool json_content(const char *type)
{
    return type != NULL && strncasecmp(type, "application/json", 16) == 0 &&
           (type[16] == '\0' || type[16] == ';' || type[16] == ' ');
}

static bool supported_version(const char *version)
{
    static const char *const versions[] = SC_MCP_VERSIONS;
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (strcmp(version, versions[i]) == 0)
            return true;
    return false;
}

/* What the header lines of a request say of its framing (RFC 9112
 * sections 2.2, 3.2, 5.1, 6.1, 6.3; RFC 9110 section 5.5). libmicrohttpd
 * 0.9.75 takes them as they come: the first of two Content-Length or
 * Host lines; "Content-Length : 4" as a header named "Content-Length "
 * (the body then unread, and the next request smuggled in it); a control
 * character in a value; a NUL, the value cut there. Its only knob,
 * MHD_OPTION_STRICT_FOR_CLIENT, at 1 refuses just an HTTP/1.1 request
 * without Host (at -1 whitespace before a colon, but Host no longer;
 * MHD_OPTION_CLIENT_DISCIPLINE_LVL came with 0.9.77), so the lines are
 * checked here. It parses chunked bodies without a word to us (an
 * unterminated quoted chunk extension passes; chunk lines never reach
 * the application), and waits for the connection's end after a body in
 * another coding: a body must come with Content-Length (411, as RFC 9112
 * section 6.3 allows), and a coding other than chunked is 501. */
typedef struct framing {
    unsigned lengths, encodings, hosts;
    bool chunked;   /* one Transfer-Encoding, "chunked" (its name has no case) */
    bool bad_name;  /* not a token: whitespace before the colon, ... */
    bool bad_value; /* a control character but HTAB, or a NUL */
    bool bad_host;  /* a character no host and port has */
} framing;

/* RFC 9110 section 5.6.2 */
static bool token(const char *s, size_t n)
{
    static const char tchar[] = "!#$%&'*+-.^_`|~0123456789"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\0' || strchr(tchar, s[i]) == NULL)
            return false;
    return n > 0;
}

static enum MHD_Result scan_framing(void *cls, enum MHD_ValueKind kind, const char *key,
                                    size_t key_size, const char *value, size_t value_size)
{
    framing *f = cls;
    (void)kind;
    if (!token(key, key_size))
        f->bad_name = true;
    for (size_t i = 0; value != NULL && i < value_size; i++)
        if (((unsigned char)value[i] < 0x20 && value[i] != '\t') || value[i] == 0x7F)
            f->bad_value = true;
#if MHD_VERSION == 0x00097500
    /* A NUL: 0.9.75 keeps a value where its line was read, its CR and LF
     * overwritten with two NULs; a NUL of the client's stands before
     * anything else. (A line ended by a bare LF, but the last, looks the
     * same and is refused with it: RFC 9112 section 2.2 allows that.) */
    if (value != NULL && value[value_size + 1] != '\0')
        f->bad_value = true;
#endif
    if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0)
        f->lengths++;
    else if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0)
        f->chunked = ++f->encodings == 1 && value != NULL && strcasecmp(value, "chunked") == 0;
    else if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) {
        f->hosts++;
        /* uri-host [":" port] (RFC 3986: reg-name, IPv4, IP-literal) */
        static const char host_chars[] = "-._~!$&'()*+,;=:[]%0123456789"
                                         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        if (value == NULL || strspn(value, host_chars) != value_size)
            f->bad_host = true;
    }
    return MHD_YES;
}

/* A 2025 session opened with a token is bound to its holder (the same
 * issuer and subject): another's token cannot use it, even knowing its
 * id (the specification's security best practices, session hijacking). */
static bool session_owner(const http_session *s, const sc_mcp_principal *principal)
{
    unsigned char owner[SC_OAUTH_OWNER_LEN];
    if (!s->owned)
        return true;
    if (principal == NULL)
        return false;
    sc_oauth_owner(principal, owner);
    return memcmp(owner, s->owner, sizeof owner) == 0;
}

/* Whether the request's token holds every scope its calls need; if not,
 * *answer is the result of queueing the 403 that names them all (as the
 * specification asks). */
static bool scopes_granted(sc_mcp_http *h, struct MHD_Connection *c, request *r,
                           enum MHD_Result *answer)
{
    if (h->oauth == NULL || r->principal == NULL)
        return true;
    const char *missing =
        sc_oauth_missing_scopes(h->oauth, r->principal, r->arena, r->body, r->len);
    if (missing == NULL)
        return true;
    char challenge[4096];
    extra_headers x = {.challenge = sc_oauth_challenge(h->oauth, SC_OAUTH_INVALID, NULL, missing,
                                                       challenge, sizeof challenge)};
    *answer = refuse_with(c, MHD_HTTP_FORBIDDEN, &x,
                          "Forbidden: insufficient_scope, the request needs %.150s", missing);
    return false;
}

static enum MHD_Result check_token(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                   const char *method, request *r);

/* Framing (see framing): whether it is refused, with *answer the result
 * of queueing the refusal; the connection is closed, since where the next
 * request starts is in doubt (a smuggling attempt). */
static bool framing_refused(struct MHD_Connection *c, enum MHD_Result *answer)
{
    framing f = {0};
    MHD_get_connection_values_n(c, MHD_HEADER_KIND, scan_framing, &f);
    const struct {
        bool broken;
        unsigned status;
        const char *why;
    } rules[] = {
        {f.bad_name, MHD_HTTP_BAD_REQUEST,
         "Bad Request: a header name that is not a token (whitespace before the colon?)"},
        {f.bad_value, MHD_HTTP_BAD_REQUEST,
         "Bad Request: a control character (NUL, CR) in a header value"},
        {f.hosts > 1 || f.bad_host, MHD_HTTP_BAD_REQUEST,
         "Bad Request: more than one Host, or a Host that is no host and port"},
        {f.lengths > 1 || (f.lengths > 0 && f.encodings > 0), MHD_HTTP_BAD_REQUEST,
         "Bad Request: more than one Content-Length, or Content-Length with Transfer-Encoding"},
        {f.encodings > 0 && !f.chunked, MHD_HTTP_NOT_IMPLEMENTED,
         "Not Implemented: a transfer coding other than chunked"},
        {f.encodings > 0, MHD_HTTP_LENGTH_REQUIRED,
         "Length Required: a body needs Content-Length (chunked is not taken)"},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (rules[i].broken) {
            *answer = refuse_with(c, rules[i].status, &(extra_headers){.close = true}, "%s",
                                  rules[i].why);
            return true;
        }
    return false;
}

/* What can be refused from the headers alone: returns MHD_YES to go on
 * reading, or the result of queueing a refusal (libmicrohttpd then drops
 * a body not yet read and closes the connection). */
static enum MHD_Result check_headers(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                     const char *method, request *r)
{
    if (!host_allowed(h, MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST)))
        return refuse(c, MHD_HTTP_FORBIDDEN, "Forbidden: Host not allowed");
    if (h->oauth != NULL && sc_oauth_is_metadata(h->oauth, url))
        return send_metadata(h, c, method);
    if (strcmp(url, h->path) != 0)
        return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: the MCP endpoint is elsewhere");
    if (!origin_allowed(h, MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN)))
        return refuse(c, MHD_HTTP_FORBIDDEN, "Forbidden: Origin not allowed");
    if (strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) /* a CORS preflight carries no credentials */
        return send_text(c, MHD_HTTP_NO_CONTENT, "", 0,
                         &(extra_headers){.allow = "GET, POST, DELETE, OPTIONS"});
    if (!authorized(h, c))
        return refuse(c, MHD_HTTP_UNAUTHORIZED, "Unauthorized: a valid bearer token is required");
    return check_token(h, c, url, method, r);
}

/* The rest of check_headers from the token on; again when a request that
 * waited for keys is resumed. */
static enum MHD_Result check_token(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                   const char *method, request *r)
{
    (void)url;
    enum MHD_Result refused;
    if (h->oauth != NULL && !token_allowed(h, c, r, &refused))
        return refused;
    bool post = strcmp(method, MHD_HTTP_METHOD_POST) == 0,
         get = strcmp(method, MHD_HTTP_METHOD_GET) == 0;
    if (!post && !get && strcmp(method, MHD_HTTP_METHOD_DELETE) != 0)
        return refuse(c, MHD_HTTP_METHOD_NOT_ALLOWED,
                      "Method Not Allowed: POST a message, GET a stream, DELETE a session");
    const char *accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
    if (post && !json_content(
                    MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE)))
        return refuse(c, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE,
                      "Unsupported Media Type: the body must be application/json");
    if (post && accept_weight(accept, "application/json") == 0 &&
        accept_weight(accept, "text/event-stream") == 0)
        return refuse(c, MHD_HTTP_NOT_ACCEPTABLE,
                      "Not Acceptable: the reply is application/json or text/event-stream");
    if (get && accept_weight(accept, "text/event-stream") == 0)
        return refuse(c, MHD_HTTP_NOT_ACCEPTABLE,
                      "Not Acceptable: the stream is text/event-stream");
    /* A body over the limit is read and dropped, and then answered with
     * 413: answering before it is read would close the connection while
     * the client still sends, and most clients then see a reset instead of
     * the 413. Past DRAIN_FACTOR times the limit it is not worth reading. */
    const char *length =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    unsigned long long declared = length != NULL ? strtoull(length, NULL, 10) : 0;
    if (declared / DRAIN_FACTOR > h->max_body)
        return refuse(c, MHD_HTTP_CONTENT_TOO_LARGE,
                      "Content Too Large: the body is over %zu bytes", h->max_body);
    r->too_large = declared > h->max_body;
    const char *id = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Mcp-Session-Id");
    const char *version = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "MCP-Protocol-Version");
    if (id == NULL && !post && version != NULL &&
        sc_mcp_stateless_version(version)) /* 2026-07-28 has no GET, DELETE */
        return refuse_with(
            c, MHD_HTTP_METHOD_NOT_ALLOWED, &(extra_headers){.allow = "POST"},
            "Method Not Allowed: MCP %s has no session to GET or DELETE; POST each request",
            version);
    if (id == NULL && !post)
        return refuse(c, MHD_HTTP_BAD_REQUEST, "Bad Request: Mcp-Session-Id header is required");
    if (id != NULL && (r->session = sc_http_session_acquire(h, id)) == NULL)
        return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: no such session; initialize a new one");
    if (id != NULL &&
        !session_owner(r->session,
                       r->principal)) /* answered as if it were unknown: ids are not probed */
        return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: no such session; initialize a new one");
    /* The specification: an invalid or unsupported revision gets 400; a
     * supported one other than the session's is not refused (a client may
     * carry on with another revision it speaks). */
    if (id != NULL && version != NULL && !supported_version(version))
        return refuse(c, MHD_HTTP_BAD_REQUEST, "Bad Request: unsupported MCP-Protocol-Version");
    return MHD_YES;
}

/* ---- SSE ------------------------------------------------------------------ */

/* A connection writing a stream. */
typedef struct reader {
    sc_mcp_http *h;
    stream *st;             /* a reference */
    http_session *session;  /* a reference (NULL: initialize's stream) */
    parked park;            /* its connection, while there is nothing to write */
    unsigned attachment;    /* its stream's, when it attached */
    unsigned long long pos; /* the seq of the event being written */
    size_t offset;          /* in it */
    char prime[64];         /* the first event, when one is sent */
    size_t prime_len, prime_off;
    bool post;     /* the POST's own connection (which its handler may close) */
    char last[32]; /* the retry field written as the handler closes it */
    size_t last_len, last_off;
} reader;

static size_t copy_out(char *buf, size_t max, const char *text, size_t len, size_t *offset)
{
    size_t n = len - *offset < max ? len - *offset : max;
    memcpy(buf, text + *offset, n);
    *offset += n;
    return n;
}

/* Ends rd's connection with an error. libmicrohttpd 0.9.75 then closes
 * it, but in epoll mode frees it (its socket, its slot) only when it next
 * looks at it, which for a connection with nothing pending may be never:
 * suspended and resumed at once, it is looked at in its next round. */
static ssize_t fail_stream(reader *rd)
{
    MHD_suspend_connection(rd->park.c);
    MHD_resume_connection(rd->park.c);
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/* libmicrohttpd's content reader of a stream, on its polling thread: what
 * there is to write; with nothing, the connection is parked (suspended:
 * no thread waits for it) and returns 0, until an event, the stream's
 * end, its keep-alive comment or its client's hang-up resumes it. */
static ssize_t read_stream(void *cls, uint64_t at, char *buf, size_t max)
{
    reader *rd = cls;
    sc_mcp_http *h = rd->h;
    stream *st = rd->st;
    (void)at;
    if (rd->prime_off < rd->prime_len)
        return (ssize_t)copy_out(buf, max, rd->prime, rd->prime_len, &rd->prime_off);
    pthread_mutex_lock(&h->lock);
    for (;;) {
        /* resumed on another connection, or its client has gone */
        if (rd->attachment != st->attachment || rd->park.gone) {
            pthread_mutex_unlock(&h->lock);
            return fail_stream(rd);
        }
        /* the handler closed this connection: the events before, a retry
         * field, the end; the rest is for the client's resumption */
        bool cut = rd->post && st->closed;
        event *e = st->head;
        while (e != NULL && e->seq < rd->pos)
            e = e->next;
        if (e != NULL && cut && e->seq >= st->close_seq)
            e = NULL;
        if (e == NULL && cut) {
            if (rd->last_len == 0)
                rd->last_len =
                    (size_t)snprintf(rd->last, sizeof rd->last, "retry: %u\n\n", st->retry_ms);
            pthread_mutex_unlock(&h->lock);
            if (rd->last_off < rd->last_len)
                return (ssize_t)copy_out(buf, max, rd->last, rd->last_len, &rd->last_off);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (e != NULL) {
            if (e->seq != rd->pos) { /* the ones before were dropped */
                rd->pos = e->seq;
                rd->offset = 0;
            }
            size_t n = copy_out(buf, max, e->text, e->len, &rd->offset);
            if (rd->offset == e->len) {
                rd->pos++;
                rd->offset = 0;
                if (st->delivered < e->seq)
                    st->delivered = e->seq;
                /* a stateless request's stream cannot be resumed: what it
                 * wrote is not kept (a subscription's would pile up) */
                if (st->session != NULL && st->session->session.state == SC_MCP_STATE_STATELESS)
                    while (st->head != NULL && st->head->seq <= st->delivered) {
                        event *done = st->head;
                        st->head = done->next;
                        if (st->head == NULL)
                            st->tail = NULL;
                        st->count--;
                        free(done);
                    }
            }
            sc_http_due_in(&rd->park, h->keepalive);
            pthread_mutex_unlock(&h->lock);
            return (ssize_t)n;
        }
        bool over = h->stopping || (st->get ? st->session == NULL || !st->session->listed
                                            : st->done && !st->listening);
        if (over && st->listening && st->listen_result != NULL) {
            /* a subscription's graceful end (the server stops): its result */
            char *result = st->listen_result;
            st->listen_result = NULL;
            int rc = sc_http_stream_append(h, st, result, strlen(result));
            free(result);
            if (rc == 0)
                continue;
        }
        if (over) {
            if (!st->get && st->done) /* the reply is written: a finished stream keeps nothing */
                sc_http_stream_forget(st);
            pthread_mutex_unlock(&h->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (sc_http_is_due(&rd->park)) {
            /* a comment: keeps proxies and the idle timeout from ending a quiet stream */
            sc_http_due_in(&rd->park, h->keepalive);
            pthread_mutex_unlock(&h->lock);
            static const char keepalive[] = ": keep-alive\n\n";
            size_t offset = 0;
            return (ssize_t)copy_out(buf, max, keepalive, sizeof keepalive - 1, &offset);
        }
        if (sc_http_park(h, &rd->park, rd->park.c)) {
            pthread_mutex_unlock(&h->lock);
            return 0; /* nothing now: libmicrohttpd asks again once resumed */
        }
        if (h->stopping)
            continue; /* over */
        /* its client has gone (or no memory to park it) */
        pthread_mutex_unlock(&h->lock);
        return fail_stream(rd);
    }
}

static void reader_free(void *cls)
{
    reader *rd = cls;
    sc_mcp_http *h = rd->h;
    pthread_mutex_lock(&h->lock);
    sc_http_unwatch(h, &rd->park);
    if (rd->st->reader == &rd->park)
        rd->st->reader = NULL;
    if (rd->attachment == rd->st->attachment)
        rd->st->attached = false;
    /* a stateless request's client left while it ran: cancelled (a 2025
     * session's stream waits for its client to resume it) */
    if (rd->post && (!rd->st->done || rd->st->listening) && rd->st->session != NULL &&
        rd->st->session->session.state == SC_MCP_STATE_STATELESS) {
        rd->st->gone = true; /* a subscription's sends fail: its listener ends */
        pthread_cond_broadcast(&h->wake);
    }
    sc_http_stream_release(rd->st);
    if (rd->session != NULL) {
        rd->session->last_used = sc_http_now();
        sc_http_session_release(rd->session);
    }
    pthread_mutex_unlock(&h->lock);
    free(rd);
}

/* The socket of connection c (-1: unknown). */
static int socket_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? info->connect_fd : -1;
}

/* Answers with stream st from event pos on, as text/event-stream; takes a
 * reference to st and, when not NULL, to session. */
static enum MHD_Result stream_response(sc_mcp_http *h, struct MHD_Connection *c, stream *st,
                                       http_session *session, unsigned long long pos, bool prime,
                                       const char *new_session_id)
{
    reader *rd = calloc(1, sizeof *rd);
    if (rd == NULL)
        return MHD_NO;
    rd->h = h;
    rd->st = st;
    rd->pos = pos;
    rd->post = prime && !st->get; /* a resumption primes nothing */
    rd->park.fd = socket_of(c);
    rd->park.c = c;
    rd->park.half_close_gone = true;
    sc_http_due_in(&rd->park, h->keepalive);
    pthread_mutex_lock(&h->lock);
    st->refs++;
    st->attached = true;
    rd->attachment = ++st->attachment;
    pthread_cond_broadcast(&h->wake);
    sc_http_unpark(h, st->reader); /* a connection it takes over from ends */
    st->reader = &rd->park;
    if (session != NULL) {
        session->refs++;
        rd->session = session;
    }
    /* 2025-11-25: an event with an id and no data first, so that a client
     * whose connection drops before the first message can still resume,
     * with the retry field (ms) the specification asks for before a
     * connection closes early */
    if (prime && session != NULL && strcmp(session->session.protocol_version, "2025-11-25") >= 0)
        rd->prime_len =
            (size_t)snprintf(rd->prime, sizeof rd->prime, "id: %u-%llu\nretry: 1000\ndata: \n\n",
                             st->number, pos - 1);
    pthread_mutex_unlock(&h->lock);
    /* the block: libmicrohttpd writes a chunked stream through the
     * connection's own buffer; this one is only for HTTP/1.0 clients, and
     * each stream's response has one (memory per stream) */
    struct MHD_Response *response =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, read_stream, rd, reader_free);
    if (response == NULL) {
        reader_free(rd);
        return MHD_NO;
    }
    if (MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache") != MHD_YES) {
        MHD_destroy_response(response);
        return MHD_NO;
    }
    return queue(c, MHD_HTTP_OK, response, "text/event-stream",
                 &(extra_headers){.session_id = new_session_id});
}

/* GET: the session's stream for messages outside a request, or with
 * Last-Event-ID the rest of the stream that event was on. */
static enum MHD_Result get(sc_mcp_http *h, struct MHD_Connection *c, request *r)
{
    http_session *s = r->session;
    const char *last =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_LAST_EVENT_ID);
    unsigned number = 0;
    unsigned long long seq = 0;
    char tail;
    if (last != NULL && sscanf(last, "%u-%llu%c", &number, &seq, &tail) != 2)
        return refuse(c, MHD_HTTP_BAD_REQUEST,
                      "Bad Request: Last-Event-ID is not one of this server's event ids");
    pthread_mutex_lock(&h->lock);
    stream *st = NULL;
    if (last != NULL) {
        for (st = s->streams; st != NULL && st->number != number; st = st->next)
            ;
    } else {
        if (s->get == NULL && (s->get = sc_http_stream_new(h, s, true)) != NULL)
            s->get->refs--; /* the session's list holds it */
        st = s->get;
        seq = st != NULL ? st->delivered : 0; /* what was never written */
    }
    /* a client resuming has given up the connection it resumes from, which
     * may not have noticed yet; a second plain GET would split the stream */
    bool busy = st != NULL && st->attached && last == NULL;
    if (st != NULL)
        st->refs++; /* while unlocked: another POST may drop old streams */
    pthread_mutex_unlock(&h->lock);
    enum MHD_Result result;
    if (st == NULL)
        return last != NULL
                   ? refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: the stream of Last-Event-ID is gone")
                   : MHD_NO;
    if (busy) /* one connection per stream: two would split its messages */
        result = refuse(c, MHD_HTTP_CONFLICT, "Conflict: the stream is open on another connection");
    else
        result = stream_response(h, c, st, s, seq + 1, last == NULL, NULL);
    r->stream = result == MHD_YES;
    pthread_mutex_lock(&h->lock);
    sc_http_stream_release(st);
    pthread_mutex_unlock(&h->lock);
    return result;
}

/* ---- POST ----------------------------------------------------------------- */

#define WORKER_IDLE_SECONDS 2 /* a handler thread with nothing to do this long ends, */
#define WORKERS_KEPT 2        /* but for these many */

/* A message handled on a worker thread. */
typedef struct job {
    struct job *next; /* in the queue */
    sc_mcp_http *h;
    stream *st;            /* a reference */
    http_session *session; /* a reference */
    sc_mcp_test_handler handler;
    sc_arena *arena; /* holds the body; freed by the job */
    const char *body;
    size_t len;
    sc_mcp_headers headers;     /* the request's MCP headers, copied into arena */
    bool request;               /* carries a request (counted against max_workers) */
    bool listen;                /* subscriptions/listen of a stateless revision */
    sc_mcp_trace_headers trace; /* the request's trace context headers, copied into arena */
} job;

static void handle(job *j)
{
    sc_mcp_http *h = j->h;
    stream *st = j->st;
    /* a stateless request's stream ends with it: its client leaving
     * cancels it; a 2025 session's may be resumed (Last-Event-ID). A
     * subscription's channel has no open: sc_mcp_listen then returns at
     * once, its listener kept until the session is freed, which the
     * stream's connection ending does; no thread waits meanwhile */
    bool stateless = j->session->session.state == SC_MCP_STATE_STATELESS;
    sc_mcp_channel request = {sc_http_send_on_post, st, sc_http_close_post,
                              stateless && !j->listen ? sc_http_post_open : NULL},
                   outside = {sc_http_send_outside, j->session, NULL, NULL};
    sc_mcp_reply reply = {SC_MCP_NO_REPLY, NULL, 0,
                          0};                       /* a test handler sets only what it answers */
    sc_mcp_thread_principal = j->headers.principal; /* for sc_mcp_principal_of in the handler */
    sc_mcp_thread_trace = &j->trace;                /* for sc_mcp_trace */
    int rc = j->handler != NULL
                 ? j->handler(h->server, &j->session->session, j->arena, j->body, j->len, &request,
                              &outside, &reply)
                 : sc_mcp_handle_http(h->server, &j->session->session, j->arena, j->body, j->len,
                                      &request, &j->headers, &reply);
    sc_mcp_thread_principal = NULL;
    sc_mcp_thread_trace = NULL;
    char *text = rc == 0 && reply.text != NULL ? malloc(reply.len + 1) : NULL;
    if (text != NULL)
        memcpy(text, reply.text, reply.len);
    else if (rc == 0 && reply.text != NULL)
        rc = SC_ERR_NOMEM;
    pthread_mutex_lock(&h->lock);
    st->rc = rc;
    st->reply = reply;
    st->reply.text = st->reply_text = text;
    /* streaming (or the only form the client takes): the reply is the last
     * event; but a stateless request's envelope error, before anything was
     * streamed, is its HTTP status with the JSON error (400, 404) */
    bool status = reply.http_status != 0 && st->next_seq == 1 && !st->streaming;
    if (text != NULL && !status && (st->streaming || st->next_seq > 1 || !st->json) &&
        sc_http_stream_append(h, st, text, reply.len) != 0)
        st->rc = SC_ERR_NOMEM;
    /* a subscription acknowledged and not answered: open until its client leaves */
    st->listening = j->listen && rc == 0 && reply.outcome == SC_MCP_NO_REPLY && st->next_seq > 1;
    st->done = true;
    h->handlers--;
    if (j->request)
        h->requests_running--;
    pthread_cond_broadcast(&h->wake);
    sc_http_unpark(h, st->waiter);
    sc_http_unpark(h, st->reader);
    sc_http_stream_release(st);
    sc_http_session_release(j->session);
    pthread_mutex_unlock(&h->lock);
    sc_arena_release(j->arena);
    free(j->arena);
    free(j);
}

/* A handler thread: takes jobs until none came for WORKER_IDLE_SECONDS or
 * the server stops. */
static void *worker(void *arg)
{
    sc_mcp_http *h = arg;
    pthread_mutex_lock(&h->lock);
    h->starting--; /* started: it takes a queued job now, as submit counted */
    for (;;) {
        if (h->jobs != NULL) {
            job *j = h->jobs;
            h->jobs = j->next;
            if (h->jobs == NULL)
                h->jobs_tail = NULL;
            h->queued--;
            pthread_mutex_unlock(&h->lock);
            handle(j);
            pthread_mutex_lock(&h->lock);
            continue;
        }
        if (h->stopping)
            break;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += WORKER_IDLE_SECONDS;
        h->idle_workers++;
        int rc = pthread_cond_timedwait(&h->work, &h->lock, &until);
        h->idle_workers--;
        if (rc == ETIMEDOUT && h->jobs == NULL && h->idle_workers >= WORKERS_KEPT)
            break;
    }
    h->workers--;
    pthread_cond_broadcast(&h->wake); /* sc_mcp_http_stop waits for the last */
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* Queues j for a worker: an idle one, else a new one (each job running
 * has a thread: a handler may wait for its client as long as it likes
 * without holding up another). Returns whether a worker must be started
 * (counted already: start_worker, without the lock); lock held. */
static bool submit(sc_mcp_http *h, job *j)
{
    j->next = NULL;
    if (h->jobs_tail != NULL)
        h->jobs_tail->next = j;
    else
        h->jobs = j;
    h->jobs_tail = j;
    h->queued++;
    if (h->idle_workers + h->starting >= h->queued) {
        pthread_cond_signal(&h->work);
        return false;
    }
    h->workers++;
    h->starting++;
    return true;
}

/* Takes j out of the queue if no worker has taken it yet; lock held. */
static bool unqueue(sc_mcp_http *h, job *j)
{
    for (job **p = &h->jobs; *p != NULL; p = &(*p)->next)
        if (*p == j) {
            *p = j->next;
            h->jobs_tail = NULL;
            for (job *k = h->jobs; k != NULL; k = k->next)
                h->jobs_tail = k;
            h->queued--;
            return true;
        }
    return false;
}

/* Starts the worker submit asked for, without the lock (a thread's start
 * can take a while, and the polling thread would wait on the lock); false
 * when the system gives no thread. */
static bool start_worker(sc_mcp_http *h)
{
    pthread_t thread;
    pthread_attr_t attr;
    bool started = pthread_attr_init(&attr) == 0;
    if (started) {
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        started = pthread_create(&thread, &attr, worker, h) == 0;
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        pthread_mutex_lock(&h->lock);
        h->starting--;
        h->workers--;
        pthread_cond_broadcast(&h->wake);
        pthread_mutex_unlock(&h->lock);
    }
    return started;
}

/* Whether body is one initialize request: the only message a POST without
 * a session may carry. */
static bool is_initialize(sc_arena *arena, const char *body, size_t len)
{
    cJSON *tree;
    sc_error err;
    if (sc_parse_json(arena, body, len, &tree, &err) != 0)
        return true; /* let the core answer the parse error */
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(tree, "method");
    return cJSON_IsString(method) && strcmp(method->valuestring, "initialize") == 0;
}

/* Whether body holds a request (or is no JSON-RPC message at all), rather
 * than only notifications and responses. */
static bool carries_request(sc_arena *arena, const char *body, size_t len)
{
    cJSON *tree, *item, *batch;
    sc_error err;
    if (sc_parse_json(arena, body, len, &tree, &err) != 0)
        return true;
    batch = cJSON_IsArray(tree) ? tree : NULL;
    cJSON_ArrayForEach(item,
                       batch) if (cJSON_GetObjectItemCaseSensitive(item, "method") != NULL &&
                                  cJSON_GetObjectItemCaseSensitive(item, "id") != NULL) return true;
    return !cJSON_IsArray(tree) && (cJSON_GetObjectItemCaseSensitive(tree, "method") == NULL) ==
                                       (cJSON_GetObjectItemCaseSensitive(tree, "id") == NULL);
}

static char *retry_after(const sc_mcp_http *h, char buf[16])
{
    snprintf(buf, 16, "%u", h->session_timeout < 60 ? h->session_timeout : 60);
    return buf;
}

/* The request's Mcp-Param-NAME headers, as an object of NAME (lower
 * case: header names have no case) to value, for the core's check of
 * x-mcp-header parameters. */
static void lower_case(char *out, size_t size, const char *in)
{
    size_t n = 0;
    for (; in[n] != '\0' && n + 1 < size; n++)
        out[n] = (char)tolower((unsigned char)in[n]);
    out[n] = '\0';
}

static enum MHD_Result collect_param(void *cls, enum MHD_ValueKind kind, const char *key,
                                     const char *value)
{
    cJSON *params = cls;
    char name[128];
    (void)kind;
    if (strncasecmp(key, "Mcp-Param-", 10) != 0 || value == NULL)
        return MHD_YES;
    lower_case(name, sizeof name, key + 10);
    if (!cJSON_HasObjectItem(params, name)) /* the first of repeated ones */
        cJSON_AddStringToObject(params, name, value);
    return MHD_YES;
}

static void delete_tree(void *tree)
{
    cJSON_Delete(tree);
}

static const char *param_of(void *ctx, const char *name)
{
    char lower[128];
    lower_case(lower, sizeof lower, name);
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ctx, lower));
}

/* A header's value copied into arena (NULL when absent or out of memory). */
static const char *header_copy(struct MHD_Connection *c, sc_arena *arena, const char *name)
{
    const char *value = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
    return value != NULL ? sc_arena_strndup(arena, value, strlen(value)) : NULL;
}

/* When body is one subscriptions/listen request: the reply that ends it
 * gracefully, its result tagged with its subscription id as its
 * notifications are (malloc); else NULL. */
static char *listen_result(sc_arena *arena, const char *body, size_t len)
{
    cJSON *tree;
    sc_error err;
    if (sc_parse_json(arena, body, len, &tree, &err) != 0 || !cJSON_IsObject(tree))
        return NULL;
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(tree, "method");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(tree, "id");
    if (!cJSON_IsString(method) || strcmp(method->valuestring, "subscriptions/listen") != 0 ||
        id == NULL || (!cJSON_IsString(id) && !cJSON_IsNumber(id)))
        return NULL;
    cJSON *reply = cJSON_CreateObject(), *result = NULL, *meta = NULL;
    bool ok = reply != NULL && cJSON_AddStringToObject(reply, "jsonrpc", "2.0") != NULL &&
              cJSON_AddItemToObject(reply, "id", cJSON_Duplicate(id, false)) &&
              (result = cJSON_AddObjectToObject(reply, "result")) != NULL &&
              (meta = cJSON_AddObjectToObject(result, "_meta")) != NULL &&
              cJSON_AddItemToObject(meta, "io.modelcontextprotocol/subscriptionId",
                                    cJSON_Duplicate(id, false));
    char *text = NULL, *copy = NULL;
    if (ok && sc_print_json(reply, &text) == 0) {
        copy = strdup(text);
        sc_free_string(text);
    }
    cJSON_Delete(reply);
    return copy;
}

/* The rest of a POST, on its first call and each time its connection is
 * resumed: parked while its handler neither sends nor answers (a client
 * that takes SSE gets the stream after keepalive_seconds without either,
 * so that a long call keeps its connection alive), then the answer. */
static enum MHD_Result post_wait(sc_mcp_http *h, struct MHD_Connection *c, request *r)
{
    stream *st = r->st;
    bool initialize = r->initialize;
    char wait[16];
    pthread_mutex_lock(&h->lock);
    if (st->waiter == &r->park)
        st->waiter = NULL;
    if (r->park.gone) { /* the client hung up while its handler ran */
        if (st->session != NULL && st->session->session.state == SC_MCP_STATE_STATELESS) {
            st->gone = true; /* cancelled */
            pthread_cond_broadcast(&h->wake);
        }
        pthread_mutex_unlock(&h->lock);
        return MHD_NO;
    }
    if (!st->done && st->next_seq == 1 && !h->stopping && !st->streaming) {
        bool due = sc_http_is_due(&r->park);
        if (due && st->sse && !initialize) {
            st->streaming = true;
        } else {
            if (due)
                sc_http_due_in(&r->park, h->keepalive);
            if (sc_http_park(h, &r->park, c)) {
                st->waiter = &r->park;
                pthread_mutex_unlock(&h->lock);
                return MHD_YES; /* called again once resumed */
            }
            if (!h->stopping) { /* its client has gone, or no memory */
                pthread_mutex_unlock(&h->lock);
                return MHD_NO;
            }
        }
    }
    bool stopping = h->stopping && !st->done && st->next_seq == 1 && !st->streaming;
    bool streaming = st->next_seq > 1 || st->streaming;
    st->streaming = streaming;
    sc_mcp_reply reply = st->reply;
    int rc = st->rc;
    r->st = NULL; /* its reference is released below */
    pthread_mutex_unlock(&h->lock);
    enum MHD_Result result = MHD_NO;
    const char *new_id = NULL;
    if (stopping)
        goto out;
    if (rc != 0 && !streaming) {
        sc_mcp_log(h->server, "http: no reply could be made: %s", sc_strerror(rc));
        goto out;
    }
    if (initialize && r->session->session.state == SC_MCP_STATE_READY && !streaming) {
        int listed = sc_http_session_list(h, r->session);
        if (listed == SC_ERR_LIMIT) {
            result = refuse_with(c, MHD_HTTP_SERVICE_UNAVAILABLE,
                                 &(extra_headers){.retry_after = retry_after(h, wait)},
                                 "Service Unavailable: every session is in use; try again later");
            goto out;
        }
        if (listed != 0) {
            sc_mcp_log(h->server, "http: no random bytes for a session id");
            goto out;
        }
        new_id = r->session->id;
    }
    if (streaming) {
        result = stream_response(h, c, st, initialize ? NULL : r->session, 1, true, NULL);
        goto out;
    }
    switch (reply.outcome) {
    case SC_MCP_NO_REPLY:
        result = send_text(c, MHD_HTTP_ACCEPTED, "", 0, NULL);
        break;
    case SC_MCP_REJECTED:
        result = send_text(c, MHD_HTTP_BAD_REQUEST, reply.text, reply.len, NULL);
        break;
    case SC_MCP_ANSWERED:
        result = send_text(c, reply.http_status != 0 ? reply.http_status : MHD_HTTP_OK, reply.text,
                           reply.len, &(extra_headers){.session_id = new_id});
        break;
    }
out:
    pthread_mutex_lock(&h->lock);
    sc_http_stream_release(st);
    pthread_mutex_unlock(&h->lock);
    return result;
}

static enum MHD_Result post(sc_mcp_http *h, struct MHD_Connection *c, request *r)
{
    /* without a session: initialize opens one; anything else is served
     * statelessly (2026-07-28) on a session of its own that ends with it */
    bool initialize = r->session == NULL && is_initialize(r->arena, r->body, r->len);
    bool stateless = r->session == NULL && !initialize;
    char wait[16];
    enum MHD_Result refused;
    if (!scopes_granted(h, c, r, &refused))
        return refused;
    cJSON *params = cJSON_CreateObject(); /* the arena's, which goes with the body */
    if (params == NULL || sc_arena_on_release(r->arena, delete_tree, params) != 0)
        return MHD_NO;
    MHD_get_connection_values(c, MHD_HEADER_KIND, collect_param, params);
    sc_mcp_headers headers = {header_copy(c, r->arena, "MCP-Protocol-Version"),
                              header_copy(c, r->arena, "Mcp-Method"),
                              header_copy(c, r->arena, "Mcp-Name"),
                              param_of,
                              params,
                              r->principal};
    sc_mcp_trace_headers trace = {header_copy(c, r->arena, "traceparent"),
                                  header_copy(c, r->arena, "tracestate"),
                                  header_copy(c, r->arena, "baggage")};
    if (stateless && (r->session = sc_http_session_new(h)) == NULL)
        return MHD_NO;
    if (stateless)
        r->session->session.state = SC_MCP_STATE_STATELESS;
    if (initialize && !sc_http_session_room(h))
        return refuse_with(c, MHD_HTTP_SERVICE_UNAVAILABLE,
                           &(extra_headers){.retry_after = retry_after(h, wait)},
                           "Service Unavailable: every session is in use; try again later");
    if (initialize && (r->session = sc_http_session_new(h)) == NULL)
        return MHD_NO;
    if (initialize && r->principal != NULL) { /* bound to its opener (session_owner) */
        sc_oauth_owner(r->principal, r->session->owner);
        r->session->owned = true;
    }
    const char *accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
    /* handlers go on after their client is gone: a client that posts slow
     * calls and leaves must not pile up threads without end; a response
     * or a notification always reaches its handler (a handler may be
     * waiting for it) */
    bool carries = carries_request(r->arena, r->body, r->len);
    pthread_mutex_lock(&h->lock);
    bool busy = carries && h->requests_running >= h->max_workers;
    pthread_mutex_unlock(&h->lock);
    if (busy)
        return refuse_with(c, MHD_HTTP_SERVICE_UNAVAILABLE, &(extra_headers){.retry_after = "1"},
                           "Service Unavailable: %u requests in progress", h->max_workers);
    /* a 2026-07-28 request names its method in Mcp-Method, which the core
     * checks against the body: only then is the body parsed again here */
    const char *method = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Mcp-Method");
    char *listening = stateless && method != NULL && strcmp(method, "subscriptions/listen") == 0
                          ? listen_result(r->arena, r->body, r->len)
                          : NULL;
    job *j = calloc(1, sizeof *j);
    pthread_mutex_lock(&h->lock);
    stream *st = j != NULL ? sc_http_stream_new(h, initialize ? NULL : r->session, false) : NULL;
    bool started = false;
    if (st != NULL) {
        st->sse = accept_weight(accept, "text/event-stream") > 0;
        st->json = accept_weight(accept, "application/json") > 0;
        st->refs++; /* the job's */
        r->session->refs++;
        h->handlers++;
        h->requests_running += carries;
        *j = (job){NULL,    h,      st,      r->session, h->handler,        r->arena,
                   r->body, r->len, headers, carries,    listening != NULL, trace};
        if (listening != NULL) { /* its session's core will hold a listener */
            r->session->listening = true;
            st->listen_result = listening;
            listening = NULL;
        }
        bool spawn = submit(h, j);
        pthread_mutex_unlock(&h->lock);
        started = !spawn || start_worker(h);
        pthread_mutex_lock(&h->lock);
        /* no thread: the job waits for a worker that is running, if any,
         * else the request fails */
        if (!started && h->workers > 0)
            started = true;
        if (!started && !unqueue(h, j))
            started = true; /* a worker took it meanwhile */
        if (!started) {
            h->handlers--;
            h->requests_running -= carries;
            r->session->refs--;
            st->refs--; /* the job's */
            sc_http_stream_release(st);
        } else {
            r->st = st; /* sc_http_stream_new's reference: the request's, until it is answered */
            r->initialize = initialize;
            r->park.fd = socket_of(c);
            sc_http_due_in(&r->park, h->keepalive);
        }
    }
    pthread_mutex_unlock(&h->lock);
    free(listening);
    if (!started) {
        free(j);
        sc_mcp_log(h->server, "http: no thread or memory for a request");
        return MHD_NO;
    }
    r->arena = NULL; /* the job's now */
    r->body = NULL;
    /* parked from the next call, once libmicrohttpd has marked the request
     * read (it then does not read the connection when resuming it: a
     * client that half closed after its request would be closed unanswered) */
    return MHD_YES;
}

/* ---- libmicrohttpd's callbacks -------------------------------------------- */

typedef enum MHD_Result (*answer_fn)(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                     const char *method, request *r);

/* fn's answer to r, with r as the request being answered for the access log. */
static enum MHD_Result answer_request(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                      const char *method, request *r, answer_fn fn)
{
    answering = r;
    answering_server = h->server;
    enum MHD_Result result = fn(h, c, url, method, r);
    answering = NULL;
    answering_server = NULL;
    return result;
}

/* The whole request is in: the answer by its method. */
static enum MHD_Result answer_by_method(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                        const char *method, request *r)
{
    (void)url;
    if (r->too_large)
        return refuse(c, MHD_HTTP_CONTENT_TOO_LARGE,
                      "Content Too Large: the body is over %zu bytes", h->max_body);
    if (strcmp(method, MHD_HTTP_METHOD_DELETE) == 0) {
        if (!sc_http_session_end(h, r->session->id))
            return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: no such session");
        log_http(h->server, r, MHD_HTTP_OK, "deleted");
        return send_text(c, MHD_HTTP_OK, "", 0, NULL);
    }
    if (strcmp(method, MHD_HTTP_METHOD_GET) == 0)
        return get(h, c, r);
    return post(h, c, r);
}

/* A refusal (401, 403, 404, ...) carries the request's id, so that a
 * client waiting for that id's answer gets it: a POST declaring a body of
 * at most ID_BODY bytes is read whole before its headers are judged
 * (refuse_with then finds the id); a larger or chunked one, like any
 * other request, is judged on its headers alone, its refusal's id null.
 * Framing is always judged at once. ID_BODY bounds what a client that
 * never authenticates can make the server hold: as much again as the
 * connection's own memory. */
#define ID_BODY (16 * 1024)

static enum MHD_Result early_checks(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                    const char *method, request *r)
{
    enum MHD_Result answer;
    if (framing_refused(c, &answer))
        return answer;
    const char *length =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    unsigned long long declared = length != NULL ? strtoull(length, NULL, 10) : 0;
    r->checked_late = strcmp(method, MHD_HTTP_METHOD_POST) == 0 && length != NULL &&
                      declared <= ID_BODY && declared <= h->max_body;
    return r->checked_late ? MHD_YES : check_headers(h, c, url, method, r);
}

/* The whole request is in: the checks that waited for its body, then its
 * answer. */
static enum MHD_Result answer_whole(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                    const char *method, request *r)
{
    if (r->checked_late) {
        r->checked_late = false;
        enum MHD_Result checked = check_headers(h, c, url, method, r);
        if (checked != MHD_YES || r->answered || r->keys_wait)
            return checked;
    }
    return answer_by_method(h, c, url, method, r);
}

/* A request resumed from its wait for keys: the checks from its token on,
 * then its answer when its body was already in (its checks waited for it,
 * see early_checks); else its body is read as usual. */
static enum MHD_Result checks_resumed(sc_mcp_http *h, struct MHD_Connection *c, const char *url,
                                      const char *method, request *r)
{
    enum MHD_Result checked = check_token(h, c, url, method, r);
    if (checked != MHD_YES || r->answered || r->keys_wait || !r->whole)
        return checked;
    return answer_by_method(h, c, url, method, r);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    sc_mcp_http *h = cls;
    request *r = *con_cls;
    (void)version;
    if (r == NULL) { /* the headers are in */
        r = calloc(1, sizeof *r);
        if (r == NULL || (r->arena = malloc(sizeof *r->arena)) == NULL) {
            free(r);
            return MHD_NO;
        }
        sc_arena_init(r->arena, NULL);
        if (h->server->limits != NULL) /* from the body on: the whole request counts */
            sc_arena_set_limits(r->arena, h->server->limits);
        *con_cls = r;
        r->method = method; /* libmicrohttpd's, until on_completed */
        r->url = url;
        r->arrived = monotonic_seconds();
        sc_http_set_busy(h, c);
        return answer_request(h, c, url, method, r, early_checks);
    }
    if (r->st != NULL) /* a POST resumed: its handler sent, answered, or its client went */
        return post_wait(h, c, r);
    if (r->keys_wait) { /* resumed from its wait for keys (libmicrohttpd calls it as for the
                           headers again) */
        pthread_mutex_lock(&h->lock);
        keys_unlist(h, r);
        bool gone = r->park.gone;
        pthread_mutex_unlock(&h->lock);
        return gone ? MHD_NO : answer_request(h, c, url, method, r, checks_resumed);
    }
    if (*upload_data_size > 0) { /* a part of the body */
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        r->received += n;
        if (r->too_large || r->len + n > h->max_body) {
            /* drop it, answer 413 at the end (see check_headers), and stop
             * reading a sender that goes on far beyond the limit */
            r->too_large = true;
            return r->received / DRAIN_FACTOR > h->max_body ? MHD_NO : MHD_YES;
        }
        if (r->len + n > r->cap) {
            size_t cap = r->cap ? r->cap : 4096;
            while (cap < r->len + n)
                cap *= 2;
            char *body = sc_arena_grow(r->arena, r->body, r->cap, cap);
            if (body == NULL)
                return MHD_NO;
            r->body = body;
            r->cap = cap;
        }
        memcpy(r->body + r->len, upload_data, n);
        r->len += n;
        return MHD_YES;
    }
    /* the whole request is in: its deadline is met */
    sc_http_set_receiving(h, c, false);
    r->whole = true;
    return answer_request(h, c, url, method, r, answer_whole);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    sc_mcp_http *h = cls;
    request *r = *con_cls;
    (void)toe;
    sc_http_set_receiving(h, c, true); /* the next request on this connection: a new deadline */
    if (r == NULL)
        return;
    if (r->stream) /* a GET stream's line when it ends: how long it was open */
        log_http(h->server, r, MHD_HTTP_OK, "stream");
    if (r->keys_wait) { /* closed while it waited for keys */
        pthread_mutex_lock(&h->lock);
        keys_unlist(h, r);
        sc_http_unwatch(h, &r->park);
        pthread_mutex_unlock(&h->lock);
    }
    if (r->st != NULL) { /* closed before its answer */
        pthread_mutex_lock(&h->lock);
        sc_http_unwatch(h, &r->park);
        if (r->st->waiter == &r->park)
            r->st->waiter = NULL;
        if (!r->st->done && r->st->session != NULL &&
            r->st->session->session.state == SC_MCP_STATE_STATELESS)
            r->st->gone = true; /* cancelled */
        sc_http_stream_release(r->st);
        pthread_mutex_unlock(&h->lock);
    }
    sc_http_session_done(h, r->session);
    if (r->arena != NULL) {
        sc_arena_release(r->arena);
        free(r->arena);
    }
    free(r);
    *con_cls = NULL;
}

static void on_log(void *cls, const char *fmt, va_list ap)
{
    const sc_mcp_server *server = cls;
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    line[strcspn(line, "\n")] = '\0';
    /* read_stream ends a stream with an error only when its client left
     * or resumed it on another connection: the usual end of an SSE
     * stream, not a failure worth a line */
    static const char stream_end[] = "Closing connection (application error generating response)";
    if (strncmp(line, stream_end, sizeof stream_end - 1) == 0)
        return;
    /* what libmicrohttpd says of every failed TLS handshake, whatever
     * its cause (connection_https.c) */
    static const char handshake[] = "Error: received handshake message out of context.";
    if (strcmp(line, handshake) == 0) {
        sc_mcp_log(
            server,
            "http: a TLS handshake failed (a plain HTTP request, TLS before 1.2, no common cipher, "
            "or a client that does not trust the certificate): connection closed");
        return;
    }
    sc_mcp_log(server, "http: %s", line);
}

/* ---- the server ----------------------------------------------------------- */

#define DEFAULT_MAX_CONNECTIONS 16384
/* libmicrohttpd's memory of a connection: its request's headers, its
 * buffers (libmicrohttpd zeroes it between requests, so all of it is
 * resident); the body is not in it. 32 KB by default: half of it is
 * plenty for headers (an access token included), and 10,000 streams
 * save 160 MB */
#define CONNECTION_MEMORY (16 * 1024)
#define DEFAULT_THREADS 256
#define DEFAULT_MAX_SESSIONS 16384 /* as many as streams: a 2025 client holds one each */
#define SPARE_FILES 64             /* open files kept for the rest of the process */

/* How many of wanted connections the process's open files allow
 * (RLIMIT_NOFILE, each connection a socket): the soft limit is raised
 * towards the hard one as far as they need; what does not fit is said
 * when wanted was asked for (else the default shrinks quietly). */
static unsigned open_files_for(const sc_mcp_server *server, unsigned wanted, bool asked)
{
    struct rlimit limit;
    rlim_t need = (rlim_t)wanted + SPARE_FILES;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
        limit.rlim_cur >= need)
        return wanted;
    struct rlimit raised = limit;
    raised.rlim_cur =
        limit.rlim_max == RLIM_INFINITY || limit.rlim_max >= need ? need : limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
        limit = raised;
    if (limit.rlim_cur >= need)
        return wanted;
    unsigned fit =
        limit.rlim_cur > 2 * SPARE_FILES ? (unsigned)(limit.rlim_cur - SPARE_FILES) : SPARE_FILES;
    if (asked)
        sc_mcp_log(server, "http: %llu open files at most (ulimit -Hn): %u connections, not %u",
                   (unsigned long long)limit.rlim_cur, fit, wanted);
    return fit;
}

static bool loopback_address(const char *address)
{
    return strncmp(address, "127.", 4) == 0 || strcmp(address, "::1") == 0;
}

static void destroy(sc_mcp_http *h)
{
    sc_oauth_free(h->oauth); /* first: its fetch threads call keys_fetched */
    h->oauth = NULL;
    for (size_t i = 0; i < h->session_cap; i++)
        if (h->sessions[i] != NULL)
            sc_http_session_unlist(h, i);
    while (h->peers != NULL) {
        peer *p = h->peers;
        h->peers = p->next;
        free(p);
    }
    while (h->dead != NULL) { /* listening sessions released last (no thread runs now) */
        http_session *s = h->dead;
        h->dead = s->dead_next;
        sc_mcp_session_free(&s->session);
        s->listening = false;
        s->refs = 1;
        sc_http_session_release(s);
    }
    free(h->parked);
    free(h->free_slots);
    free(h->by_id);
    if (h->watch_fd > 0)
        close(h->watch_fd);
    if (h->hangup_fd > 0)
        close(h->hangup_fd);
    pthread_cond_destroy(&h->work);
    pthread_cond_destroy(&h->wake);
    pthread_mutex_destroy(&h->lock);
    free(h->sessions);
    free(h);
}

int sc_mcp_http_start(const sc_mcp_server *server, const sc_mcp_http_options *options,
                      sc_mcp_http **out, sc_error *err)
{
    static const sc_mcp_http_options defaults;
    if (out == NULL || server == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "server and http must not be NULL");
    *out = NULL;
    if (options == NULL)
        options = &defaults;
    sc_mcp_http *h = calloc(1, sizeof *h);
    if (h == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    h->server = server;
    h->options = *options;
    h->path = options->path != NULL ? options->path : "/mcp";
    h->max_body = options->max_body != 0 ? options->max_body : sc_mcp_max_message(server);
    h->session_cap = options->max_sessions != 0 ? options->max_sessions : DEFAULT_MAX_SESSIONS;
    h->request_timeout =
        options->request_timeout_seconds != 0 ? options->request_timeout_seconds : 10;
    h->session_timeout =
        options->session_timeout_seconds != 0 ? options->session_timeout_seconds : 1800;
    h->replay_events = options->replay_events != 0 ? options->replay_events : 64;
    unsigned timeout = options->timeout_seconds != 0 ? options->timeout_seconds : 30;
    h->keepalive = options->keepalive_seconds != 0 ? options->keepalive_seconds
                   : timeout / 2 > 15              ? 15
                                                   : timeout / 2;
    if (h->keepalive == 0)
        h->keepalive = 1;
    snprintf(h->address, sizeof h->address, "%s",
             options->address != NULL ? options->address : "127.0.0.1");
    h->check_host = loopback_address(h->address) && !options->any_host;
    h->options.tls_key_password = NULL; /* used below only */
    sc_http_tls tls;
    int tls_rc = sc_http_tls_load(server, options, &tls, err);
    if (tls_rc != 0) {
        free(h);
        return tls_rc;
    }
    h->tls = tls.cert != NULL;
    h->sessions = calloc(h->session_cap, sizeof *h->sessions);
    if (h->sessions == NULL || pthread_mutex_init(&h->lock, NULL) != 0) {
        sc_http_tls_free(&tls);
        free(h->sessions);
        free(h);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    if (pthread_cond_init(&h->wake, NULL) != 0 || pthread_cond_init(&h->work, NULL) != 0) {
        sc_http_tls_free(&tls);
        pthread_mutex_destroy(&h->lock);
        free(h->sessions);
        free(h);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }

    /* OAuth: its options checked, its JWKS file read, before anything listens */
    int oauth_rc = 0;
    if (options->oauth.resource != NULL && options->authorize != NULL)
        oauth_rc =
            sc_fail(err, SC_ERR_ARGUMENT, NULL, "authorize and oauth.resource exclude each other");
    else if (options->oauth.resource != NULL)
        oauth_rc =
            sc_oauth_create(server, &options->oauth, h->path, keys_fetched, h, &h->oauth, err);
    if (oauth_rc != 0) {
        sc_http_tls_free(&tls);
        pthread_cond_destroy(&h->wake);
        pthread_mutex_destroy(&h->lock);
        free(h->sessions);
        free(h);
        return oauth_rc;
    }

    struct sockaddr_in v4 = {0};
    struct sockaddr_in6 v6 = {0};
    struct sockaddr *address = NULL;
    socklen_t address_len = 0;
    if (inet_pton(AF_INET, h->address, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(options->port);
        address = (struct sockaddr *)&v4;
        address_len = sizeof v4;
    } else if (inet_pton(AF_INET6, h->address, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(options->port);
        address = (struct sockaddr *)&v6;
        address_len = sizeof v6;
    }
    h->listen_fd = address != NULL ? sc_http_listen(address, address_len) : -1;
    h->max_connections = open_files_for(
        server, options->max_connections != 0 ? options->max_connections : DEFAULT_MAX_CONNECTIONS,
        options->max_connections != 0);
    h->max_per_ip = options->max_connections_per_ip != 0 ? options->max_connections_per_ip
                                                         : (h->max_connections + 1) / 2;
    h->max_workers = options->threads != 0 ? options->threads : DEFAULT_THREADS;
    h->watch_fd = epoll_create1(EPOLL_CLOEXEC);
    h->hangup_fd = epoll_create1(EPOLL_CLOEXEC);
    if (h->watch_fd >= 0 && h->hangup_fd >= 0 &&
        epoll_ctl(h->watch_fd, EPOLL_CTL_ADD, h->hangup_fd,
                  &(struct epoll_event){.events = EPOLLIN, .data.u64 = SC_HTTP_HANGUPS}) != 0) {
        close(h->hangup_fd);
        h->hangup_fd = -1;
    }
    /* one polling thread (epoll) for every connection, suspended ones
     * (parked) costing none; handlers on the worker pool */
    unsigned flags = MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ITC | MHD_USE_EPOLL_INTERNAL_THREAD |
                     MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    /* HTTPS: libmicrohttpd runs the handshake on its polling thread,
     * for connections handed to it by the acceptor as for its own (within
     * the request's deadline, which starts at the accept); it keeps the
     * key only until MHD_start_daemon returns, having loaded it into
     * GnuTLS, so ours is zeroed then */
    struct MHD_OptionItem tls_options[] = {
        {MHD_OPTION_HTTPS_MEM_CERT, 0, tls.cert},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, tls.key},
        {MHD_OPTION_HTTPS_PRIORITIES, 0,
         (void *)(uintptr_t)(options->tls_priorities != NULL ? options->tls_priorities
                                                             : sc_http_tls_priorities)},
        {options->tls_key_password != NULL ? MHD_OPTION_HTTPS_KEY_PASSWORD : MHD_OPTION_END, 0,
         (void *)(uintptr_t)options->tls_key_password},
        {MHD_OPTION_END, 0, NULL},
    };
    if (h->tls)
        flags |= MHD_USE_TLS;
    if (h->listen_fd >= 0 && h->watch_fd >= 0 && h->hangup_fd >= 0)
        h->daemon =
            MHD_start_daemon(flags, 0, NULL, NULL, on_request, h, MHD_OPTION_EXTERNAL_LOGGER,
                             on_log, (void *)server, MHD_OPTION_CONNECTION_LIMIT,
                             2 * h->max_connections + 16, /* kept by acceptor: this is a backstop */
                             MHD_OPTION_STRICT_FOR_CLIENT, (int)1, MHD_OPTION_CONNECTION_TIMEOUT,
                             timeout, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
                             MHD_OPTION_NOTIFY_CONNECTION, sc_http_on_connection, h,
                             MHD_OPTION_NOTIFY_COMPLETED, on_completed, h, MHD_OPTION_ARRAY,
                             h->tls ? tls_options : &tls_options[4], MHD_OPTION_END);
    sc_http_tls_free(&tls);
    if (h->daemon == NULL) {
        int rc = sc_fail(err, SC_ERR_ARGUMENT, NULL,
                         address == NULL    ? "\"%.64s\" is not an IPv4 or IPv6 address"
                         : h->listen_fd < 0 ? "cannot listen on %.64s port %u (in use?)"
                                            : "cannot start the HTTP server on %.64s port %u",
                         h->address, (unsigned)options->port);
        if (h->listen_fd >= 0)
            close(h->listen_fd);
        destroy(h);
        return rc;
    }
    if (pthread_create(&h->reaper, NULL, sc_http_reaper, h) != 0) {
        MHD_stop_daemon(h->daemon);
        close(h->listen_fd);
        destroy(h);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "no thread for the request deadline");
    }
    if (pthread_create(&h->acceptor, NULL, sc_http_acceptor, h) != 0) {
        pthread_mutex_lock(&h->lock);
        h->stopping = true;
        pthread_cond_broadcast(&h->wake);
        pthread_mutex_unlock(&h->lock);
        pthread_join(h->reaper, NULL);
        MHD_stop_daemon(h->daemon);
        close(h->listen_fd);
        destroy(h);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "no thread to accept connections");
    }
    struct sockaddr_storage bound;
    socklen_t bound_len = sizeof bound;
    getsockname(h->listen_fd, (struct sockaddr *)&bound, &bound_len);
    h->port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                : ((struct sockaddr_in *)&bound)->sin_port);
    /* the 2025 sessions, for the notification bus (mcp_subscriptions.c) */
    if (sc_mcp_sessions_attach(server, sc_http_sessions_deliver, h) != 0) {
        sc_mcp_http_stop(h);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }

    /* off loopback, plain HTTP: anyone on the network can call the tools
     * (no OAuth) or read the tokens (with it); said once, started anyway
     * (a TLS proxy on a private network is a sound setup) */
    if (!loopback_address(h->address) && !h->tls)
        sc_mcp_log(server,
                   h->oauth == NULL && options->authorize == NULL
                       ? "http: warning: %s is not loopback and has neither TLS nor OAuth: anyone "
                         "who reaches it calls its tools (tls_cert_file or a TLS proxy, and oauth: "
                         "docs/deploy.md)"
                       : "http: warning: %s is not loopback and has no TLS: bearer tokens cross "
                         "the network in clear (tls_cert_file, or a TLS proxy in front: "
                         "docs/deploy.md)",
                   h->address);
    *out = h;
    return 0;
}

unsigned short sc_mcp_http_port(const sc_mcp_http *http)
{
    return http->port;
}

void sc_mcp_http_set_test_handler(sc_mcp_http *http, sc_mcp_test_handler handler)
{
    pthread_mutex_lock(&http->lock); /* set while serving */
    http->handler = handler;
    pthread_mutex_unlock(&http->lock);
}

void sc_mcp_http_stop(sc_mcp_http *http)
{
    if (http == NULL)
        return;
    sc_mcp_sessions_detach(http); /* waits for a bus delivery to its sessions */
    pthread_mutex_lock(&http->lock);
    http->stopping = true; /* streams end, waiting requests give up */
    pthread_cond_broadcast(&http->wake);
    pthread_cond_broadcast(&http->work);
    /* libmicrohttpd must have no suspended connection when it stops; none
     * parks once stopping is set */
    sc_http_unpark_all(http);
    pthread_mutex_unlock(&http->lock);
    pthread_join(http->acceptor, NULL);
    pthread_join(http->reaper, NULL);
    MHD_stop_daemon(http->daemon);
    close(http->listen_fd);
    pthread_mutex_lock(&http->lock);
    /* handlers still running hold sessions and streams; the workers, the server */
    while (http->handlers > 0 || http->workers > 0)
        pthread_cond_wait(&http->wake, &http->lock);
    pthread_mutex_unlock(&http->lock);
    sc_mcp_tasks_stop(http->server);
    destroy(http);
}

int sc_mcp_serve_http(const sc_mcp_server *server, const sc_mcp_http_options *options)
{
    /* the server's threads inherit the blocked signals, so only sigwait
     * below receives them */
    sigset_t stop, old;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, &old);
    sc_mcp_http *http;
    sc_error err;
    int rc = sc_mcp_http_start(server, options, &http, &err);
    if (rc != 0) {
        sc_mcp_log(server, "http: %s", err.message);
    } else {
        bool v6 = strchr(http->address, ':') != NULL;
        sc_mcp_log(server, "listening on %s://%s%s%s:%u%s", http->tls ? "https" : "http",
                   v6 ? "[" : "", http->address, v6 ? "]" : "", (unsigned)http->port, http->path);
        int signal;
        sigwait(&stop, &signal);
        sc_mcp_log(server, "stopping (signal %d)", signal);
        sc_mcp_http_stop(http);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
