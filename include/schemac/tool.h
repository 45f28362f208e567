/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: LLM tools. A table of generated tool descriptors, bound
 * to the application's typed handlers, and a dispatcher that turns a tool
 * call's JSON into a typed call and a result or an error the model can act
 * on.
 *
 * For each struct tagged `@tool NAME`, the generated header declares
 *
 *     extern const sc_tool T_tool;
 *     typedef int (*T_handler)(sc_arena *arena, const T *in, OUT *out, void *ctx, sc_error *err);
 *     sc_tool_binding T_bind(T_handler handler, void *ctx);
 *
 * where OUT is the struct named by `@output` (tagged @schema); a tool
 * without @output has `cJSON **out` instead: the handler sets any JSON value
 * (or leaves NULL for none), allocated with cJSON and deleted by the
 * dispatcher's caller through the result.
 *
 * A handler returns 0, or fails with sc_fail(err, SC_ERR_HANDLER, NULL,
 * "message for the model"). It may allocate from `arena` (strings of its
 * output, say); the arena is the caller's and outlives the call.
 *
 * Thread safety: descriptors are constants; a binding's ctx is the
 * application's business; calls on different arenas may run in parallel.
 */
#ifndef SCHEMAC_TOOL_H
#define SCHEMAC_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether a tool's call may run as a task (MCP's tasks extension,
 * io.modelcontextprotocol/tasks; the header's @task): the client gets a
 * task handle at once and polls for the result. */
typedef enum sc_task_support {
    SC_TASK_NONE = 0, /* always answered in the call itself */
    SC_TASK_OPTIONAL, /* a task for a client that declared the extension */
    SC_TASK_REQUIRED  /* only as a task: a client without the extension is refused */
} sc_task_support;

typedef enum sc_effect {
    SC_EFFECT_UNSPECIFIED = 0,
    SC_EFFECT_READONLY,
    SC_EFFECT_MUTATING,
    SC_EFFECT_DESTRUCTIVE
} sc_effect;

/* The dialects of a tool's texts (sc_tool_dialect), one per provider
 * format. The values are stable: a new provider is added at the end, so
 * that a descriptor generated before it, whose texts stop short of it,
 * keeps its meaning. */
typedef enum sc_dialect {
    SC_DIALECT_MCP = 0,       /* a tools/list entry */
    SC_DIALECT_OPENAI,        /* a Chat Completions function tool */
    SC_DIALECT_OPENAI_STRICT, /* the same in strict mode */
    SC_DIALECT_ANTHROPIC,     /* an element of the Messages API's tools */
    SC_DIALECT_GEMINI,        /* a function declaration */
    SC_DIALECT_XML,           /* not JSON: a <tool> description for a prompt */
    SC_DIALECT_COUNT          /* how many this runtime knows: grows with a provider */
} sc_dialect;

/* A handler as a binding stores it; the generated invoke casts it back to
 * the tool's typed handler before calling it. */
typedef void (*sc_handler)(void);

typedef struct sc_tool sc_tool;

typedef struct sc_tool_binding {
    const sc_tool *tool;
    sc_handler handler;
    void *ctx;
} sc_tool_binding;

struct sc_tool {
    const char *name; /* as providers see it: ^[a-zA-Z0-9_-]{1,64}$ */
    const char *description;
    /* canonical JSON Schema (draft 2020-12); a tool loaded from a manifest
     * (tool_manifest.h) has the manifest's schemas as given */
    const char *input_schema;
    const char *output_schema; /* canonical schema of the @output struct, or NULL */
    /* The dialects' texts, indexed by sc_dialect, read with
     * sc_tool_dialect: each a compact JSON document to send as is (the
     * TYPE.*.json files' documents without white space; xml: text), "" for
     * a dialect the tool is not written for (@dialects, or a name its
     * provider rejects: docs/tools.md, "Names"). An array and its count
     * rather than a member per provider, so that a provider added later
     * changes neither sc_tool's layout nor the files generated before it:
     * their shorter arrays read as "" for it. */
    const char *const *dialects;
    size_t dialect_count;
    sc_effect effect;
    bool idempotent;
    const char *version; /* @version, or NULL */
    /* @config TYPE: the canonical schema of the tool's settings (API keys,
     * limits), set when the tool is created rather than by the model, or
     * NULL. Decode them with TYPE_decode; hand them to the handler as ctx. */
    const char *config_schema;
    /* Decodes args, calls the handler, validates and encodes its output;
     * flags: SC_CALL_* (as given to sc_tool_call). */
    int (*invoke)(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                  unsigned flags, cJSON **result, sc_error *err);
    /* @task [required] [explicit]: the task starts before the handler runs,
     * or (task_explicit) where the handler calls sc_mcp_task_begin, after
     * the questions it asks in the call itself (schemac/mcp.h). */
    sc_task_support task;
    bool task_explicit;
    /* @scopes: the OAuth scopes (space separated) an MCP client's access
     * token must hold to call the tool over HTTP with OAuth configured
     * (schemac/mcp_http.h), or NULL. */
    const char *scopes;
};

/* tool's text of dialect, never NULL: "" when the tool has none (a NULL
 * entry, or a dialect newer than the schemac that generated the tool). */
SC_API const char *sc_tool_dialect(const sc_tool *tool, sc_dialect dialect);

/* How many errors of a tool call's arguments are reported at once (each
 * one line of the text the model gets). */
#define SC_TOOL_MAX_ERRORS 16

/* OpenAI's strict mode makes every property required and has the model send
 * null for a member it leaves out. With this flag a null is read as "absent"
 * for members that are optional and not @nullable (at any depth), so such a
 * call decodes as the schema the application declared means it. */
#define SC_CALL_NULL_IS_ABSENT 1u

/* Calls the tool called `name` with arguments `json`/`len`, JSON text (OpenAI's
 * `arguments` string), parsed under the strictness rules; the parameters
 * follow T_decode's order (arena first, error last). flags: SC_CALL_*, or 0.
 * On success *result is the output as JSON (caller deletes with cJSON_Delete;
 * NULL when the tool returns nothing).
 * Errors: SC_ERR_UNKNOWN_TOOL, the decode errors of the arguments (with
 * the JSON Pointer into them; *err is the first, and err->all lists every
 * one, up to SC_TOOL_MAX_ERRORS, in the arena), SC_ERR_HANDLER (the
 * handler's own message), and SC_ERR_OUTPUT when the handler's output
 * breaks its schema (a bug on the application's side: *err says what was
 * wrong, for the application's log; sc_tool_error_text tells the model only
 * that the tool failed). */
SC_API int sc_tool_call(sc_arena *arena, const sc_tool_binding *tools, size_t count,
                        const char *name, const char *json, size_t len, unsigned flags,
                        cJSON **result, sc_error *err) SC_NODISCARD;

/* The same with the arguments as a tree (Anthropic's `input`, MCP's
 * `arguments`), as T_from_cjson is to T_decode. NULL args: no arguments,
 * read as an empty object (MCP allows a call without them). */
SC_API int sc_tool_call_cjson(sc_arena *arena, const sc_tool_binding *tools, size_t count,
                              const char *name, const cJSON *args, unsigned flags, cJSON **result,
                              sc_error *err) SC_NODISCARD;

/* The text for the model about a failed call (rc, err as sc_tool_call left
 * them), into buf (always terminated): every argument error, one
 * "path: message" line each, so that one retry can fix them all; a
 * handler's own message; for SC_ERR_OUTPUT only that the tool failed,
 * since nothing in the call could fix it. */
SC_API void sc_tool_error_text(int rc, const sc_error *err, char *buf, size_t size);

/* MCP: the result of tools/call for a call that returned rc (0 or an
 * sc_code) with *result / err: {"content": [{"type": "text", "text": ...}],
 * "structuredContent": result (when it is an object), "isError": rc != 0}.
 * An error's text is sc_tool_error_text's: every argument error, one
 * "path: message" line each, as the MCP specification asks for input
 * validation failures. Takes ownership of result. NULL when memory runs
 * out. */
SC_API cJSON *sc_mcp_call_result(int rc, cJSON *result, const sc_error *err);

/* MCP: the result of tools/list: {"tools": [entry, ...]}, without the tools
 * that have no MCP entry. */
SC_API cJSON *sc_mcp_tools_list(const sc_tool_binding *tools, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_TOOL_H */
