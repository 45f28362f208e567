/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson
 * dependency('schemac-mcp')).
 *
 * schemac runtime: tool-call round trips with LLM providers. The request's
 * `tools` from a tool table, with the flags its calls must be decoded with
 * (sc_provider_tools); from the body of a provider's response, the tool
 * calls the model asks for, dispatched through the table (sc_tool_call),
 * and what the application appends to the conversation before its next
 * request, in that provider's format:
 *
 *   SC_PROVIDER_OPENAI_CHAT: the calls of choices[0].message.tool_calls; the
 *     request's `messages` gets the assistant message, then one
 *     {"role":"tool","tool_call_id","content"} per call.
 *   SC_PROVIDER_OPENAI_RESPONSES: the output[] items of type function_call;
 *     `input` gets every output item, then one
 *     {"type":"function_call_output","call_id","output"} per call.
 *   SC_PROVIDER_ANTHROPIC: the content[] blocks of type tool_use; `messages`
 *     gets {"role":"assistant","content": the response's content}, then
 *     {"role":"user","content":[{"type":"tool_result",...}...]}.
 *   SC_PROVIDER_GEMINI: the functionCall parts of candidates[0].content;
 *     `contents` gets that content (role "model"), then
 *     {"role":"user","parts":[{"functionResponse":{"name","response","id"}}...]}.
 *
 * One turn of an agent loop:
 *
 *     unsigned flags;                       // once, with the request's tools
 *     cJSON *list = sc_provider_tools(SC_PROVIDER_ANTHROPIC, tools, count, 0, &flags);
 *     ... the request: "tools": list; the response: body, len
 *     sc_tool_turn turn;
 *     int rc = sc_tool_turn_run(&arena, SC_PROVIDER_ANTHROPIC, tools, count,
 *                               body, len, flags, &turn, &err);
 *     if (rc != 0)
 *         ... the response is unusable: err says where ("/content/1/id: ...")
 *     done = turn.calls == 0;               // the model answered without tools
 *     sc_tool_turn_append(&turn, messages); // the request's messages/input/contents array
 *     sc_arena_reset(&arena);
 *
 * Errors: a problem with one call (unknown tool, invalid arguments, the
 * handler's refusal, arguments that are not JSON) is not an error of the
 * turn: it is answered to the model, which can correct itself, as the text
 * "path: message" (sc_error_format): Anthropic's tool_result with
 * "is_error": true, Gemini's functionResponse {"error": text}, and, since
 * OpenAI has no error flag, the output "Error: " + text. A result is the
 * tool's output as JSON text (Gemini: {"output": value}). The function
 * fails only when the response cannot be read: not strict JSON
 * (sc_parse_json's rules), or a member the provider always sends missing or
 * of the wrong type (SC_ERR_REQUIRED, SC_ERR_TYPE, with the JSON Pointer
 * into the response); or out of memory. Only function tools are handled.
 *
 * Ownership: the response's tree lives in the arena (as for sc_parse_json)
 * and may go with the next reset; turn->echo and turn->results are the
 * caller's, copied out of it: free them with sc_tool_turn_free or move them
 * into the conversation with sc_tool_turn_append. On failure there is
 * nothing to free. Thread safety: as for sc_tool_call.
 */
#ifndef SCHEMAC_PROVIDER_H
#define SCHEMAC_PROVIDER_H

#include <stddef.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"
#include "tool.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sc_provider {
    SC_PROVIDER_OPENAI_CHAT,      /* OpenAI Chat Completions (and compatible APIs) */
    SC_PROVIDER_OPENAI_RESPONSES, /* OpenAI Responses API */
    SC_PROVIDER_ANTHROPIC,        /* Anthropic Messages API */
    SC_PROVIDER_GEMINI            /* Gemini generateContent */
} sc_provider;

/* The provider called `name`: "openai" (Chat Completions),
 * "openai-responses", "anthropic" or "gemini". 0, or SC_ERR_ARGUMENT. */
SC_MCP_API int sc_provider_from_name(const char *name, sc_provider *provider) SC_NODISCARD;

typedef struct sc_tool_turn {
    /* The model's own turn, as the conversation must carry it before the
     * results: a JSON array of one message (Chat Completions, Anthropic,
     * Gemini) or of every output item (Responses API: reasoning items must
     * go back with their calls). When the Responses API keeps the
     * conversation (previous_response_id), send only `results`. */
    cJSON *echo;
    /* The results, in the order of the calls: a JSON array of one tool
     * message per call (Chat Completions), one function_call_output item per
     * call (Responses API), or one message holding them all (Anthropic,
     * Gemini). Empty when the model called no tool. */
    cJSON *results;
    size_t calls;  /* tool calls in the response; 0 means the model's answer is final */
    size_t failed; /* of those, answered with an error */
} sc_tool_turn;

/* sc_provider_tools options. */
#define SC_TOOLS_STRICT 1u /* OpenAI's strict dialect (SC_DIALECT_OPENAI_STRICT) */

/* The value of the request's `tools` member for `provider`: the dialect
 * texts of tools[0..count) (tool.h: sc_tool_dialect), in their order, as
 * that API takes them:
 *
 *   SC_PROVIDER_OPENAI_CHAT: each tool's openai text as it is, or its
 *     openai_strict text with SC_TOOLS_STRICT:
 *     [{"type":"function","function":{"name","description","parameters",
 *     "strict"?}}, ...].
 *   SC_PROVIDER_OPENAI_RESPONSES: the same texts as the Responses API's
 *     flat function tools: [{"type":"function","name","description",
 *     "parameters","strict"}, ...]; "strict" is false unless the text says
 *     true (left out, the API would try strict validation on its own).
 *   SC_PROVIDER_ANTHROPIC: each tool's anthropic text:
 *     [{"name","description","input_schema"}, ...].
 *   SC_PROVIDER_GEMINI: one tool holding every gemini text (a declaration
 *     with "parameters" or "parametersJsonSchema", as the dialect chose):
 *     [{"functionDeclarations":[...]}].
 *
 * A tool with no text for that dialect ("": @dialects leaves it out, or its
 * provider rejects one of its names) is left out of the array; compare the
 * array's size (Gemini: of its functionDeclarations) with count to notice.
 * When every tool is left out the array is empty, Gemini's too: send no
 * `tools` then, which some APIs refuse empty. options: SC_TOOLS_STRICT, or
 * 0; Anthropic and Gemini have one dialect each, and ignore it.
 *
 * *call_flags (unless call_flags is NULL) gets the SC_CALL_* flags the
 * model's calls to these tools must be decoded with: pass them to
 * sc_tool_turn_run (or sc_tool_call), so that what was sent and how the
 * answer is read cannot be chosen apart. SC_CALL_NULL_IS_ABSENT when a tool
 * went in the strict dialect (the model sends null for a member it leaves
 * out: without the flag such a call fails, "must be a string (optional:
 * leave the property out instead of sending null)"), else 0.
 *
 * Returns a new array, the caller's (add it to the request, or
 * cJSON_Delete it); NULL, with *call_flags 0, when memory runs out, provider
 * or an option is unknown, tools is NULL with count > 0, or a tool's text
 * is not JSON (never the case for generated tools). Print the request with
 * sc_print_json: cJSON's own printer rounds some integers of a schema
 * (9007199254740991 prints as 9007199254740990). */
SC_MCP_API cJSON *sc_provider_tools(sc_provider provider, const sc_tool_binding *tools,
                                    size_t count, unsigned options,
                                    unsigned *call_flags) SC_NODISCARD;

/* Reads the response body json[0..len) of `provider`, calls each tool it
 * asks for through tools[0..count) with flags (those sc_provider_tools gave
 * for the request: SC_CALL_NULL_IS_ABSENT when the tools were sent in
 * OpenAI's strict dialect), and fills *turn. 0, or an sc_code with err set
 * when the response cannot be read (see above). */
SC_MCP_API int sc_tool_turn_run(sc_arena *arena, sc_provider provider, const sc_tool_binding *tools,
                                size_t count, const char *json, size_t len, unsigned flags,
                                sc_tool_turn *turn, sc_error *err) SC_NODISCARD;

/* Moves the echo, then the results, to the end of conversation (a JSON
 * array: the request's messages, input or contents) and frees the turn. 0,
 * or SC_ERR_ARGUMENT when conversation is not an array (the turn is left
 * as it was). */
SC_MCP_API int sc_tool_turn_append(sc_tool_turn *turn, cJSON *conversation);

/* Deletes what the turn holds; accepts NULL and an emptied turn. */
SC_MCP_API void sc_tool_turn_free(sc_tool_turn *turn);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_PROVIDER_H */
