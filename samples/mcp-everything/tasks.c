/* The everything server's fixtures of the tasks extension
 * (io.modelcontextprotocol/tasks): tools that may run as tasks, marked in
 * the header (@task) or, for those without arguments, in their sc_tool.
 * Each handler is written once: for a client with the extension the call
 * returns a task at once and the handler runs on the library's thread,
 * its questions becoming the task's inputRequests (answered by
 * tasks/update, after which it runs again from its start); for any other
 * client the same handler answers in the call. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <stdio.h>
#include <time.h>

#include "everything.schemac.h"
#include "fixtures.h"

/* Works for tenths tenths of a second, saying how far it got, until done
 * or cancelled (tasks/cancel, notifications/cancelled). */
static int work(sc_mcp_context *ctx, int tenths, sc_error *err)
{
    const struct timespec tenth = {0, 100000000L};
    for (int i = 0; i < tenths; i++) {
        if (sc_mcp_cancelled(ctx))
            return sc_fail(err, SC_ERR_HANDLER, NULL, "cancelled");
        if (i % 10 == 0)
            sc_mcp_progress(ctx, i / 10, tenths / 10, NULL);
        nanosleep(&tenth, NULL);
    }
    return 0;
}

static int text(sc_mcp_context *ctx, const char *message, sc_error *err)
{
    return add_content(ctx, sc_mcp_text_content(message), err);
}

/* An approval_form question under key; *confirmed when the user accepted
 * with confirm true, *name the name given (or NULL). */
static int ask_approval(sc_mcp_context *ctx, const char *key, const char *message, bool *confirmed,
                        const char **name, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    approval_form form;
    *confirmed = false;
    *name = NULL;
    sc_mcp_input_key(ctx, key);
    if (sc_mcp_elicit(ctx, message, approval_form_schema_json, 0, &action, &content, err) != 0)
        return err->code;
    if (action != SC_MCP_ELICIT_ACCEPT)
        return 0;
    if (approval_form_from_cjson(sc_mcp_context_arena(ctx), content, &form, err) != 0)
        return err->code;
    *confirmed = form.confirm;
    *name = form.name;
    return 0;
}

static int greet(sc_arena *arena, const greet_args *in, cJSON **out, void *app, sc_error *err)
{
    (void)out, (void)app;
    sc_mcp_context *ctx = tool_context(arena, err);
    char message[256];
    snprintf(message, sizeof message, "Hello, %s!", in->name);
    return ctx == NULL ? err->code : text(ctx, message, err);
}

static int slow_compute(sc_arena *arena, const slow_compute_args *in, cJSON **out, void *app,
                        sc_error *err)
{
    (void)out, (void)app;
    sc_mcp_context *ctx = tool_context(arena, err);
    if (ctx == NULL || work(ctx, in->seconds * 10, err) != 0)
        return err->code;
    char message[300];
    snprintf(message, sizeof message, "computed %s in %d s",
             in->label != NULL ? in->label : "the result", in->seconds);
    return text(ctx, message, err);
}

static int confirm_delete(sc_arena *arena, const confirm_delete_args *in, cJSON **out, void *app,
                          sc_error *err)
{
    (void)out, (void)app;
    sc_mcp_context *ctx = tool_context(arena, err);
    bool confirmed;
    const char *name;
    char message[300];
    snprintf(message, sizeof message, "Delete %s?", in->filename);
    if (ctx == NULL || ask_approval(ctx, "confirm", message, &confirmed, &name, err) != 0)
        return err->code;
    snprintf(message, sizeof message, confirmed ? "deleted %s (pretend)" : "kept %s", in->filename);
    return text(ctx, message, err);
}

/* A tool error after a second: a task that ends "completed", with isError. */
static int failing_job(sc_mcp_context *ctx, sc_error *err)
{
    if (work(ctx, 10, err) != 0)
        return err->code;
    return sc_fail(err, SC_ERR_HANDLER, NULL, "the job failed, as it always does");
}

/* A JSON-RPC error instead of a result: a task that ends "failed". */
static int protocol_error_job(sc_mcp_context *ctx, sc_error *err)
{
    return sc_mcp_fail_call(ctx, SC_MCP_INTERNAL_ERROR, err,
                            "the job broke down: the request fails, not the tool");
}

/* Two questions at once: the task is input_required with both, and stays
 * so until tasks/update has answered each. */
static int multi_input(sc_mcp_context *ctx, sc_error *err)
{
    bool first_ok, second_ok;
    const char *first, *second;
    sc_error later;
    sc_error_clear(&later);
    int rc = ask_approval(ctx, "first", "First approval", &first_ok, &first, err);
    int next =
        ask_approval(ctx, "second", "Second approval", &second_ok, &second, rc == 0 ? err : &later);
    if ((rc = rc != 0 ? rc : next) != 0)
        return rc;
    char message[512];
    snprintf(message, sizeof message, "first: %s (%s), second: %s (%s)",
             first != NULL ? first : "-", first_ok ? "confirmed" : "not confirmed",
             second != NULL ? second : "-", second_ok ? "confirmed" : "not confirmed");
    return text(ctx, message, err);
}

/* The name first, in the call's own round trip; then the work, as a task
 * (@task required explicit: sc_mcp_task_begin says where it starts). */
static int tool_with_task(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    name_form form = {NULL};
    sc_mcp_input_key(ctx, "user_name");
    if (sc_mcp_elicit(ctx, "What is your name?", name_form_schema_json, 0, &action, &content,
                      err) != 0)
        return err->code;
    if (action == SC_MCP_ELICIT_ACCEPT &&
        name_form_from_cjson(sc_mcp_context_arena(ctx), content, &form, err) != 0)
        return err->code;
    if (sc_mcp_task_begin(ctx, err) != 0 || work(ctx, 5, err) != 0)
        return err->code;
    char message[300];
    snprintf(message, sizeof message, "Hello, %s! (from a task)",
             form.name != NULL ? form.name : "stranger");
    return text(ctx, message, err);
}

static const sc_tool no_args_task_tools[] = {
    NO_ARGS_TASK_TOOL("failing_job", "A job that fails after a second (only as a task)",
                      SC_TASK_REQUIRED, false),
    NO_ARGS_TASK_TOOL("protocol_error_job", "A job whose request fails with a JSON-RPC error",
                      SC_TASK_OPTIONAL, false),
    NO_ARGS_TASK_TOOL("multi_input", "Asks for two approvals at once", SC_TASK_OPTIONAL, false),
    NO_ARGS_TASK_TOOL("test_tool_with_task", "Asks for a name, then works on as a task",
                      SC_TASK_REQUIRED, true),
};
static const no_args_handler no_args_task_handlers[] = {failing_job, protocol_error_job,
                                                        multi_input, tool_with_task};

size_t task_tools_bind(sc_tool_binding *out)
{
    size_t n = 0;
    out[n++] = greet_args_bind(greet, NULL);
    out[n++] = slow_compute_args_bind(slow_compute, NULL);
    out[n++] = confirm_delete_args_bind(confirm_delete, NULL);
    for (size_t i = 0; i < sizeof no_args_task_tools / sizeof no_args_task_tools[0]; i++)
        out[n++] =
            (sc_tool_binding){&no_args_task_tools[i], (sc_handler)no_args_task_handlers[i], NULL};
    _Static_assert(3 + sizeof no_args_task_tools / sizeof no_args_task_tools[0] == TASK_TOOL_COUNT,
                   "TASK_TOOL_COUNT counts the tools bound here");
    return n;
}
