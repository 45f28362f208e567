/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson
 * dependency('schemac-mcp')).
 *
 * schemac runtime: tools known only at run time. A manifest (a JSON file
 * of tool definitions, as a tool runtime keeps them, or another MCP
 * server's tools/list) becomes sc_tool descriptors whose inputSchema and
 * outputSchema are compiled by libschemac-validate (schemac/validate.h).
 * Bound to handlers by name, they join the same tool table as generated
 * tools: sc_tool_call, the MCP server (schemac/mcp.h) and the provider
 * round trips (schemac/provider.h) serve both alike.
 *
 * The manifest, an array of tools (or {"tools": [...]}, a tools/list
 * result), each an MCP tools/list entry (docs/tools.md, "Tools known at
 * run time"):
 *
 *     [{"name": "get_forecast",            ^[a-zA-Z0-9_-]{1,64}$, unique
 *       "title": "Forecast",               optional
 *       "description": "...",
 *       "inputSchema": {"type": "object", ...},
 *       "outputSchema": {"type": "object", ...},    optional
 *       "annotations": {"readOnlyHint": true, ...}}] optional (MCP ToolAnnotations)
 *
 * A call's arguments are validated against inputSchema before the handler
 * runs; an invalid call is answered as a generated tool's decode error is
 * (every error, "path: message", SC_ERR_TYPE, SC_ERR_CONSTRAINT, ...), and
 * the handler gets the arguments as the cJSON tree they came in. Its
 * output is validated against outputSchema when there is one: a result
 * that breaks it is SC_ERR_OUTPUT, as for a generated tool's @output.
 *
 * One application, two sources of tools:
 *
 *     sc_tool_manifest *manifest;
 *     if (sc_tool_manifest_load("tools.json", NULL, &manifest, &err) != 0)
 *         ... err.path is the JSON Pointer in the manifest of what is wrong
 *     sc_tool_binding tools[8];
 *     size_t n = tools_bind_all(tools, 8);                 // generated ones
 *     const sc_tool_handler_entry handlers[] = {{"get_forecast", forecast, NULL}};
 *     size_t m;
 *     if (sc_tool_manifest_bind(manifest, handlers, 1, tools + n, 8 - n, &m, &err) != 0)
 *         ... a tool without a handler, or a handler without a tool
 *     sc_mcp_server server = {..., .tools = tools, .tool_count = n + m};
 *
 * Thread safety: a loaded manifest is read only (its compiled schemas are
 * immutable): calls may run in parallel as for generated tools. Free it
 * after the last call, once no binding to its tools is used any more.
 */
#ifndef SCHEMAC_TOOL_MANIFEST_H
#define SCHEMAC_TOOL_MANIFEST_H

#include <stddef.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"
#include "tool.h"
#include "validate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The handler of a manifest tool: args is the call's arguments, valid
 * against the tool's inputSchema (an object; {} for a call without
 * arguments), owned by the caller. *out (NULL on entry) is the tool's
 * result, any cJSON value allocated with cJSON, or NULL for none; with an
 * outputSchema it must be valid against it. Returns 0, or fails as a
 * generated handler does: sc_fail(err, SC_ERR_HANDLER, NULL, "message for
 * the model"), sc_fail_at for an argument at fault. */
typedef int (*sc_tool_json_handler)(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx,
                                    sc_error *err);

typedef struct sc_tool_manifest sc_tool_manifest;

typedef struct sc_tool_manifest_options {
    /* Documents the schemas' "$ref"s may name by URI (NULL: the built-in
     * metaschemas only). Read while loading, not kept. */
    const sc_schema_registry *registry;
    /* How every schema is compiled; NULL: the defaults of sc_schema_compile
     * but that formats assert (SC_SCHEMA_FORMATS_ASSERT, as the generated
     * decoders do) and each schema is checked against its metaschema first
     * (a manifest is loaded once: a schema mistake is better found then
     * than by the first call). */
    const sc_schema_options *schema;
} sc_tool_manifest_options;

/* Reads the manifest at path (sc_read_file: at most the default
 * max_input) and compiles its tools' schemas. options may be NULL. On
 * failure *out is NULL and err says what is wrong and where, err->path the
 * JSON Pointer in the manifest ("/1/inputSchema/properties/days/minimum:
 * the schema breaks its metaschema ...: must be a number", "/0/name: ...",
 * "/2: unknown property \"inputschema\"; the properties are: ..."); for a
 * file that cannot be read
 * the message names the system's reason. Returns 0, SC_ERR_ARGUMENT (a
 * manifest or schema at fault, a file that cannot be read), a reading
 * error of the JSON (SC_ERR_SYNTAX, ...), SC_ERR_LIMIT, SC_ERR_NOMEM. */
SC_MCP_API int sc_tool_manifest_load(const char *path, const sc_tool_manifest_options *options,
                                     sc_tool_manifest **out, sc_error *err) SC_NODISCARD;

/* The same for a manifest given as JSON text json[0..len) (copied). */
SC_MCP_API int sc_tool_manifest_parse(const char *json, size_t len,
                                      const sc_tool_manifest_options *options,
                                      sc_tool_manifest **out, sc_error *err) SC_NODISCARD;

/* Frees the manifest and its tools; accepts NULL. */
SC_MCP_API void sc_tool_manifest_free(sc_tool_manifest *manifest);

/* The number of tools, and tool i in the manifest's order (NULL past the
 * end). Each is an sc_tool as tool.h describes, with every text a
 * generated tool has but xml (""): input_schema and output_schema are the
 * manifest's schemas as given (compact JSON, in their own dialect), the
 * dialects (sc_tool_dialect) mcp the tools/list entry, openai,
 * openai_strict, anthropic and gemini the providers' (docs/tools.md says
 * how they differ from a generated tool's); effect and idempotent from
 * the annotations. */
SC_MCP_API size_t sc_tool_manifest_count(const sc_tool_manifest *manifest);
SC_MCP_API const sc_tool *sc_tool_manifest_tool(const sc_tool_manifest *manifest, size_t i);

/* A handler for the manifest tool called name. */
typedef struct sc_tool_handler_entry {
    const char *name;
    sc_tool_json_handler handler;
    void *ctx;
} sc_tool_handler_entry;

/* Binds every tool of the manifest to the handler of its name, into
 * bindings[0..*count) in the manifest's order (max: the room there).
 * Every tool must have exactly one handler and every handler a tool:
 * otherwise nothing is bound, *count is 0, and err names the first that
 * does not match (SC_ERR_UNKNOWN_TOOL for a handler whose tool is not in
 * the manifest, SC_ERR_ARGUMENT for a tool without a handler, a NULL
 * handler, a name given twice, or max too small). The bindings point into
 * the manifest: valid until it is freed. */
SC_MCP_API int sc_tool_manifest_bind(const sc_tool_manifest *manifest,
                                     const sc_tool_handler_entry *handlers, size_t handler_count,
                                     sc_tool_binding *bindings, size_t max, size_t *count,
                                     sc_error *err) SC_NODISCARD;

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_TOOL_MANIFEST_H */
