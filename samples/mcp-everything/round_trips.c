/* The everything server's fixtures of the 2026-07-28 scenarios: handlers
 * that ask the client questions (elicitation, sampling, roots), written
 * once for both eras. In a 2025 session each question is a request to the
 * client and its answer comes back while the handler waits; in the
 * stateless revision the first question not yet answered ends the try
 * with an InputRequiredResult, and the client's retry runs the handler
 * again with the answers (docs/mcp.md). A handler asks every question it
 * can before it looks at any answer, so that they go out in one round. */
#include <stdio.h>
#include <string.h>

#include "fixtures.h"

static const char name_form[] =
    "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}";
static const char color_form[] =
    "{\"type\":\"object\",\"properties\":{\"color\":{\"type\":\"string\"}},\"required\":[\"color\"]}";
static const char confirm_form[] =
    "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}";
static const char context_form[] =
    "{\"type\":\"object\",\"properties\":{\"context\":{\"type\":\"string\"}},\"required\":[\"context\"]}";

/* A string member of an accepted form, or fallback. */
static const char *field(sc_mcp_elicit_action action, const cJSON *content, const char *name,
                         const char *fallback)
{
    const char *value = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(content, name));
    return action == SC_MCP_ELICIT_ACCEPT && value != NULL ? value : fallback;
}

/* One question under key: an elicitation of form. */
static int ask_form(sc_mcp_context *ctx, const char *key, const char *message, const char *form,
                    sc_mcp_elicit_action *action, const cJSON **content, sc_error *err)
{
    sc_mcp_input_key(ctx, key);
    return sc_mcp_elicit(ctx, message, form, 0, action, content, err);
}

static int ask_roots(sc_mcp_context *ctx, const char *key, const cJSON **roots, sc_error *err)
{
    const cJSON *result;
    cJSON *params = cJSON_CreateObject();
    *roots = NULL;
    if (params == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    sc_mcp_input_key(ctx, key);
    int rc = sc_mcp_request(ctx, "roots/list", params, 0, &result, err);
    *roots = rc == 0 ? cJSON_GetObjectItemCaseSensitive(result, "roots") : NULL;
    return rc;
}

static int text(sc_mcp_context *ctx, const char *message, sc_error *err)
{
    return add_content(ctx, sc_mcp_text_content(message), err);
}

static int rr_elicitation(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    if (ask_form(ctx, "user_name", "What is your name?", name_form, &action, &content, err) != 0)
        return err->code;
    char message[256];
    snprintf(message, sizeof message, "Hello, %.200s!", field(action, content, "name", "stranger"));
    return text(ctx, message, err);
}

static int rr_sampling(sc_mcp_context *ctx, sc_error *err)
{
    const char *answer;
    sc_mcp_input_key(ctx, "capital_question");
    if (sc_mcp_sample_text(ctx, "What is the capital of France?", 100, 0, &answer, err) != 0)
        return err->code;
    char message[512];
    snprintf(message, sizeof message, "The model said: %.400s",
             answer != NULL ? answer : "(no text)");
    return text(ctx, message, err);
}

static int rr_list_roots(sc_mcp_context *ctx, sc_error *err)
{
    const cJSON *roots;
    if (ask_roots(ctx, "client_roots", &roots, err) != 0)
        return err->code;
    char message[64];
    snprintf(message, sizeof message, "The client has %d root(s)", cJSON_GetArraySize(roots));
    return text(ctx, message, err);
}

/* A confirmation carried across the round trip (request_state and
 * tampered_state: the server's state goes in requestState, signed). */
static int rr_confirm(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    if (ask_form(ctx, "confirm", "Confirm to go on", confirm_form, &action, &content, err) != 0)
        return err->code;
    bool ok = action == SC_MCP_ELICIT_ACCEPT &&
              cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(content, "ok"));
    return text(ctx, ok ? "state-ok: confirmed" : "state-ok: not confirmed", err);
}

/* Three questions at once: each asked before any answer is looked at.
 * The first that fails says why (err); the others' errors go to later. */
static int rr_multiple_inputs(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content, *roots;
    const char *greeting;
    sc_error later;
    sc_error_clear(&later);
    int rc = ask_form(ctx, "user_name", "What is your name?", name_form, &action, &content, err);
    sc_mcp_input_key(ctx, "greeting");
    int next = sc_mcp_sample_text(ctx, "Write a one-line greeting.", 50, 0, &greeting,
                                  rc == 0 ? err : &later);
    rc = rc != 0 ? rc : next;
    next = ask_roots(ctx, "client_roots", &roots, rc == 0 ? err : &later);
    rc = rc != 0 ? rc : next;
    if (rc != 0)
        return rc;
    char message[640];
    snprintf(message, sizeof message, "%.200s, %.200s (%d root(s))",
             greeting != NULL ? greeting : "Hello", field(action, content, "name", "stranger"),
             cJSON_GetArraySize(roots));
    return text(ctx, message, err);
}

/* Two rounds: the second question depends on the first answer. */
static int rr_multi_round(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    if (ask_form(ctx, "step1", "What is your name?", name_form, &action, &content, err) != 0)
        return err->code;
    char name[128], question[200], message[300];
    snprintf(name, sizeof name, "%s", field(action, content, "name", "stranger"));
    snprintf(question, sizeof question, "What is your favourite colour, %.100s?", name);
    if (ask_form(ctx, "step2", question, color_form, &action, &content, err) != 0)
        return err->code;
    snprintf(message, sizeof message, "%.100s likes %.100s", name,
             field(action, content, "color", "no colour"));
    return text(ctx, message, err);
}

/* Asks only what the client declared it can answer. */
static int rr_capabilities(sc_mcp_context *ctx, sc_error *err)
{
    const char *answer = NULL;
    const cJSON *content = NULL, *roots = NULL;
    sc_mcp_elicit_action action = SC_MCP_ELICIT_CANCEL;
    sc_error later;
    int rc = 0, next;
    sc_error_clear(&later);
    if (sc_mcp_client_supports(ctx, "sampling")) {
        sc_mcp_input_key(ctx, "sample_input");
        next = sc_mcp_sample_text(ctx, "Say something.", 50, 0, &answer, rc == 0 ? err : &later);
        rc = rc != 0 ? rc : next;
    }
    if (sc_mcp_client_supports(ctx, "elicitation")) {
        next = ask_form(ctx, "elicit_input", "What is your name?", name_form, &action, &content,
                        rc == 0 ? err : &later);
        rc = rc != 0 ? rc : next;
    }
    if (sc_mcp_client_supports(ctx, "roots")) {
        next = ask_roots(ctx, "roots_input", &roots, rc == 0 ? err : &later);
        rc = rc != 0 ? rc : next;
    }
    return rc != 0 ? rc : text(ctx, "Asked only what the client can answer", err);
}

/* Needs sampling whatever the client declared: without it, MCP
 * 2026-07-28's -32021 (a 2025 session: the tool's failure). */
static int missing_capability(sc_mcp_context *ctx, sc_error *err)
{
    const char *answer;
    if (sc_mcp_sample_text(ctx, "Say something.", 50, 0, &answer, err) != 0)
        return err->code;
    return text(ctx, answer != NULL ? answer : "(no text)", err);
}

/* Logs at info: sent only to a client that asked for that level (in the
 * stateless revision, a request with _meta's logLevel). */
static int logging_tool(sc_mcp_context *ctx, sc_error *err)
{
    if (sc_mcp_client_log(ctx, SC_MCP_LOG_INFO, "mcp_everything", "the logging tool ran") ==
        SC_ERR_NOMEM)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return text(ctx, "Logged at info", err);
}

/* A list change, to every client listening for it: the stateless
 * revision's subscriptions and the 2025 sessions, of every replica with
 * --redis. */
static int changed(sc_mcp_context *ctx, const char *what, sc_error *err)
{
    if (sc_mcp_notify_list_changed(sc_mcp_context_server(ctx), what) == SC_ERR_NOMEM)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    char message[64];
    snprintf(message, sizeof message, "The %s list changed", what);
    return text(ctx, message, err);
}

static int trigger_tool_change(sc_mcp_context *ctx, sc_error *err)
{
    return changed(ctx, "tools", err);
}

static int trigger_prompt_change(sc_mcp_context *ctx, sc_error *err)
{
    return changed(ctx, "prompts", err);
}

const sc_tool round_trip_tools[ROUND_TRIP_COUNT] = {
    NO_ARGS_TOOL("test_input_required_result_elicitation",
                 "Asks the user's name (input request user_name)"),
    NO_ARGS_TOOL("test_input_required_result_sampling", "Asks the model a question (sampling)"),
    NO_ARGS_TOOL("test_input_required_result_list_roots", "Asks the client for its roots"),
    NO_ARGS_TOOL("test_input_required_result_request_state",
                 "Asks a confirmation carried in requestState"),
    NO_ARGS_TOOL("test_input_required_result_multiple_inputs", "Asks three questions in one round"),
    NO_ARGS_TOOL("test_input_required_result_multi_round",
                 "Asks two questions, the second after the first"),
    NO_ARGS_TOOL("test_input_required_result_tampered_state",
                 "Asks a confirmation; altered state is refused"),
    NO_ARGS_TOOL("test_input_required_result_capabilities", "Asks only what the client declared"),
    NO_ARGS_TOOL("test_missing_capability", "Needs sampling, whatever the client declared"),
    NO_ARGS_TOOL("test_streaming_elicitation", "Asks the user a question while the call runs"),
    NO_ARGS_TOOL("test_logging_tool", "Logs at info when the client asked for it"),
    NO_ARGS_TOOL("test_trigger_tool_change", "Tells the listening clients that the tools changed"),
    NO_ARGS_TOOL("test_trigger_prompt_change",
                 "Tells the listening clients that the prompts changed"),
};
const no_args_handler round_trip_handlers[ROUND_TRIP_COUNT] = {
    rr_elicitation,        rr_sampling,    rr_list_roots, rr_confirm,
    rr_multiple_inputs,    rr_multi_round, rr_confirm,    rr_capabilities,
    missing_capability,    rr_elicitation, logging_tool,  trigger_tool_change,
    trigger_prompt_change,
};
_Static_assert(sizeof round_trip_tools / sizeof round_trip_tools[0] == ROUND_TRIP_COUNT,
               "fixtures.h's count");
_Static_assert(sizeof round_trip_handlers / sizeof round_trip_handlers[0] == ROUND_TRIP_COUNT,
               "a handler a tool");

int round_trip_prompt(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                      cJSON *messages, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    (void)prompt, (void)arguments;
    if (ask_form(ctx, "user_context", "What context should the prompt use?", context_form, &action,
                 &content, err) != 0)
        return err->code;
    char message[300];
    snprintf(message, sizeof message, "Use this context: %.200s",
             field(action, content, "context", "none"));
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(message));
}
