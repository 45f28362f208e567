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

#endif /* SCHEMAC_MCP_INTERNAL_H */
