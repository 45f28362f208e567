/* The everything server: every feature of libschemac-mcp's MCP server, with
 * the fixtures of the official conformance suite (the tools, prompts and
 * resources its server scenarios call, as the TypeScript SDK's
 * everything-server has them), so that tests/conformance can run the
 * suite against it.
 *
 *   mcp_everything               MCP over stdio
 *   mcp_everything --http PORT   MCP over Streamable HTTP on 127.0.0.1:PORT
 *                                (0: any free port, printed on stderr)
 *
 * The tools with arguments come from everything.h through schemac (schemas,
 * decoders, the tool table); the forms the server asks the user to fill in
 * are @schema structs of the same header, sent as their generated schema
 * and decoded into the struct. The tools without arguments are described
 * by hand below: a C struct cannot be empty. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <schemac/mcp.h>
#if EVERYTHING_REDIS
#include <schemac/mcp_redis.h>
#endif

#include "everything.schemac.h"
#include "fixtures.h"

/* A 1x1 red PNG and a minimal WAV file, base64, as the suite's fixtures. */
static const char png[] =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
static const char wav[] = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

/* The handler context of a tool's request: a tool handler finds it from
 * its arena. */
sc_mcp_context *tool_context(sc_arena *arena, sc_error *err)
{
    sc_mcp_context *ctx = sc_mcp_context_of(arena);
    if (ctx == NULL)
        sc_fail(err, SC_ERR_HANDLER, NULL, "this tool runs only inside the MCP server");
    return ctx;
}

int add_content(sc_mcp_context *ctx, cJSON *block, sc_error *err)
{
    return sc_mcp_add_content(ctx, block) == 0 ? 0
                                               : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

/* ---- tools without arguments ------------------------------------------------------ */

int invoke_no_args(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                   unsigned flags, cJSON **result, sc_error *err)
{
    (void)flags;
    *result = NULL;
    if (args != NULL && args->child != NULL) {
        sc_fail(err, SC_ERR_UNKNOWN_PROPERTY, NULL, "this tool takes no arguments");
        return sc_error_push_key(err, args->child->string);
    }
    sc_mcp_context *ctx = tool_context(arena, err);
    if (ctx == NULL)
        return err->code;
    no_args_handler handler = (no_args_handler)binding->handler;
    return handler(ctx, err);
}

static int simple_text(sc_mcp_context *ctx, sc_error *err)
{
    return add_content(ctx, sc_mcp_text_content("This is a simple text response for testing."),
                       err);
}

static int image_content(sc_mcp_context *ctx, sc_error *err)
{
    return add_content(ctx, sc_mcp_image_content(png, "image/png"), err);
}

static int audio_content(sc_mcp_context *ctx, sc_error *err)
{
    return add_content(ctx, sc_mcp_audio_content(wav, "audio/wav"), err);
}

static int embedded_resource(sc_mcp_context *ctx, sc_error *err)
{
    return add_content(ctx,
                       sc_mcp_embedded_resource("test://embedded-resource", "text/plain",
                                                "This is an embedded resource content.", NULL),
                       err);
}

static int multiple_content_types(sc_mcp_context *ctx, sc_error *err)
{
    int rc = add_content(ctx, sc_mcp_text_content("Multiple content types test:"), err);
    if (rc == 0)
        rc = add_content(ctx, sc_mcp_image_content(png, "image/png"), err);
    if (rc == 0)
        rc = add_content(ctx,
                         sc_mcp_embedded_resource("test://mixed-content-resource",
                                                  "application/json",
                                                  "{\"test\":\"data\",\"value\":123}", NULL),
                         err);
    if (rc == 0)
        rc = add_content(
            ctx, sc_mcp_resource_link("test://static-text", "static-text", "text/plain"), err);
    return rc;
}

static int tool_with_logging(sc_mcp_context *ctx, sc_error *err)
{
    static const char *const steps[] = {"Tool execution started", "Tool processing data",
                                        "Tool execution completed"};
    for (size_t i = 0; i < 3; i++)
        if (sc_mcp_client_log(ctx, SC_MCP_LOG_INFO, "mcp_everything", "%s", steps[i]) ==
            SC_ERR_NOMEM)
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return add_content(ctx, sc_mcp_text_content("Tool with logging executed successfully"), err);
}

/* 50 ms of work, as the suite's fixture takes between its steps (a
 * client may drop progress that arrives together with the response). */
static void work(void)
{
    struct timespec pause = {0, 50 * 1000000L};
    nanosleep(&pause, NULL);
}

static int tool_with_progress(sc_mcp_context *ctx, sc_error *err)
{
    char message[64];
    for (int step = 0; step <= 100; step += 50) {
        if (step > 0)
            work();
        if (sc_mcp_cancelled(ctx))
            return sc_fail(err, SC_ERR_HANDLER, NULL, "cancelled");
        snprintf(message, sizeof message, "Completed step %d of 100", step);
        if (sc_mcp_progress(ctx, step, 100, message) == SC_ERR_NOMEM)
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    work();
    return add_content(ctx, sc_mcp_text_content("Progress reported: 0, 50 and 100 of 100"), err);
}

static int error_handling(sc_mcp_context *ctx, sc_error *err)
{
    (void)ctx;
    return sc_fail(err, SC_ERR_HANDLER, NULL,
                   "This tool intentionally returns an error for testing");
}

/* Closes the call's SSE stream before it answers (SEP-1699): the client
 * reconnects with Last-Event-ID and gets the result there. Over a
 * transport that cannot close it (stdio, JSON replies), it just answers. */
static int reconnection(sc_mcp_context *ctx, sc_error *err)
{
    (void)sc_mcp_close_stream(ctx, 100);
    return add_content(ctx, sc_mcp_text_content("Reconnection test completed successfully."), err);
}

/* SEP-1330's five kinds of enum, which a C enum member cannot all say
 * (titled values, several choices): the schema is written by hand. */
static const char enums_form_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"untitledSingle\":{\"type\":\"string\",\"description\":\"Select one option\","
    "\"enum\":[\"option1\",\"option2\",\"option3\"]},"
    "\"titledSingle\":{\"type\":\"string\",\"description\":\"Select one option with titles\",\"oneOf\":["
    "{\"const\":\"value1\",\"title\":\"First Option\"},{\"const\":\"value2\",\"title\":\"Second Option\"},"
    "{\"const\":\"value3\",\"title\":\"Third Option\"}]},"
    "\"legacyEnum\":{\"type\":\"string\",\"description\":\"Select one option (legacy)\","
    "\"enum\":[\"opt1\",\"opt2\",\"opt3\"],\"enumNames\":[\"Option One\",\"Option Two\",\"Option Three\"]},"
    "\"untitledMulti\":{\"type\":\"array\",\"description\":\"Select multiple options\",\"minItems\":1,"
    "\"maxItems\":3,\"items\":{\"type\":\"string\",\"enum\":[\"option1\",\"option2\",\"option3\"]}},"
    "\"titledMulti\":{\"type\":\"array\",\"description\":\"Select multiple options with titles\",\"minItems\":1,"
    "\"maxItems\":3,\"items\":{\"anyOf\":[{\"const\":\"value1\",\"title\":\"First Choice\"},"
    "{\"const\":\"value2\",\"title\":\"Second Choice\"},{\"const\":\"value3\",\"title\":\"Third Choice\"}]}}"
    "},\"required\":[]}";

/* A user's answer the form's decoder refused (err says where and why),
 * as the tool's failure for the model. */
static int unfit(sc_error *err)
{
    char why[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
    sc_error_format(err, why, sizeof why); /* copied: sc_fail writes err's message */
    return sc_fail(err, SC_ERR_HANDLER, NULL, "the user's answer does not fit the form: %s", why);
}

/* The text of an elicitation's outcome for the model. */
static int elicited(sc_mcp_context *ctx, sc_mcp_elicit_action action, const cJSON *content,
                    sc_error *err)
{
    static const char *const names[] = {"accept", "decline", "cancel"};
    char *json = content != NULL ? cJSON_PrintUnformatted(content) : NULL;
    char text[2048];
    snprintf(text, sizeof text, "Elicitation completed: action=%s, content=%s", names[action],
             json != NULL ? json : "{}");
    cJSON_free(json);
    return add_content(ctx, sc_mcp_text_content(text), err);
}

static int elicitation_defaults(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    int rc = sc_mcp_elicit(ctx, "Please review and update the form fields with defaults",
                           defaults_form_schema_json, 0, &action, &content, err);
    if (rc != 0)
        return rc;
    defaults_form form;
    /* the answer, checked and decoded as the form's type */
    if (action == SC_MCP_ELICIT_ACCEPT &&
        defaults_form_from_cjson(sc_mcp_context_arena(ctx), content, &form, err) != 0)
        return unfit(err);
    return elicited(ctx, action, content, err);
}

static int elicitation_enums(sc_mcp_context *ctx, sc_error *err)
{
    sc_mcp_elicit_action action;
    const cJSON *content;
    int rc = sc_mcp_elicit(ctx, "Please select options from the enum fields", enums_form_schema, 0,
                           &action, &content, err);
    return rc != 0 ? rc : elicited(ctx, action, content, err);
}

static const sc_tool no_args_tools[] = {
    NO_ARGS_TOOL("test_simple_text", "Tests simple text content response"),
    NO_ARGS_TOOL("test_image_content", "Tests image content response"),
    NO_ARGS_TOOL("test_audio_content", "Tests audio content response"),
    NO_ARGS_TOOL("test_embedded_resource", "Tests embedded resource content response"),
    NO_ARGS_TOOL("test_multiple_content_types",
                 "Tests response with multiple content types (text, image, resource)"),
    NO_ARGS_TOOL("test_tool_with_logging", "Tests tool that emits log messages during execution"),
    NO_ARGS_TOOL("test_tool_with_progress", "Tests tool that reports progress notifications"),
    NO_ARGS_TOOL("test_error_handling", "Tests error response handling"),
    NO_ARGS_TOOL("test_reconnection",
                 "Tests SSE stream disconnection and client reconnection (SEP-1699)"),
    NO_ARGS_TOOL("test_elicitation_sep1034_defaults",
                 "Tests elicitation with default values per SEP-1034"),
    NO_ARGS_TOOL("test_elicitation_sep1330_enums",
                 "Tests elicitation with enum schema improvements per SEP-1330"),
};
static const no_args_handler no_args_handlers[] = {
    simple_text,          image_content,          audio_content,
    embedded_resource,    multiple_content_types, tool_with_logging,
    tool_with_progress,   error_handling,         reconnection,
    elicitation_defaults, elicitation_enums,
};
#define NO_ARGS_COUNT (sizeof no_args_tools / sizeof no_args_tools[0])

/* ---- tools with arguments (everything.h) ----------------------------------------- */

static int sampling(sc_arena *arena, const sampling_args *in, cJSON **out, void *app, sc_error *err)
{
    (void)out, (void)app;
    sc_mcp_context *ctx = tool_context(arena, err);
    const char *answer;
    if (ctx == NULL || sc_mcp_sample_text(ctx, in->prompt, 100, 0, &answer, err) != 0)
        return err->code;
    char text[4200];
    snprintf(text, sizeof text, "LLM response: %s", answer != NULL ? answer : "No response");
    return add_content(ctx, sc_mcp_text_content(text), err);
}

static int elicitation(sc_arena *arena, const elicitation_args *in, cJSON **out, void *app,
                       sc_error *err)
{
    (void)out, (void)app;
    sc_mcp_context *ctx = tool_context(arena, err);
    sc_mcp_elicit_action action;
    const cJSON *content;
    elicitation_form form;
    if (ctx == NULL || sc_mcp_elicit(ctx, in->message, elicitation_form_schema_json, 0, &action,
                                     &content, err) != 0)
        return err->code;
    if (action == SC_MCP_ELICIT_ACCEPT &&
        elicitation_form_from_cjson(arena, content, &form, err) != 0)
        return unfit(err);
    char text[1200];
    snprintf(text, sizeof text, "User response: action=%s, response=%s",
             action == SC_MCP_ELICIT_ACCEPT    ? "accept"
             : action == SC_MCP_ELICIT_DECLINE ? "decline"
                                               : "cancel",
             action == SC_MCP_ELICIT_ACCEPT ? form.response : "");
    return add_content(ctx, sc_mcp_text_content(text), err);
}

static int custom_headers(sc_arena *arena, const custom_headers_args *in, cJSON **out, void *app,
                          sc_error *err)
{
    (void)out, (void)app;
    sc_mcp_context *ctx = tool_context(arena, err);
    char text[300];
    snprintf(text, sizeof text, "value: %s", in->value);
    return ctx == NULL ? err->code : add_content(ctx, sc_mcp_text_content(text), err);
}

static int json_schema_tool(sc_arena *arena, const json_schema_args *in, cJSON **out, void *app,
                            sc_error *err)
{
    (void)arena, (void)app;
    *out = cJSON_CreateObject();
    if (*out == NULL ||
        (in->name != NULL && cJSON_AddStringToObject(*out, "name", in->name) == NULL) ||
        (in->address != NULL && in->address->city != NULL &&
         cJSON_AddStringToObject(*out, "city", in->address->city) == NULL))
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

/* SEP-1613 checks that tools/list passes JSON Schema 2020-12 keywords
 * through: the tool's entry names its dialect and keeps the address in
 * $defs, which schemac's canonical schemas inline. The decoder is the
 * generated one. */
static const char json_schema_entry[] =
    "{\"name\":\"json_schema_2020_12_tool\",\"description\":\"Tool with JSON Schema 2020-12 features for "
    "conformance testing (SEP-1613)\",\"inputSchema\":{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
    "\"type\":\"object\",\"$defs\":{\"address\":{\"type\":\"object\",\"properties\":{\"street\":{\"type\":\"string\","
    "\"maxLength\":200},\"city\":{\"type\":\"string\",\"maxLength\":200}},\"additionalProperties\":false}},"
    "\"properties\":{\"name\":{\"type\":\"string\",\"maxLength\":200},\"address\":{\"$ref\":\"#/$defs/address\"}},"
    "\"additionalProperties\":false}}";

/* ---- prompts ------------------------------------------------------------------------ */

static const char *argument(const cJSON *arguments, const char *name)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(arguments, name);
    return cJSON_IsString(item) ? item->valuestring : "";
}

static int simple_prompt(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                         cJSON *messages, sc_error *err)
{
    (void)ctx, (void)prompt, (void)arguments, (void)err;
    return sc_mcp_prompt_message(messages, "user",
                                 sc_mcp_text_content("This is a simple prompt for testing."));
}

static int prompt_with_arguments(sc_mcp_context *ctx, const sc_mcp_prompt *prompt,
                                 const cJSON *arguments, cJSON *messages, sc_error *err)
{
    (void)ctx, (void)prompt, (void)err;
    char text[512];
    snprintf(text, sizeof text, "Prompt with arguments: arg1='%.200s', arg2='%.200s'",
             argument(arguments, "arg1"), argument(arguments, "arg2"));
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(text));
}

static int prompt_with_embedded_resource(sc_mcp_context *ctx, const sc_mcp_prompt *prompt,
                                         const cJSON *arguments, cJSON *messages, sc_error *err)
{
    (void)ctx, (void)prompt, (void)err;
    int rc = sc_mcp_prompt_message(
        messages, "user",
        sc_mcp_embedded_resource(argument(arguments, "resourceUri"), "text/plain",
                                 "Embedded resource content for testing.", NULL));
    return rc != 0 ? rc
                   : sc_mcp_prompt_message(
                         messages, "user",
                         sc_mcp_text_content("Please process the embedded resource above."));
}

static int prompt_with_image(sc_mcp_context *ctx, const sc_mcp_prompt *prompt,
                             const cJSON *arguments, cJSON *messages, sc_error *err)
{
    (void)ctx, (void)prompt, (void)arguments, (void)err;
    int rc = sc_mcp_prompt_message(messages, "user", sc_mcp_image_content(png, "image/png"));
    return rc != 0 ? rc
                   : sc_mcp_prompt_message(messages, "user",
                                           sc_mcp_text_content("Please analyze the image above."));
}

/* code_review (@prompt) and the template (@resource) take their
 * arguments from structs of everything.h: listed from their schema,
 * decoded and checked by their generated decoders, the handler reading
 * the struct; the language, an enum, completes from its values with no
 * code. */
static const sc_mcp_argument with_arguments[] = {
    {.name = "arg1", .description = "First test argument", .required = true},
    {.name = "arg2", .description = "Second test argument", .required = true},
};
static const sc_mcp_argument embedded_arguments[] = {
    {.name = "resourceUri", .description = "URI of the resource to embed", .required = true},
};
static int review_prompt(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                         cJSON *messages, sc_error *err)
{
    static const char *const names[] = {"C", "Go", "Python", "Rust", "TypeScript"};
    const review_args *in = sc_mcp_arguments(ctx);
    (void)prompt, (void)arguments, (void)err;
    char text[4200];
    snprintf(text, sizeof text, "Review this %s code:\n%s", names[in->language], in->code);
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(text));
}

static const sc_mcp_prompt prompts[] = {
    {.name = "test_simple_prompt",
     .title = "Simple Test Prompt",
     .description = "A simple prompt without arguments",
     .get = simple_prompt},
    {.name = "test_prompt_with_arguments",
     .title = "Prompt With Arguments",
     .description = "A prompt with required arguments",
     .arguments = with_arguments,
     .argument_count = 2,
     .get = prompt_with_arguments},
    {.name = "test_prompt_with_embedded_resource",
     .title = "Prompt With Embedded Resource",
     .description = "A prompt that includes an embedded resource",
     .arguments = embedded_arguments,
     .argument_count = 1,
     .get = prompt_with_embedded_resource},
    {.name = "test_prompt_with_image",
     .title = "Prompt With Image",
     .description = "A prompt that includes image content",
     .get = prompt_with_image},
    SC_MCP_PROMPT(review_args, review_prompt),
    {.name = "test_input_required_result_prompt",
     .title = "Prompt That Asks",
     .description = "A prompt that asks the user for its context first",
     .get = round_trip_prompt},
};

/* ---- resources --------------------------------------------------------------------------- */

static int read_static(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                       const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)variables, (void)err;
    const char *text = resource->data;
    if (strcmp(resource->mime_type, "image/png") == 0)
        return sc_mcp_resource_contents(contents, uri, resource->mime_type, NULL, png);
    return sc_mcp_resource_contents(contents, uri, resource->mime_type, text, NULL);
}

static int read_template(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                         const cJSON *variables, cJSON *contents, sc_error *err)
{
    const record_ref *ref = sc_mcp_arguments(ctx); /* the id checked by its @pattern */
    const char *id = ref->id;
    (void)resource, (void)variables, (void)err;
    cJSON *data = cJSON_CreateObject();
    char line[256];
    snprintf(line, sizeof line, "Data for ID: %.200s", id);
    char *text = NULL;
    if (data != NULL && cJSON_AddStringToObject(data, "id", id) != NULL &&
        cJSON_AddTrueToObject(data, "templateTest") != NULL &&
        cJSON_AddStringToObject(data, "data", line) != NULL)
        text = cJSON_PrintUnformatted(data);
    cJSON_Delete(data);
    int rc = text != NULL ? sc_mcp_resource_contents(contents, uri, "application/json", text, NULL)
                          : SC_ERR_NOMEM;
    cJSON_free(text);
    return rc;
}

/* Completion of the template's id: the ids that exist start with what was typed. */
static int complete_id(sc_mcp_context *ctx, const sc_mcp_argument *arg, const char *value,
                       const cJSON *arguments, cJSON *values, sc_error *err)
{
    static const char *const ids[] = {"123", "124", "200"};
    (void)ctx, (void)arg, (void)arguments, (void)err;
    for (size_t i = 0; i < 3; i++)
        if (strncmp(ids[i], value, strlen(value)) == 0 &&
            !cJSON_AddItemToArray(values, cJSON_CreateString(ids[i])))
            return SC_ERR_NOMEM;
    return 0;
}

static const sc_mcp_argument template_arguments[] = {
    {.name = "id", .description = "The record's id", .required = true, .complete = complete_id},
};

static const sc_mcp_resource resources[] = {
    {.uri = "test://static-text",
     .name = "static-text",
     .title = "Static Text Resource",
     .description = "A static text resource for testing",
     .mime_type = "text/plain",
     .read = read_static,
     .data = "This is the content of the static text resource."},
    {.uri = "test://static-binary",
     .name = "static-binary",
     .title = "Static Binary Resource",
     .description = "A static binary resource (image) for testing",
     .mime_type = "image/png",
     .read = read_static},
    {.uri = "test://watched-resource",
     .name = "watched-resource",
     .title = "Watched Resource",
     .description = "A resource that can be subscribed to",
     .mime_type = "text/plain",
     .read = read_static,
     .data = "Watched resource content"},
    {.uri = record_ref_resource_uri,
     .name = "template",
     .title = "Resource Template",
     .mime_type = "application/json",
     /* the id completes through complete_id; the rest is the header's */
     .arguments = template_arguments,
     .argument_count = 1,
     .schema = record_ref_schema_json,
     .decode = record_ref_mcp_arguments,
     .read = read_template},
};

/* ---- the server ---------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    /* the tools without arguments, the 4 of everything.h, the round trips', the tasks' */
    sc_tool_binding tools[NO_ARGS_COUNT + 4 + ROUND_TRIP_COUNT + TASK_TOOL_COUNT];
    size_t count = 0;
    sc_tool json_schema = json_schema_args_tool;
    json_schema.dialects =
        (const char *const[]){json_schema_entry}; /* SC_DIALECT_MCP alone: an MCP server */
    json_schema.dialect_count = 1;
    for (size_t i = 0; i < NO_ARGS_COUNT; i++)
        tools[count++] =
            (sc_tool_binding){&no_args_tools[i], (sc_handler)no_args_handlers[i], NULL};
    tools[count++] = sampling_args_bind(sampling, NULL);
    tools[count++] = elicitation_args_bind(elicitation, NULL);
    tools[count] = json_schema_args_bind(json_schema_tool, NULL);
    tools[count++].tool = &json_schema;
    tools[count++] = custom_headers_args_bind(custom_headers, NULL);
    for (size_t i = 0; i < ROUND_TRIP_COUNT; i++)
        tools[count++] =
            (sc_tool_binding){&round_trip_tools[i], (sc_handler)round_trip_handlers[i], NULL};
    count += task_tools_bind(tools + count);

    sc_mcp_server server = {
        .name = "mcp-conformance-test-server",
        .version = "1.0.0",
        .instructions = "The everything server of schemac: the MCP conformance suite's fixtures.",
        .tools = tools,
        .tool_count = count,
        .prompts = prompts,
        .prompt_count = sizeof prompts / sizeof prompts[0],
        .resources = resources,
        .resource_count = sizeof resources / sizeof resources[0],
        .lists_change = true,
        .log = sc_mcp_log_stderr,
        .log_ctx = "mcp_everything",
    };
    /* its own option, --page-size N; sc_mcp_main takes the rest (--http PORT, ...) */
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--page-size") == 0 && i + 1 < argc)
            server.page_size = strtoul(argv[++i], NULL, 10);
        else
            argv[kept++] = argv[i];
    }
#if EVERYTHING_REDIS
    /* and --redis URL: replicas sharing list changes on Redis (samples/deploy) */
    return sc_mcp_redis_main(&server, NULL, kept, argv);
#else
    return sc_mcp_main(&server, NULL, kept, argv);
#endif
}
