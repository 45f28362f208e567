/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson
 * dependency('schemac-mcp')).
 *
 * schemac runtime: MCP's Streamable HTTP transport for an sc_mcp_server
 * (schemac/mcp.h), on libmicrohttpd. Present when libschemac-mcp was built
 * with it (SCHEMAC_HAVE_MCP_HTTP in schemac/config.h; meson option
 * `http`, on when libmicrohttpd is found).
 *
 * One endpoint (options.path, "/mcp"):
 *   POST    one JSON-RPC message (or a batch, in 2025-03-26) as
 *           application/json. The reply is application/json (200); or,
 *           when the server sends messages while it handles the request
 *           (progress, logging, sampling, elicitation) and the client
 *           takes text/event-stream, an SSE stream: each message an event
 *           with an id, the reply the last event, then the stream ends. A
 *           client that takes only text/event-stream (Accept q-values,
 *           RFC 9110 section 12.4.2) always gets the stream, and so does a
 *           call that neither sends nor answers within keepalive_seconds
 *           (a long call keeps its connection alive). 202 with no
 *           body for notifications and responses, 400 with a JSON-RPC
 *           error for a message rejected as a whole.
 *   GET     the session's SSE stream for messages outside a request
 *           (text/event-stream; one connection at a time, else 409); with
 *           Last-Event-ID, the rest of the stream that event was on (a
 *           POST's or the GET stream), from the last replay_events events
 *           each stream keeps, taking the stream over from a connection
 *           not yet noticed gone. Quiet streams get a comment every
 *           keepalive_seconds.
 *   DELETE  ends the session named by Mcp-Session-Id.
 *   OPTIONS 204: a CORS preflight (allowed origins get CORS headers).
 * Sessions: initialize (a POST without Mcp-Session-Id) creates one and its
 * response carries Mcp-Session-Id (128 random bits, hex); every other
 * request must carry it: missing 400, unknown or ended 404. When
 * max_sessions are open, initialize gets 503 with Retry-After (no live
 * session is ever pushed out); a session with no request and no stream
 * for session_timeout_seconds ends. A MCP-Protocol-Version header, when
 * sent, must be a revision the server supports (else 400), as the
 * specification says; another supported revision than the session's is
 * not refused.
 * Security defaults (docs/tools.md): bound to 127.0.0.1; on a loopback
 * bind, a Host other than localhost, 127.0.0.1 or [::1] gets 403 and so
 * does an Origin that is not allowed (DNS rebinding); strict framing (an
 * HTTP/1.1 request without Host, two Host or Content-Length lines,
 * Content-Length with Transfer-Encoding, whitespace before a colon, a NUL
 * or control character in a value: 400; a body without Content-Length:
 * 411, in a transfer coding other than chunked: 501; each with the
 * connection closed); bodies over max_body
 * get 413; at most max_connections connections, max_connections_per_ip
 * from one address; a request's headers and body must arrive within
 * request_timeout_seconds; idle connections closed after
 * timeout_seconds; an optional bearer token check (401), or an OAuth 2.1
 * resource server (oauth: metadata, 401 and 403 challenges, JWT access
 * tokens verified; docs/deploy.md).
 * HTTPS with tls_cert_file and tls_key_file (docs/deploy.md): TLS 1.2 and
 * 1.3 only, the handshake within request_timeout_seconds; a plain HTTP
 * request to that port gets no answer (the handshake fails and the
 * connection is closed).
 */
#ifndef SCHEMAC_MCP_HTTP_H
#define SCHEMAC_MCP_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "export.h"
#include "schemac/config.h"
#include "mcp.h"

#if !SCHEMAC_HAVE_MCP_HTTP
#error                                                                                             \
    "libschemac-mcp was built without the MCP HTTP transport (libmicrohttpd was not found; meson option http)"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* sc_mcp_principal, sc_mcp_principal_of: schemac/mcp.h. */

/* The OAuth 2.1 resource server (sc_mcp_http_options.oauth). The server
 * publishes RFC 9728 Protected Resource Metadata at
 * /.well-known/oauth-protected-resource followed by the endpoint's path
 * and at /.well-known/oauth-protected-resource, and answers 401 (with
 * WWW-Authenticate: Bearer resource_metadata="...", scope="..."), 401
 * error="invalid_token" and 403 error="insufficient_scope" as the
 * specification says. A token in the query string (access_token=) is
 * refused (400), never used. Strings and arrays must outlive the server. */
typedef struct sc_mcp_oauth_options {
    /* The server's canonical URI, the endpoint's ("https://mcp.example.com/mcp"):
     * the metadata's resource, and the audience a token must name (RFC 8707).
     * NULL: OAuth off (authorize, if set, is the only check). */
    const char *resource;
    /* The authorization servers' issuer identifiers
     * ("https://auth.example.com"): the metadata's authorization_servers, and
     * the iss a JWT must carry (exactly one of them). */
    const char *const *issuers;
    size_t issuer_count;
    /* Scopes listed in scopes_supported beside those of the tools, prompts
     * and resources (@scopes), and asked for in the 401 challenge. */
    const char *const *scopes;
    size_t scope_count;
    /* The keys JWTs are verified with: a JWKS file (RFC 7517 {"keys": [...]},
     * read at start), and/or the keys fetched over HTTPS from jwks_uri, or,
     * when none of jwks_uri, jwks_file and introspect is set, from the
     * jwks_uri of each issuer's metadata (RFC 8414, then OpenID Connect
     * discovery). Fetched keys are kept for jwks_cache_seconds (0: 3600);
     * a token naming a kid not among them fetches them again, at most once
     * every jwks_refresh_seconds (0: 30) per issuer counted from the end
     * of the last fetch, so that tokens with made-up kids cannot make the
     * server hammer the issuer; while no key of an issuer could be had,
     * its tokens get 503 with Retry-After. Fetches run on a thread of each
     * issuer, never holding up the other requests: a request whose token
     * needs the keys being fetched waits for them, suspended (at most 256
     * at once, 5 s; past that 503).
     * Algorithms: RS256 (RSA keys of 2048 bits or more), ES256 (P-256) and
     * EdDSA (Ed25519); each key is used only with its own algorithm. */
    const char *jwks_file;
    const char *jwks_uri;
    unsigned jwks_cache_seconds;
    unsigned jwks_refresh_seconds;
    /* The CA certificates (PEM) trusted when fetching over HTTPS; NULL: the
     * system's. */
    const char *ca_file;
    /* How far exp and nbf may be off the server's clock; 0: 60. */
    unsigned clock_skew_seconds;
    /* Opaque tokens (and, when no key source is configured, every token):
     * the application's check, e.g. RFC 7662 introspection at its
     * authorization server. It returns true and *claims (an object the
     * library takes over, in the shape of an introspection response:
     * active, sub, client_id, scope, aud, iss, exp), or false to refuse
     * the token (401 invalid_token). The library still refuses claims
     * whose active is not true, whose aud (when present) does not name
     * resource, whose iss (when present) is not an issuer, or whose exp
     * has passed. Called from the server's threads. */
    bool (*introspect)(void *introspect_ctx, const char *token, cJSON **claims);
    void *introspect_ctx;
} sc_mcp_oauth_options;

typedef struct sc_mcp_http_options {
    const char *address; /* IPv4 or IPv6 address to listen on; NULL: "127.0.0.1" */
    unsigned short port; /* 0: any free port (see sc_mcp_http_port) */
    const char *path;    /* the MCP endpoint; NULL: "/mcp" */
    /* Origin values allowed, compared exactly ("https://app.example.com");
     * NULL: http(s) origins on localhost, 127.0.0.1 and [::1] only, any
     * port. A request without Origin (not from a browser) is allowed. The
     * array must outlive the server. */
    const char *const *allowed_origins;
    size_t allowed_origin_count;
    size_t max_body; /* bytes of a request body; 0: the server's max_message */
    /* Connections at once; one more waits in the kernel's queue until one
     * closes. 0: 16384. Connections cost no thread: one thread polls them
     * all (epoll), and one with nothing to do (an SSE stream between
     * events, a POST whose handler runs) is suspended; each costs about
     * 18 KB (an SSE stream, measured: docs/deploy.md). Each is a socket:
     * sc_mcp_http_start raises the process's soft limit of open files
     * (RLIMIT_NOFILE) as far as they need, up to the hard limit, and
     * serves fewer (saying so through server->log when this was set)
     * when the hard limit is lower. */
    unsigned max_connections;
    /* Threads running handlers at once: a pool that grows as requests come
     * (a handler may wait as long as it likes, e.g. for the client's
     * answer to an elicitation) up to this many, and shrinks when idle;
     * a request past it gets 503 with Retry-After: 1. A POST of responses
     * or notifications only is never refused (a handler may be waiting
     * for it). 0: 256. */
    unsigned threads;
    unsigned max_sessions;    /* 0: 16384; when full, initialize gets 503 */
    unsigned timeout_seconds; /* idle connections are closed; 0: 30 */
    /* A bearer token check: called for every request with the token of
     * "Authorization: Bearer TOKEN" (NULL when there is none); false answers
     * 401 with WWW-Authenticate: Bearer. NULL: no check. Called from the
     * server's threads. For a token the client is configured with; OAuth
     * (the specification's authorization) is the oauth field below, and
     * the two exclude each other. */
    bool (*authorize)(void *authorize_ctx, const char *token);
    void *authorize_ctx;
    /* A request's headers and body must be in within this many seconds of
     * the connection's opening (or of the previous response on it), or the
     * connection is closed: a slow client cannot hold a slot. 0: 10. */
    unsigned request_timeout_seconds;
    unsigned max_connections_per_ip;  /* 0: half of max_connections */
    unsigned session_timeout_seconds; /* a session idle this long ends; 0: 1800 */
    /* Host names allowed (without port, "mcp.example.com"), the array
     * outliving the server; NULL: on a loopback bind localhost, 127.0.0.1
     * and [::1] only (unless any_host), elsewhere any. */
    const char *const *allowed_hosts;
    size_t allowed_host_count;
    bool any_host;
    unsigned replay_events;     /* events each SSE stream keeps for Last-Event-ID; 0: 64 */
    unsigned keepalive_seconds; /* a comment on a quiet SSE stream; 0: 15 (at most timeout_seconds /
                                   2) */
    /* HTTPS (the TLS of libmicrohttpd's GnuTLS, TLS 1.2 and 1.3 only): the
     * server's certificate in PEM, followed by the intermediate
     * certificates of its chain, and its private key in PEM (PKCS#1,
     * SEC1 or PKCS#8; an encrypted PKCS#8 key with tls_key_password).
     * Both or neither (NULL, NULL: plain HTTP). sc_mcp_http_start reads
     * them once, and fails with a message naming the file when one is
     * missing, unreadable or not PEM, or the key is not the certificate's
     * (a new certificate takes a restart). Its copy of the key is zeroed
     * once GnuTLS has it. Behind a reverse proxy that terminates TLS,
     * leave them NULL (docs/deploy.md). */
    const char *tls_cert_file;
    const char *tls_key_file;
    /* The password of an encrypted tls_key_file; NULL: not encrypted.
     * Used during sc_mcp_http_start only, which keeps no pointer to it
     * (the caller may wipe it once that returns). */
    const char *tls_key_password;
    /* GnuTLS's priority string for HTTPS; NULL: Mozilla's "intermediate"
     * configuration (TLS 1.3 and 1.2, ECDHE with AES-GCM or
     * ChaCha20-Poly1305, no SHA-1 signature, the server's order:
     * docs/deploy.md lists it). A site whose clients need otherwise names
     * its own, e.g. "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2". */
    const char *tls_priorities;
    /* OAuth 2.1 resource server (the MCP authorization specification;
     * docs/deploy.md): when oauth.resource is set, every request but the
     * metadata's needs an access token the server verifies, and authorize
     * must be NULL. */
    sc_mcp_oauth_options oauth;
} sc_mcp_http_options;

typedef struct sc_mcp_http sc_mcp_http;

/* Starts serving server (which must outlive the returned handle) on its
 * own threads. Returns 0 and *http, or SC_ERR_ARGUMENT (a bad address, a
 * port in use, a TLS certificate or key that cannot be used: the message
 * says which) or SC_ERR_NOMEM. */
SC_MCP_API int sc_mcp_http_start(const sc_mcp_server *server, const sc_mcp_http_options *options,
                                 sc_mcp_http **http, sc_error *err) SC_NODISCARD;

/* The port listened on (the one chosen when options.port was 0). */
SC_MCP_API unsigned short sc_mcp_http_port(const sc_mcp_http *http);

/* Calls fn(session, data) for every session open now (initialized, not
 * ended), on the caller's thread: to reach clients outside any request,
 * e.g. sc_mcp_list_changed after a list changed or
 * sc_mcp_resource_updated after a resource did. Each session is held while
 * fn runs (one that ends meanwhile is freed after fn returns); fn must not
 * keep it. Returns 0, the first non-zero result of fn (the others are
 * still called), or SC_ERR_NOMEM. */
SC_MCP_API int sc_mcp_http_each_session(sc_mcp_http *http,
                                        int (*fn)(sc_mcp_session *session, void *data), void *data);

/* notifications/{tools,prompts,resources}/list_changed to every session
 * (what: "tools", "prompts" or "resources"), and
 * notifications/resources/updated to every session subscribed to uri: each
 * on its GET stream (kept for it until it opens one, up to replay_events).
 * The sessions are those of every sc_mcp_http of this process serving
 * http's server, and with server->bus those of every replica
 * (schemac/mcp_bus.h); the 2026-07-28 subscriptions get it too. The same
 * as sc_mcp_notify_list_changed and sc_mcp_notify_resource_updated given
 * http's server. Return as sc_mcp_http_each_session. */
SC_MCP_API int sc_mcp_http_list_changed(sc_mcp_http *http, const char *what);
SC_MCP_API int sc_mcp_http_resource_updated(sc_mcp_http *http, const char *uri);

/* Stops listening, waits for the requests in progress, frees everything. */
SC_MCP_API void sc_mcp_http_stop(sc_mcp_http *http);

/* For a program that is only an MCP server: starts, logs
 * "listening on http://ADDRESS:PORT/PATH" (https:// with TLS) through
 * server->log, serves until
 * SIGINT or SIGTERM, stops. Returns 0, or the error of sc_mcp_http_start. */
SC_MCP_API int sc_mcp_serve_http(const sc_mcp_server *server, const sc_mcp_http_options *options);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_MCP_HTTP_H */
