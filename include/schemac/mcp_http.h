/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson dependency('schemac-mcp')).
 *
 * schemac runtime: MCP's Streamable HTTP transport for an sc_mcp_server
 * (schemac/mcp.h), on libmicrohttpd. Present when libschemac-mcp was built
 * with it (SCHEMAC_HAVE_MCP_HTTP in schemac/config.h; meson option
 * `http`, on when libmicrohttpd is found).
 *
 * One endpoint (options.path, "/mcp"):
 *   POST    one JSON-RPC message (or a batch, in 2025-03-26) as
 *           application/json; the reply is application/json (200), 202 with
 *           no body for notifications and responses, 400 with a JSON-RPC
 *           error for a message rejected as a whole. The server never
 *           answers with an SSE stream: it sends no requests or
 *           notifications of its own, so it has nothing to stream.
 *   GET     405 (no SSE stream is offered), as the specification allows.
 *   DELETE  ends the session named by Mcp-Session-Id.
 *   OPTIONS 204: a CORS preflight (allowed origins get CORS headers).
 * Sessions: initialize (a POST without Mcp-Session-Id) creates one and its
 * response carries Mcp-Session-Id (128 random bits, hex); every other
 * request must carry it: missing 400, unknown or ended 404. A
 * MCP-Protocol-Version header, when sent, must be the session's negotiated
 * revision (else 400).
 * Security defaults (docs/tools.md): bound to 127.0.0.1; a request whose
 * Origin is not allowed gets 403 (DNS rebinding); bodies over max_body get
 * 413; at most max_connections connections and `threads` requests at
 * once; idle connections closed after timeout_seconds; an optional bearer
 * token check (401).
 */
#ifndef SCHEMAC_MCP_HTTP_H
#define SCHEMAC_MCP_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "schemac/config.h"
#include "mcp.h"

#if !SCHEMAC_HAVE_MCP_HTTP
#error "libschemac-mcp was built without the MCP HTTP transport (libmicrohttpd was not found; meson option http)"
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_mcp_http_options {
    const char *address;      /* IPv4 or IPv6 address to listen on; NULL: "127.0.0.1" */
    unsigned short port;      /* 0: any free port (see sc_mcp_http_port) */
    const char *path;         /* the MCP endpoint; NULL: "/mcp" */
    /* Origin values allowed, compared exactly ("https://app.example.com");
     * NULL: http(s) origins on localhost, 127.0.0.1 and [::1] only, any
     * port. A request without Origin (not from a browser) is allowed. The
     * array must outlive the server. */
    const char *const *allowed_origins;
    size_t allowed_origin_count;
    size_t max_body;          /* bytes of a request body; 0: the server's max_message */
    unsigned max_connections; /* 0: 64 */
    unsigned threads;         /* requests handled at once; 0: 4 */
    unsigned max_sessions;    /* 0: 1024; when full, the least recently used session ends */
    unsigned timeout_seconds; /* idle connections are closed; 0: 30 */
    /* A bearer token check: called for every request with the token of
     * "Authorization: Bearer TOKEN" (NULL when there is none); false answers
     * 401 with WWW-Authenticate: Bearer. NULL: no check. Called from the
     * server's threads. */
    bool (*authorize)(void *authorize_ctx, const char *token);
    void *authorize_ctx;
} sc_mcp_http_options;

typedef struct sc_mcp_http sc_mcp_http;

/* Starts serving server (which must outlive the returned handle) on its
 * own threads. Returns 0 and *http, or SC_ERR_ARGUMENT (a bad address, a
 * port in use: the message says which) or SC_ERR_NOMEM. */
int sc_mcp_http_start(const sc_mcp_server *server, const sc_mcp_http_options *options, sc_mcp_http **http,
                      sc_error *err) SC_NODISCARD;

/* The port listened on (the one chosen when options.port was 0). */
unsigned short sc_mcp_http_port(const sc_mcp_http *http);

/* Stops listening, waits for the requests in progress, frees everything. */
void sc_mcp_http_stop(sc_mcp_http *http);

/* For a program that is only an MCP server: starts, logs
 * "listening on http://ADDRESS:PORT/PATH" through server->log, serves until
 * SIGINT or SIGTERM, stops. Returns 0, or the error of sc_mcp_http_start. */
int sc_mcp_serve_http(const sc_mcp_server *server, const sc_mcp_http_options *options);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_MCP_HTTP_H */
