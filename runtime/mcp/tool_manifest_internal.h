/* What the parts of the tool manifest share (include/schemac/tool_manifest.h):
 * the loader (tool_manifest.c), the dialect texts (tool_manifest_texts.c)
 * and the call (tool_manifest_call.c). */
#ifndef SCHEMAC_TOOL_MANIFEST_INTERNAL_H
#define SCHEMAC_TOOL_MANIFEST_INTERNAL_H

#include "schemac/tool_manifest.h"

/* A tool of a manifest. The sc_tool comes first, so that the invoke, which
 * is given only the binding's tool, finds the compiled schemas beside it:
 * sc_tool's layout (the runtime ABI) stays as generated tools have it. */
typedef struct sc_manifest_tool {
    sc_tool tool;
    sc_schema *input;
    sc_schema *output; /* NULL without outputSchema */
} sc_manifest_tool;

/* sc_tool.invoke of every manifest tool: validates args against the input
 * schema, calls the handler with them, validates its result against the
 * output schema. */
int sc_manifest_invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                       unsigned flags, cJSON **result, sc_error *err);

/* Sets the texts of tool (input_schema, output_schema, the dialects: mcp,
 * the providers', xml ""), printed into arena, from the manifest's entry (an
 * object whose members were checked) and its schemas (output may be
 * NULL). Returns 0 or SC_ERR_NOMEM. */
int sc_manifest_texts(sc_arena *arena, const cJSON *entry, const cJSON *input, const cJSON *output,
                      sc_tool *tool);

#endif /* SCHEMAC_TOOL_MANIFEST_INTERNAL_H */
