/* The handlers of the manifest server's tools (tools.json), bound by name
 * in server.c. Each receives the call's arguments as a cJSON tree that the
 * tool's inputSchema has already accepted. */
#ifndef MCP_MANIFEST_HANDLERS_H
#define MCP_MANIFEST_HANDLERS_H

#include <schemac/tool_manifest.h>

int get_forecast(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx, sc_error *err);
int count_words(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx, sc_error *err);

#endif /* MCP_MANIFEST_HANDLERS_H */
