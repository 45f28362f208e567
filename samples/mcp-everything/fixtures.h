/* What the files of the everything server share: its tools without
 * arguments (described by hand: a C struct cannot be empty) and the
 * stateless revision's fixtures (round_trips.c). */
#ifndef MCP_EVERYTHING_FIXTURES_H
#define MCP_EVERYTHING_FIXTURES_H

#include <stddef.h>

#include <schemac/mcp.h>

/* A tool without arguments: it runs with the context of its request. */
typedef int (*no_args_handler)(sc_mcp_context *ctx, sc_error *err);

/* The invoke of such a tool (sc_tool.invoke): refuses any argument, as a
 * generated decoder refuses an unknown member, and calls the handler. */
int invoke_no_args(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                   unsigned flags, cJSON **result, sc_error *err);

#define NO_ARGS_FIELDS(NAME, DESCRIPTION)                                                          \
    .name = NAME, .description = DESCRIPTION,                                                      \
    .input_schema = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}",      \
    .dialects =                                                                                    \
        (const char *const[]){                                                                     \
            "{\"name\":\"" NAME "\",\"description\":\"" DESCRIPTION "\",\"inputSchema\":"          \
            "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}}"},            \
    .dialect_count = 1 /* SC_DIALECT_MCP: an MCP server's tools, the other dialects "" */,         \
    .invoke = invoke_no_args
#define NO_ARGS_TOOL(NAME, DESCRIPTION)                                                            \
    {                                                                                              \
        NO_ARGS_FIELDS(NAME, DESCRIPTION)                                                          \
    }
/* One that may run as a task (a header's @task [required] [explicit]). */
#define NO_ARGS_TASK_TOOL(NAME, DESCRIPTION, TASK, EXPLICIT)                                       \
    {                                                                                              \
        NO_ARGS_FIELDS(NAME, DESCRIPTION), .task = TASK, .task_explicit = EXPLICIT                 \
    }

/* Adds block to the tool's result, or fails the call. */
int add_content(sc_mcp_context *ctx, cJSON *block, sc_error *err);

/* The context of the tool call running with arena, or NULL (err says why). */
sc_mcp_context *tool_context(sc_arena *arena, sc_error *err);

/* round_trips.c: the tools of the conformance suite's 2026-07-28
 * scenarios (questions to the client, capabilities, logging, list
 * changes), and a prompt that asks the client. */
enum { ROUND_TRIP_COUNT = 13 };
extern const sc_tool round_trip_tools[ROUND_TRIP_COUNT];
extern const no_args_handler round_trip_handlers[ROUND_TRIP_COUNT];
int round_trip_prompt(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                      cJSON *messages, sc_error *err);

/* tasks.c: the tools of the tasks extension's scenarios, bound into out
 * (room for TASK_TOOL_COUNT); returns how many. */
enum { TASK_TOOL_COUNT = 7 };
size_t task_tools_bind(sc_tool_binding *out);

#endif /* MCP_EVERYTHING_FIXTURES_H */
