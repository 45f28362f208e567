/* MCP's Streamable HTTP transport (include/schemac/mcp_http.h).
 *
 * Why libmicrohttpd: HTTP parsing is where servers get attacked, so it is
 * left to a library whose only job it is. libmicrohttpd (GNU) is a C
 * library for embedding an HTTP/1.1 server, packaged by every distribution
 * (Debian libmicrohttpd-dev), with a stable API since 2007, strict request
 * parsing, and the limits this transport needs built in (connections,
 * per-connection memory, timeouts, a thread pool). The alternatives: the
 * evhttp of libevent (a looser parser, no thread pool; the event loop would
 * become the application's), libsoup (pulls in GLib), civetweb and mongoose
 * (no Debian library package to link against; mongoose is GPL or
 * commercial), h2o (a large server to embed for one endpoint), or parsing
 * HTTP by hand.
 *
 * Each request has its own arena, which holds the body, the parsed message
 * and the reply, and is released when libmicrohttpd reports the request
 * complete. Sessions live in a fixed table under a mutex; a request copies
 * its session's state, runs without the lock, and writes the state back. */
#define _DEFAULT_SOURCE /* getrandom, strcasecmp, strncasecmp */

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "mcp_internal.h"
#include "schemac/mcp_http.h"
#include "schemac/schemac.h"

#define SESSION_ID_LEN 32 /* hex digits of 128 random bits */
#define DRAIN_FACTOR 4    /* an oversized body is read (and dropped) up to 4 times the limit */

typedef struct session_slot {
    char id[SESSION_ID_LEN + 1]; /* "" when free */
    sc_mcp_session session;
    unsigned long long last_used; /* for ending the least recently used */
} session_slot;

struct sc_mcp_http {
    const sc_mcp_server *server;
    sc_mcp_http_options options;
    char address[INET6_ADDRSTRLEN];
    const char *path;
    size_t max_body;
    struct MHD_Daemon *daemon;
    unsigned short port;
    pthread_mutex_t lock; /* sessions, clock */
    session_slot *sessions;
    size_t session_count;
    unsigned long long clock;
};

/* One HTTP request, from its headers to its completion. */
typedef struct request {
    sc_arena arena;
    char *body;
    size_t len, cap;
    size_t received;
    bool too_large;
} request;

/* ---- responses ------------------------------------------------------------ */

/* CORS, so that a web page of an allowed origin (checked before any
 * answer but 403 is made) can read the answers, see Mcp-Session-Id, and
 * send the headers MCP needs. */
static bool add_cors(struct MHD_Response *response, const char *origin)
{
    if (origin == NULL)
        return true;
    return MHD_add_response_header(response, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, origin) == MHD_YES &&
           MHD_add_response_header(response, MHD_HTTP_HEADER_VARY, "Origin") == MHD_YES &&
           MHD_add_response_header(response, "Access-Control-Expose-Headers", "Mcp-Session-Id") == MHD_YES &&
           MHD_add_response_header(response, "Access-Control-Allow-Methods", "POST, DELETE") == MHD_YES &&
           MHD_add_response_header(response, "Access-Control-Allow-Headers",
                                   "Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, "
                                   "Last-Event-ID") == MHD_YES;
}

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *text, size_t len,
                                 const char *session_id, const char *allow, bool authenticate)
{
    struct MHD_Response *response =
        MHD_create_response_from_buffer(len, (void *)(uintptr_t)text, MHD_RESPMEM_MUST_COPY);
    if (response == NULL)
        return MHD_NO;
    bool ok = true;
    if (len > 0)
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json") == MHD_YES;
    if (ok && session_id != NULL)
        ok = MHD_add_response_header(response, "Mcp-Session-Id", session_id) == MHD_YES;
    if (ok && allow != NULL)
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, allow) == MHD_YES;
    if (ok && authenticate)
        ok = MHD_add_response_header(response, MHD_HTTP_HEADER_WWW_AUTHENTICATE, "Bearer") == MHD_YES;
    if (ok && status != MHD_HTTP_FORBIDDEN)
        ok = add_cors(response, MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN));
    enum MHD_Result rc = ok ? MHD_queue_response(c, status, response) : MHD_NO;
    MHD_destroy_response(response);
    return rc;
}

/* A refusal by the transport: the status and, as the specification allows,
 * a JSON-RPC error without id saying why (the format and its arguments
 * are ASCII without quotes or backslashes, so the text is a JSON string). */
static enum MHD_Result refuse(struct MHD_Connection *c, unsigned status, const char *fmt, ...) SC_PRINTF(3, 4);
static enum MHD_Result refuse(struct MHD_Connection *c, unsigned status, const char *fmt, ...)
{
    char message[256], body[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    int n = snprintf(body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":%d,\"message\":\"%s\"}}",
                     SC_MCP_INVALID_REQUEST, message);
    if (n < 0 || (size_t)n >= sizeof body)
        return MHD_NO;
    return send_text(c, status, body, (size_t)n, NULL,
                     status == MHD_HTTP_METHOD_NOT_ALLOWED ? "POST, DELETE, OPTIONS" : NULL,
                     status == MHD_HTTP_UNAUTHORIZED);
}

/* ---- sessions ------------------------------------------------------------- */

static session_slot *find_session(sc_mcp_http *h, const char *id)
{
    if (strlen(id) != SESSION_ID_LEN)
        return NULL;
    for (size_t i = 0; i < h->session_count; i++)
        if (memcmp(h->sessions[i].id, id, SESSION_ID_LEN + 1) == 0) {
            h->sessions[i].last_used = ++h->clock;
            return &h->sessions[i];
        }
    return NULL;
}

/* Copies the state of session id into *out; false when there is none. */
static bool load_session(sc_mcp_http *h, const char *id, sc_mcp_session *out)
{
    pthread_mutex_lock(&h->lock);
    session_slot *slot = find_session(h, id);
    if (slot != NULL)
        *out = slot->session;
    pthread_mutex_unlock(&h->lock);
    return slot != NULL;
}

/* What a request may change in a READY session: notifications/initialized. */
static void store_session(sc_mcp_http *h, const char *id, const sc_mcp_session *state)
{
    pthread_mutex_lock(&h->lock);
    session_slot *slot = find_session(h, id);
    if (slot != NULL && state->initialized)
        slot->session.initialized = true;
    pthread_mutex_unlock(&h->lock);
}

/* Adds a session in state, in a free slot or the least recently used one;
 * writes its id. */
static int create_session(sc_mcp_http *h, const sc_mcp_session *state, char id[SESSION_ID_LEN + 1])
{
    unsigned char random[SESSION_ID_LEN / 2];
    if (getrandom(random, sizeof random, 0) != (ssize_t)sizeof random)
        return SC_ERR_ARGUMENT;
    for (size_t i = 0; i < sizeof random; i++)
        snprintf(id + 2 * i, 3, "%02x", random[i]);
    pthread_mutex_lock(&h->lock);
    session_slot *slot = &h->sessions[0];
    for (size_t i = 0; i < h->session_count; i++) {
        if (h->sessions[i].id[0] == '\0') {
            slot = &h->sessions[i];
            break;
        }
        if (h->sessions[i].last_used < slot->last_used)
            slot = &h->sessions[i];
    }
    if (slot->id[0] != '\0') {
        sc_mcp_log(h->server, "http: %zu sessions open: ended the least recently used one", h->session_count);
        sc_mcp_session_free(&slot->session);
    }
    memcpy(slot->id, id, SESSION_ID_LEN + 1);
    slot->session = *state;
    slot->last_used = ++h->clock;
    pthread_mutex_unlock(&h->lock);
    return 0;
}

static bool end_session(sc_mcp_http *h, const char *id)
{
    pthread_mutex_lock(&h->lock);
    session_slot *slot = find_session(h, id);
    if (slot != NULL) {
        sc_mcp_session_free(&slot->session);
        memset(slot, 0, sizeof *slot);
    }
    pthread_mutex_unlock(&h->lock);
    return slot != NULL;
}

/* ---- header checks -------------------------------------------------------- */

/* http(s)://localhost, 127.0.0.1 or [::1], with any port. */
static bool loopback_origin(const char *origin)
{
    static const char *const hosts[] = {"localhost", "127.0.0.1", "[::1]"};
    const char *rest = strncmp(origin, "http://", 7) == 0    ? origin + 7
                       : strncmp(origin, "https://", 8) == 0 ? origin + 8
                                                             : NULL;
    for (size_t i = 0; rest != NULL && i < sizeof hosts / sizeof hosts[0]; i++) {
        size_t n = strlen(hosts[i]);
        if (strncasecmp(rest, hosts[i], n) != 0)
            continue;
        const char *port = rest + n;
        if (*port == '\0')
            return true;
        if (*port++ != ':' || *port == '\0' || strlen(port) > 5)
            return false;
        return strspn(port, "0123456789") == strlen(port);
    }
    return false;
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

static bool authorized(const sc_mcp_http *h, struct MHD_Connection *c)
{
    if (h->options.authorize == NULL)
        return true;
    const char *value = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
    const char *token = NULL;
    if (value != NULL && strncasecmp(value, "Bearer ", 7) == 0) {
        token = value + 7;
        while (*token == ' ')
            token++;
    }
    return h->options.authorize(h->options.authorize_ctx, token);
}

/* A media type list (Accept) that takes application/json. */
static bool accepts_json(const char *accept)
{
    if (accept == NULL)
        return true;
    for (const char *p = accept; *p;) {
        p += strspn(p, " \t,");
        size_t n = strcspn(p, ";,");
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        if ((n == 16 && strncasecmp(p, "application/json", 16) == 0) ||
            (n == 13 && strncasecmp(p, "application/*", 13) == 0) || (n == 3 && strncmp(p, "*/*", 3) == 0))
            return true;
        p += strcspn(p, ",");
    }
    return false;
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

/* What can be refused from the headers alone, before the body is read:
 * returns MHD_YES to go on reading, or the result of queueing a refusal
 * (libmicrohttpd then drops the body and closes the connection). */
static enum MHD_Result check_headers(sc_mcp_http *h, struct MHD_Connection *c, const char *url, const char *method,
                                     request *r)
{
    if (strcmp(url, h->path) != 0)
        return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: the MCP endpoint is elsewhere");
    if (!origin_allowed(h, MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ORIGIN)))
        return refuse(c, MHD_HTTP_FORBIDDEN, "Forbidden: Origin not allowed");
    if (strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) /* a CORS preflight carries no credentials */
        return send_text(c, MHD_HTTP_NO_CONTENT, "", 0, NULL, "POST, DELETE, OPTIONS", false);
    if (!authorized(h, c))
        return refuse(c, MHD_HTTP_UNAUTHORIZED, "Unauthorized: a valid bearer token is required");
    bool post = strcmp(method, MHD_HTTP_METHOD_POST) == 0;
    if (!post && strcmp(method, MHD_HTTP_METHOD_DELETE) != 0)
        return refuse(c, MHD_HTTP_METHOD_NOT_ALLOWED,
                      "Method Not Allowed: POST a message, DELETE a session (this server offers no SSE stream)");
    if (post && !json_content(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE)))
        return refuse(c, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "Unsupported Media Type: the body must be application/json");
    if (post && !accepts_json(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT)))
        return refuse(c, MHD_HTTP_NOT_ACCEPTABLE, "Not Acceptable: the reply is application/json");
    /* A body over the limit is read and dropped, and then answered with
     * 413: answering before it is read would close the connection while
     * the client still sends, and most clients then see a reset instead of
     * the 413. Past DRAIN_FACTOR times the limit it is not worth reading. */
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    unsigned long long declared = length != NULL ? strtoull(length, NULL, 10) : 0;
    if (declared / DRAIN_FACTOR > h->max_body)
        return refuse(c, MHD_HTTP_CONTENT_TOO_LARGE, "Content Too Large: the body is over %zu bytes", h->max_body);
    r->too_large = declared > h->max_body;
    const char *id = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Mcp-Session-Id");
    sc_mcp_session session;
    if (id == NULL && !post)
        return refuse(c, MHD_HTTP_BAD_REQUEST, "Bad Request: Mcp-Session-Id header is required");
    if (id != NULL && !load_session(h, id, &session))
        return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: no such session; initialize a new one");
    const char *version = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "MCP-Protocol-Version");
    if (id != NULL && version != NULL && (!supported_version(version) || strcmp(version, session.protocol_version) != 0))
        return refuse(c, MHD_HTTP_BAD_REQUEST, "Bad Request: MCP-Protocol-Version is not the session's");
    return MHD_YES;
}

/* ---- requests ------------------------------------------------------------- */

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

static enum MHD_Result post(sc_mcp_http *h, struct MHD_Connection *c, request *r)
{
    const char *id = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Mcp-Session-Id");
    sc_mcp_session session;
    char new_id[SESSION_ID_LEN + 1];
    sc_mcp_reply reply;
    sc_mcp_session_init(&session);
    if (id == NULL && !is_initialize(&r->arena, r->body, r->len))
        return refuse(c, MHD_HTTP_BAD_REQUEST,
                      "Bad Request: Mcp-Session-Id header is required (only initialize opens a session)");
    if (id != NULL && !load_session(h, id, &session)) /* ended since the headers came */
        return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: no such session; initialize a new one");
    int rc = sc_mcp_handle(h->server, &session, &r->arena, r->body, r->len, &reply);
    if (rc != 0) {
        sc_mcp_log(h->server, "http: no reply could be made: %s", sc_strerror(rc));
        if (id == NULL)
            sc_mcp_session_free(&session); /* an initialize whose session is not kept */
        return MHD_NO;
    }
    if (id != NULL)
        store_session(h, id, &session);
    else if (session.state == SC_MCP_STATE_READY) {
        if (create_session(h, &session, new_id) != 0) {
            sc_mcp_log(h->server, "http: no random bytes for a session id");
            sc_mcp_session_free(&session);
            return MHD_NO;
        }
        id = new_id;
    } else {
        id = NULL; /* a failed initialize opens no session */
    }
    switch (reply.outcome) {
    case SC_MCP_NO_REPLY: return send_text(c, MHD_HTTP_ACCEPTED, "", 0, NULL, NULL, false);
    case SC_MCP_REJECTED: return send_text(c, MHD_HTTP_BAD_REQUEST, reply.text, reply.len, NULL, NULL, false);
    case SC_MCP_ANSWERED: break;
    }
    return send_text(c, MHD_HTTP_OK, reply.text, reply.len, id == new_id ? new_id : NULL, NULL, false);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    sc_mcp_http *h = cls;
    request *r = *con_cls;
    (void)version;
    if (r == NULL) { /* the headers are in */
        r = calloc(1, sizeof *r);
        if (r == NULL)
            return MHD_NO;
        sc_arena_init(&r->arena, NULL);
        if (h->server->limits != NULL) /* from the body on: the whole request counts */
            sc_arena_set_limits(&r->arena, h->server->limits);
        *con_cls = r;
        return check_headers(h, c, url, method, r);
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
            char *body = sc_arena_grow(&r->arena, r->body, r->cap, cap);
            if (body == NULL)
                return MHD_NO;
            r->body = body;
            r->cap = cap;
        }
        memcpy(r->body + r->len, upload_data, n);
        r->len += n;
        return MHD_YES;
    }
    /* the whole request is in */
    if (r->too_large)
        return refuse(c, MHD_HTTP_CONTENT_TOO_LARGE, "Content Too Large: the body is over %zu bytes", h->max_body);
    if (strcmp(method, MHD_HTTP_METHOD_DELETE) == 0) {
        const char *id = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Mcp-Session-Id");
        if (!end_session(h, id))
            return refuse(c, MHD_HTTP_NOT_FOUND, "Not Found: no such session");
        return send_text(c, MHD_HTTP_OK, "", 0, NULL, NULL, false);
    }
    return post(h, c, r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    request *r = *con_cls;
    (void)cls, (void)c, (void)toe;
    if (r == NULL)
        return;
    sc_arena_release(&r->arena);
    free(r);
    *con_cls = NULL;
}

static void on_log(void *cls, const char *fmt, va_list ap)
{
    const sc_mcp_server *server = cls;
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    line[strcspn(line, "\n")] = '\0';
    sc_mcp_log(server, "http: %s", line);
}

/* ---- the server ----------------------------------------------------------- */

int sc_mcp_http_start(const sc_mcp_server *server, const sc_mcp_http_options *options, sc_mcp_http **out,
                      sc_error *err)
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
    h->session_count = options->max_sessions != 0 ? options->max_sessions : 1024;
    h->sessions = calloc(h->session_count, sizeof *h->sessions);
    snprintf(h->address, sizeof h->address, "%s", options->address != NULL ? options->address : "127.0.0.1");
    if (h->sessions == NULL || pthread_mutex_init(&h->lock, NULL) != 0) {
        free(h->sessions);
        free(h);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }

    struct sockaddr_in v4 = {0};
    struct sockaddr_in6 v6 = {0};
    struct sockaddr *address = NULL;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ERROR_LOG;
    if (inet_pton(AF_INET, h->address, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(options->port);
        address = (struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, h->address, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(options->port);
        address = (struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    }
    /* one thread: libmicrohttpd's own polling thread, no pool */
    unsigned threads = options->threads != 0 ? options->threads : 4;
    struct MHD_OptionItem pool[] = {
        {threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    if (address != NULL)
        h->daemon = MHD_start_daemon(
            flags, options->port, NULL, NULL, on_request, h, MHD_OPTION_EXTERNAL_LOGGER, on_log, (void *)server,
            MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_ARRAY, pool,
            MHD_OPTION_CONNECTION_LIMIT, (unsigned)(options->max_connections != 0 ? options->max_connections : 64),
            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)(options->timeout_seconds != 0 ? options->timeout_seconds : 30),
            MHD_OPTION_NOTIFY_COMPLETED, on_completed, h, MHD_OPTION_END);
    if (h->daemon == NULL) {
        int rc = sc_fail(err, SC_ERR_ARGUMENT, NULL,
                         address == NULL ? "\"%.64s\" is not an IPv4 or IPv6 address"
                                         : "cannot listen on %.64s port %u (in use?)",
                         h->address, (unsigned)options->port);
        pthread_mutex_destroy(&h->lock);
        free(h->sessions);
        free(h);
        return rc;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->daemon, MHD_DAEMON_INFO_BIND_PORT);
    h->port = info != NULL ? info->port : options->port;
    *out = h;
    return 0;
}

unsigned short sc_mcp_http_port(const sc_mcp_http *http)
{
    return http->port;
}

void sc_mcp_http_stop(sc_mcp_http *http)
{
    if (http == NULL)
        return;
    MHD_stop_daemon(http->daemon);
    for (size_t i = 0; i < http->session_count; i++)
        sc_mcp_session_free(&http->sessions[i].session);
    pthread_mutex_destroy(&http->lock);
    free(http->sessions);
    free(http);
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
        sc_mcp_log(server, "listening on http://%s%s%s:%u%s", v6 ? "[" : "", http->address, v6 ? "]" : "",
                   (unsigned)http->port, http->path);
        int signal;
        sigwait(&stop, &signal);
        sc_mcp_log(server, "stopping (signal %d)", signal);
        sc_mcp_http_stop(http);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
