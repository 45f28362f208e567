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

#endif /* SCHEMAC_MCP_INTERNAL_H */
