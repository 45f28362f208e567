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
int invoke_no_args(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args, unsigned flags,
                   cJSON **result, sc_error *err);

#define NO_ARGS_TOOL(NAME, DESCRIPTION)                                                                              \
    {                                                                                                                \
        .name = NAME, .description = DESCRIPTION,                                                                    \
        .input_schema = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}",                    \
        .mcp = "{\"name\":\"" NAME "\",\"description\":\"" DESCRIPTION "\",\"inputSchema\":{\"type\":\"object\","  \
               "\"properties\":{},\"additionalProperties\":false}}",                                                 \
        .openai = "", .openai_strict = "", .anthropic = "", .gemini = "", .xml = "", .invoke = invoke_no_args        \
    }

/* Adds block to the tool's result, or fails the call. */
int add_content(sc_mcp_context *ctx, cJSON *block, sc_error *err);

/* round_trips.c: the tools of the conformance suite's 2026-07-28
 * scenarios (questions to the client, capabilities, logging, list
 * changes), and a prompt that asks the client. */
enum { ROUND_TRIP_COUNT = 13 };
extern const sc_tool round_trip_tools[ROUND_TRIP_COUNT];
extern const no_args_handler round_trip_handlers[ROUND_TRIP_COUNT];
int round_trip_prompt(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments, cJSON *messages,
                      sc_error *err);

#endif /* MCP_EVERYTHING_FIXTURES_H */
