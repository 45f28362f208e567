/* The sample agent's tool table (agent_tools.c). */
#ifndef AGENT_H
#define AGENT_H

#include <stddef.h>

#include "agent_tools.schemac.h"

#define AGENT_TOOLS_COUNT 3

/* Fills tools[0..size) with the bindings of agent_tools.h; returns how many. */
size_t agent_tools_bind(sc_tool_binding *tools, size_t size);

#endif /* AGENT_H */
