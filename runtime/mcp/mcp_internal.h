/* What the MCP core shares with its transports, beyond include/schemac/mcp.h. */
#ifndef SCHEMAC_MCP_INTERNAL_H
#define SCHEMAC_MCP_INTERNAL_H

#include "schemac/mcp.h"

/* server->max_message, or its default. */
size_t sc_mcp_max_message(const sc_mcp_server *server);

/* The reply to a message longer than sc_mcp_max_message, which a transport
 * skipped without storing it: -32600 with id null, SC_MCP_REJECTED. */
int sc_mcp_reply_too_large(const sc_mcp_server *server, sc_arena *arena, sc_mcp_reply *reply);

/* Writes a diagnostic line through server->log, printf-style. */
void sc_mcp_log(const sc_mcp_server *server, const char *fmt, ...) SC_PRINTF(2, 3);

/* For the transports' own tests only (tests/mcp/transport_server.c): a
 * function called instead of sc_mcp_handle_on, given also the session's
 * channel for messages outside a request (which the core keeps to itself),
 * so that a test can send what the core does not send yet. */
struct sc_mcp_http;
typedef int (*sc_mcp_test_handler)(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                                   const char *message, size_t len, const sc_mcp_channel *request,
                                   const sc_mcp_channel *outside, sc_mcp_reply *reply);
void sc_mcp_http_set_test_handler(struct sc_mcp_http *http, sc_mcp_test_handler handler);
/* sc_mcp_serve_stdio with handler (NULL: sc_mcp_handle_on). */
int sc_mcp_serve_stdio_with(const sc_mcp_server *server, FILE *in, FILE *out, sc_mcp_test_handler handler);
/* ---- the session's core and the handler context (mcp_context.c) ---------- */

/* A request being handled, listed in its session's core so that
 * notifications/cancelled can reach it. */
typedef struct sc_mcp_inflight {
    struct sc_mcp_inflight *next;
    char *id; /* the request id as printed JSON (malloc) */
    bool cancelled;
} sc_mcp_inflight;

struct sc_mcp_context {
    const sc_mcp_server *server;
    sc_mcp_session *session;
    sc_arena *arena;
    sc_mcp_channel channel; /* the request's, else the session's at the start */
    bool has_channel;
    cJSON *progress_token;  /* the request's _meta.progressToken (owned), or NULL */
    sc_mcp_inflight inflight;
    bool listed;            /* inflight is on the core's list */
    cJSON *content;         /* content blocks a tool handler added (owned), or NULL */
    const void *arguments;  /* the decoded arguments (sc_mcp_arguments), or NULL */
    sc_mcp_context *outer;  /* the thread's previous context (nested handling) */
};

/* Makes the session's core at initialize, keeping the client's
 * capabilities (what server requests it accepts). SC_ERR_NOMEM or 0. */
int sc_mcp_core_create(sc_mcp_session *session, const cJSON *client_capabilities);

/* Starts and ends the context of request id (params: its params, or
 * NULL) on this thread. begin returns SC_ERR_NOMEM or 0; end is always
 * called after a successful begin. */
int sc_mcp_context_begin(sc_mcp_context *ctx, const sc_mcp_server *server, sc_mcp_session *session,
                         sc_arena *arena, const sc_mcp_channel *channel, const cJSON *id, const cJSON *params);
void sc_mcp_context_end(sc_mcp_context *ctx);

/* notifications/cancelled: marks request id cancelled and wakes its handler. */
void sc_mcp_core_cancel(sc_mcp_session *session, const cJSON *id);

/* A response from the client: hands it to the server request waiting for
 * it. false when none waits (unknown id, or timed out). */
bool sc_mcp_core_response(sc_mcp_session *session, const cJSON *message);

/* logging/setLevel: false when level is not one of the eight names. */
bool sc_mcp_core_set_level(sc_mcp_session *session, const char *level);

/* resources/subscribe and resources/unsubscribe. SC_ERR_NOMEM or 0. */
int sc_mcp_core_subscribe(sc_mcp_session *session, const char *uri, bool subscribe);

/* Sends a notification (method, params taken over, may be NULL) on the
 * context's channel. 0, SC_ERR_NOMEM, or SC_ERR_ARGUMENT (not sent). */
int sc_mcp_context_notify(sc_mcp_context *ctx, const char *method, cJSON *params);

/* A list's cursor (the index of the page's first entry, in decimal):
 * false when it is not one of count entries. */
bool sc_mcp_read_cursor(const char *cursor, size_t count, size_t *start);

/* The methods of prompts, resources, completion and logging
 * (mcp_features.c): 0 with *result (a new tree), or a JSON-RPC error code
 * with err->message the error's message; SC_MCP_METHOD_NOT_FOUND for a
 * method that is none of them. ctx is the request's. */
int sc_mcp_feature(sc_mcp_context *ctx, const char *method, const cJSON *params, cJSON **result, sc_error *err);

/* Resource not found (resources/read of an unknown URI). */
#define SC_MCP_RESOURCE_NOT_FOUND (-32002)

#endif /* SCHEMAC_MCP_INTERNAL_H */
