/* The handlers of the sample MCP server's tools, bound to the generated
 * tool descriptors (tools.schemac.h). */
#ifndef MCP_SERVER_HANDLERS_H
#define MCP_SERVER_HANDLERS_H

#include <stddef.h>

#include "tools.schemac.h"

/* The server's tool table: one binding per tool of tools.h. */
size_t tools_bind_all(sc_tool_binding *bindings, size_t size);

#define TOOLS_COUNT 4

#endif /* MCP_SERVER_HANDLERS_H */
