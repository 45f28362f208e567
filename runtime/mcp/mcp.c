/* The MCP server core (include/schemac/mcp.h): one JSON-RPC message in, the
 * reply text out, no transport. The message is parsed under the strictness
 * rules (sc_parse_json) into the caller's arena; the reply is built as a
 * cJSON tree, printed with sc_print_json and handed out from the arena. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/reader_internal.h" /* the reader's tokenizer, read leniently */
#include "mcp_internal.h"
#include "schemac/schemac.h"
#include "schemac/support.h"

static const char *const versions[] = SC_MCP_VERSIONS;
#define VERSION_COUNT (sizeof versions / sizeof versions[0])

/* What each revision has, by the changelogs of the specification: tool
 * annotations came in 2025-03-26; outputSchema, structuredContent and
 * serverInfo.title in 2025-06-18. JSON-RPC batches came in 2025-03-26 and
 * left in 2025-06-18, so only 2025-03-26 receives them. */
static bool has_annotations(const char *version)
{
    return strcmp(version, "2025-03-26") >= 0;
}

static bool has_structured_output(const char *version)
{
    return strcmp(version, "2025-06-18") >= 0;
}

static bool has_batches(const char *version)
{
    return strcmp(version, "2025-03-26") == 0;
}

void sc_mcp_log_stderr(void *log_ctx, const char *line)
{
    const char *prefix = log_ctx;
    if (prefix != NULL)
        fprintf(stderr, "%s: %s\n", prefix, line);
    else
        fprintf(stderr, "%s\n", line);
}

void sc_mcp_log(const sc_mcp_server *server, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    if (server->log == NULL)
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* a line often quotes a client's text (a tool's name): a newline in it
     * must not start a line of its own in the log */
    for (char *p = line; *p != '\0'; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7F)
            *p = '?';
    server->log(server->log_ctx, line);
}

void sc_mcp_session_init(sc_mcp_session *session)
{
    memset(session, 0, sizeof *session);
    session->state = SC_MCP_STATE_NEW;
}

/* ---- replies ------------------------------------------------------------- */

/* {"jsonrpc": "2.0", "id": id} with id copied (null when NULL). */
static cJSON *envelope(const cJSON *id)
{
    cJSON *message = cJSON_CreateObject();
    cJSON *copy = id != NULL ? cJSON_Duplicate(id, true) : cJSON_CreateNull();
    if (message == NULL || copy == NULL ||
        cJSON_AddStringToObject(message, "jsonrpc", "2.0") == NULL ||
        !cJSON_AddItemToObject(message, "id", copy)) {
        cJSON_Delete(copy);
        cJSON_Delete(message);
        return NULL;
    }
    return message;
}

/* A response carrying result (taken over; NULL means out of memory). */
cJSON *sc_mcp_result_response(const cJSON *id, cJSON *result)
{
    cJSON *message = result != NULL ? envelope(id) : NULL;
    if (message == NULL || !cJSON_AddItemToObject(message, "result", result)) {
        cJSON_Delete(result);
        cJSON_Delete(message);
        return NULL;
    }
    return message;
}

cJSON *sc_mcp_error_response(const cJSON *id, int code, cJSON *data, const char *fmt, ...)
{
    char text[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    cJSON *message = envelope(id);
    cJSON *error = cJSON_AddObjectToObject(message, "error");
    if (error == NULL || cJSON_AddNumberToObject(error, "code", code) == NULL ||
        cJSON_AddStringToObject(error, "message", text) == NULL ||
        (data != NULL && !cJSON_AddItemToObject(error, "data", data))) {
        cJSON_Delete(data);
        cJSON_Delete(message);
        return NULL;
    }
    return message;
}

#define result_response sc_mcp_result_response
#define error_response(id, code, ...) sc_mcp_error_response(id, code, NULL, __VA_ARGS__)

/* ---- methods ------------------------------------------------------------- */

/* A request's outcome: its response (NULL for none), and whether the
 * request itself was rejected (for HTTP's 400). */
typedef struct answer {
    cJSON *response;
    bool rejected;
    bool nomem;
    unsigned status; /* a stateless request's HTTP status, 0: the usual */
} answer;

/* A response (NULL: memory ran out while making it). */
static answer respond(cJSON *response)
{
    answer a = {response, false, response == NULL, 0};
    return a;
}

/* No response: a notification, or a response from the client. */
static answer none(void)
{
    answer a = {NULL, false, false, 0};
    return a;
}

/* An invalid request: rejected as a whole (for HTTP, 400) when it cannot
 * be tied to a request id; with an id it is that request's answer. */
static answer reject(const cJSON *id, int code, const char *text)
{
    cJSON *response = error_response(id, code, "%s", text);
    answer a = {response, id == NULL, response == NULL, 0};
    return a;
}

static const char *string_member(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

/* What the server offers: tools and logging always, prompts, resources
 * (which may be subscribed to) and completion when it has prompts or
 * resources; listChanged when the application says its lists change. */
bool sc_mcp_add_capabilities(const sc_mcp_server *server, cJSON *capabilities)
{
    cJSON *tools = cJSON_AddObjectToObject(capabilities, "tools");
    cJSON *prompts =
        server->prompt_count > 0 ? cJSON_AddObjectToObject(capabilities, "prompts") : NULL;
    cJSON *resources =
        server->resource_count > 0 ? cJSON_AddObjectToObject(capabilities, "resources") : NULL;
    bool ok = tools != NULL && cJSON_AddObjectToObject(capabilities, "logging") != NULL &&
              (server->prompt_count == 0 || prompts != NULL) &&
              (server->resource_count == 0 || resources != NULL);
    if (ok && resources != NULL)
        ok = cJSON_AddTrueToObject(resources, "subscribe") != NULL;
    if (ok && server->lists_change)
        ok = cJSON_AddTrueToObject(tools, "listChanged") != NULL &&
             (prompts == NULL || cJSON_AddTrueToObject(prompts, "listChanged") != NULL) &&
             (resources == NULL || cJSON_AddTrueToObject(resources, "listChanged") != NULL);
    if (ok && server->prompt_count + server->resource_count > 0)
        ok = cJSON_AddObjectToObject(capabilities, "completions") != NULL;
    return ok;
}

static answer initialize(const sc_mcp_server *server, sc_mcp_session *session, const cJSON *id,
                         const cJSON *params)
{
    if (session->state != SC_MCP_STATE_NEW)
        return reject(id, SC_MCP_INVALID_REQUEST,
                      "invalid request: the session is already initialized");
    const char *requested = string_member(params, "protocolVersion");
    const cJSON *client = cJSON_GetObjectItemCaseSensitive(params, "clientInfo");
    if (requested == NULL ||
        !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(params, "capabilities")) ||
        !cJSON_IsObject(client) || string_member(client, "name") == NULL ||
        string_member(client, "version") == NULL)
        return respond(
            error_response(id, SC_MCP_INVALID_PARAMS,
                           "initialize: params needs a string protocolVersion, an object "
                           "capabilities and a clientInfo with a string name and version"));
    /* the client's revision when we speak it, else our newest */
    const char *version = versions[0];
    for (size_t i = 0; i < VERSION_COUNT; i++)
        if (strcmp(requested, versions[i]) == 0)
            version = versions[i];

    cJSON *result = cJSON_CreateObject();
    cJSON *capabilities = cJSON_AddObjectToObject(result, "capabilities");
    cJSON *info = cJSON_AddObjectToObject(result, "serverInfo");
    bool ok =
        cJSON_AddStringToObject(result, "protocolVersion", version) != NULL &&
        capabilities != NULL && sc_mcp_add_capabilities(server, capabilities) && info != NULL &&
        cJSON_AddStringToObject(info, "name", server->name != NULL ? server->name : "schemac") !=
            NULL &&
        cJSON_AddStringToObject(info, "version", server->version != NULL ? server->version : "0") !=
            NULL;
    if (ok && server->title != NULL && has_structured_output(version))
        ok = cJSON_AddStringToObject(info, "title", server->title) != NULL;
    if (ok && server->instructions != NULL)
        ok = cJSON_AddStringToObject(result, "instructions", server->instructions) != NULL;
    /* the core, shared by every copy of the session a transport makes */
    if (ok)
        ok = sc_mcp_core_create(session,
                                cJSON_GetObjectItemCaseSensitive(params, "capabilities")) == 0;
    if (!ok) {
        cJSON_Delete(result);
        return respond(NULL);
    }
    session->state = SC_MCP_STATE_READY;
    snprintf(session->protocol_version, sizeof session->protocol_version, "%s", version);
    return respond(result_response(id, result));
}

/* The cursor is the index of the page's first tool, in decimal: opaque to
 * clients, checked here (digits only, no leading zero, inside the table). */
bool sc_mcp_read_cursor(const char *cursor, size_t count, size_t *start)
{
    size_t n = 0;
    if (cursor[0] == '\0' || (cursor[0] == '0' && cursor[1] != '\0'))
        return false;
    for (const char *c = cursor; *c; c++) {
        if (*c < '0' || *c > '9' || n > count)
            return false;
        n = n * 10 + (size_t)(*c - '0');
    }
    if (n >= count && !(n == 0 && count == 0))
        return false;
    *start = n;
    return true;
}

static answer tools_list(const sc_mcp_server *server, const char *version, const cJSON *id,
                         const cJSON *params)
{
    size_t start = 0, count = server->tool_count;
    const cJSON *cursor = cJSON_GetObjectItemCaseSensitive(params, "cursor");
    if (cursor != NULL &&
        (!cJSON_IsString(cursor) || !sc_mcp_read_cursor(cursor->valuestring, count, &start)))
        return respond(error_response(id, SC_MCP_INVALID_PARAMS, "tools/list: invalid cursor"));
    size_t end = server->page_size == 0 || count - start <= server->page_size
                     ? count
                     : start + server->page_size;

    cJSON *result = sc_mcp_tools_list(server->tools + start, end - start);
    cJSON *entry;
    bool ok = result != NULL;
    /* what the negotiated revision has no words for is left out */
    cJSON *list = cJSON_GetObjectItemCaseSensitive(result, "tools");
    cJSON_ArrayForEach(entry, list)
    {
        if (!has_structured_output(version))
            cJSON_DeleteItemFromObjectCaseSensitive(entry, "outputSchema");
        if (!has_annotations(version))
            cJSON_DeleteItemFromObjectCaseSensitive(entry, "annotations");
    }
    if (ok && end < count) {
        char next[24];
        snprintf(next, sizeof next, "%zu", end);
        ok = cJSON_AddStringToObject(result, "nextCursor", next) != NULL;
    }
    if (!ok) {
        cJSON_Delete(result);
        return respond(NULL);
    }
    return respond(result_response(id, result));
}

/* Whether name is a tool the client cannot see: a tool whose @dialects
 * leaves out mcp is not in tools/list, so it cannot be called either. */
static bool hidden(const sc_mcp_server *server, const char *name)
{
    for (size_t i = 0; i < server->tool_count; i++)
        if (strcmp(server->tools[i].tool->name, name) == 0)
            return sc_tool_dialect(server->tools[i].tool, SC_DIALECT_MCP)[0] == '\0';
    return false;
}

const sc_tool *sc_mcp_find_tool(const sc_mcp_server *server, const char *name)
{
    for (size_t i = 0; name != NULL && i < server->tool_count; i++)
        if (strcmp(server->tools[i].tool->name, name) == 0)
            return hidden(server, name) ? NULL : server->tools[i].tool;
    return NULL;
}

static answer tools_call(sc_mcp_context *ctx, const cJSON *id, const cJSON *params)
{
    const sc_mcp_server *server = ctx->server;
    const char *name = string_member(params, "name");
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(params, "arguments");
    if (name == NULL)
        return respond(
            error_response(id, SC_MCP_INVALID_PARAMS, "tools/call: params.name must be a string"));
    if (args != NULL && !cJSON_IsObject(args))
        return respond(error_response(id, SC_MCP_INVALID_PARAMS,
                                      "tools/call: params.arguments must be an object"));

    cJSON *result = NULL;
    sc_error err;
    int rc = hidden(server, name)
                 ? sc_fail(&err, SC_ERR_UNKNOWN_TOOL, NULL, "unknown tool \"%.64s\"", name)
                 : sc_tool_call_cjson(ctx->arena, server->tools, server->tool_count, name, args,
                                      server->call_flags, &result, &err);
    /* a tool without @output returns any cJSON tree, which the dispatcher
     * does not check: one that cannot be sent is the tool's failure */
    if (rc == 0 && result != NULL && sc_check_cjson(result, &err) != 0) {
        cJSON_Delete(result);
        result = NULL;
        rc = err.code == SC_ERR_NOMEM ? SC_ERR_NOMEM : SC_ERR_OUTPUT;
        sc_error_note(&err, "the tool's result is not valid JSON");
        err.code = rc;
    }
    char text[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
    if (rc != 0 && rc != SC_ERR_INPUT_REQUIRED && rc != SC_ERR_TASK_STARTED) {
        sc_error_format(&err, text, sizeof text);
        sc_mcp_log(server, "tools/call %.64s: %s", name, text);
    }
    if (rc != 0 && ctx->call_error != 0) /* sc_mcp_fail_call: the request's error */
        return respond(error_response(id, ctx->call_error, "%s", err.message));
    switch (rc) {
    case 0:
        break;
    case SC_ERR_NOMEM:
        cJSON_Delete(result);
        return respond(error_response(id, SC_MCP_INTERNAL_ERROR, "out of memory"));
    case SC_ERR_UNKNOWN_TOOL:
        /* a protocol error, as the specification's example has it */
        return respond(error_response(id, SC_MCP_INVALID_PARAMS, "%s", text));
    default:
        break; /* argument, handler and output errors: isError, for the model */
    }
    cJSON *call_result = sc_mcp_call_result(rc, result, &err);
    if (call_result != NULL && rc == 0 && ctx->content != NULL) {
        /* the handler's own content blocks stand for its output's text */
        cJSON_ReplaceItemInObjectCaseSensitive(call_result, "content", ctx->content);
        ctx->content = NULL;
    }
    if (call_result != NULL && !has_structured_output(sc_mcp_context_version(ctx)))
        cJSON_DeleteItemFromObjectCaseSensitive(call_result, "structuredContent");
    return respond(result_response(id, call_result));
}

cJSON *sc_mcp_tools_call(sc_mcp_context *ctx, const cJSON *id, const cJSON *params)
{
    return tools_call(ctx, id, params).response;
}

/* -32021 naming the tasks extension, with its HTTP status. */
static answer tasks_required(const cJSON *id)
{
    answer a = respond(sc_mcp_tasks_required(id));
    a.status = 400;
    return a;
}

/* A stateless tools/call: a tool marked @task runs as a task for a client
 * that declared the tasks extension (at once, or where its handler calls
 * sc_mcp_task_begin), and only so when it requires one (mcp_tasks.c). */
static answer stateless_call(sc_mcp_context *ctx, const cJSON *id, const cJSON *params)
{
    const sc_tool *tool = sc_mcp_find_tool(ctx->server, string_member(params, "name"));
    bool extension = sc_mcp_client_has_tasks(ctx);
    answer a;
    if (tool != NULL && tool->task == SC_TASK_REQUIRED && !extension)
        return tasks_required(id);
    ctx->task_allowed = tool != NULL && tool->task != SC_TASK_NONE && extension;
    if (!ctx->task_allowed || tool->task_explicit) {
        a = tools_call(ctx, id, params);
        if (!ctx->task_started)
            return a;
        cJSON_Delete(a.response); /* the handler's first part: it runs again in the task */
    }
    cJSON *result;
    sc_error err;
    int code = sc_mcp_task_create(ctx, params, &result, &err);
    return respond(code == 0 ? result_response(id, result)
                             : error_response(id, code, "%s", err.message));
}

/* tasks/get, tasks/update, tasks/cancel: for a client with the extension. */
static answer tasks_method(sc_mcp_context *ctx, const cJSON *id, const char *method,
                           const cJSON *params)
{
    if (!sc_mcp_client_has_tasks(ctx))
        return tasks_required(id);
    cJSON *result;
    sc_error err;
    int code = sc_mcp_tasks_method(ctx->server, method, params, &result, &err);
    return respond(code == 0 ? result_response(id, result)
                             : error_response(id, code, "%s", err.message));
}

/* A method of prompts, resources, completion or logging (mcp_features.c). */
static answer feature(sc_mcp_context *ctx, const cJSON *id, const char *method, const cJSON *params)
{
    cJSON *result;
    sc_error err;
    int code = sc_mcp_feature(ctx, method, params, &result, &err);
    if (code == 0)
        return respond(result_response(id, result));
    if (code == SC_MCP_INTERNAL_ERROR && err.code != SC_ERR_NOMEM &&
        err.code != SC_ERR_INPUT_REQUIRED)
        sc_mcp_log(ctx->server, "%.64s: %s", method, err.message);
    if (code == SC_MCP_RESOURCE_NOT_FOUND && ctx->stateless) {
        /* 2026-07-28: invalid params, the URI in data */
        cJSON *data = cJSON_CreateObject();
        if (data == NULL ||
            cJSON_AddStringToObject(
                data, "uri",
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(params, "uri"))) == NULL) {
            cJSON_Delete(data);
            return respond(NULL);
        }
        return respond(sc_mcp_error_response(id, SC_MCP_INVALID_PARAMS, data, "%s", err.message));
    }
    return respond(
        error_response(id, code, "%s", ctx->error_text != NULL ? ctx->error_text : err.message));
}

/* A request that runs a handler, with the context of its request. */
static answer run_handler(sc_mcp_context *ctx, const cJSON *id, const char *method,
                          const cJSON *params)
{
    return strcmp(method, "tools/call") == 0 ? tools_call(ctx, id, params)
                                             : feature(ctx, id, method, params);
}

/* subscriptions/listen: its result when it ends, or none yet (stdio). */
static answer listen(sc_mcp_context *ctx, const cJSON *id, const cJSON *params)
{
    const cJSON *filter = cJSON_GetObjectItemCaseSensitive(params, "notifications");
    if (cJSON_GetObjectItemCaseSensitive(filter, "taskIds") != NULL &&
        !sc_mcp_client_has_tasks(ctx))
        return tasks_required(id); /* a task's status needs the extension */
    cJSON *result;
    sc_error err;
    int code = sc_mcp_listen(ctx, id, params, &result, &err);
    if (code != 0)
        return respond(error_response(id, code, "%s", err.message));
    return result != NULL ? respond(result_response(id, result)) : none();
}

/* A request of a stateless revision (2026-07-28): its _meta (and HTTP
 * headers) checked, then served as a session's would be, with the
 * revision, capabilities and log level it carries; a handler that asked
 * the client questions gets them sent as an InputRequiredResult. */
static answer stateless(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                        const sc_mcp_channel *channel, const sc_mcp_headers *headers,
                        const cJSON *id, const char *method, const cJSON *params)
{
    sc_mcp_request_envelope request;
    answer a = none();
    cJSON *refusal =
        sc_mcp_stateless_check(server, id, method, params, headers, &request, &a.status);
    if (refusal != NULL || a.status != 0) {
        a.response = refusal;
        a.nomem = refusal == NULL;
        return a;
    }
    if (!sc_mcp_stateless_method(method)) {
        a = respond(error_response(id, SC_MCP_METHOD_NOT_FOUND, "method not found: %.100s (MCP %s)",
                                   method, request.version));
        a.status = 404;
        return a;
    }
    sc_mcp_context ctx;
    if (sc_mcp_context_begin(&ctx, server, session, arena, channel, id, params) != 0)
        return respond(NULL);
    ctx.stateless = true;
    ctx.request = request;
    sc_error err;
    int code = sc_mcp_rounds_begin(&ctx, method, params, &err);
    if (code != 0)
        a = respond(error_response(id, code, "%s", err.message));
    else if (strcmp(method, "server/discover") == 0)
        a = respond(result_response(id, sc_mcp_discover(server)));
    else if (strcmp(method, "tools/list") == 0)
        a = tools_list(server, request.version, id, params);
    else if (strcmp(method, "subscriptions/listen") == 0)
        a = listen(&ctx, id, params);
    else if (strcmp(method, "tools/call") == 0)
        a = stateless_call(&ctx, id, params);
    else if (strncmp(method, "tasks/", 6) == 0)
        a = tasks_method(&ctx, id, method, params);
    else
        a = run_handler(&ctx, id, method, params);
    if (ctx.rounds.invalid && !a.nomem) {
        cJSON_Delete(a.response);
        a = respond(error_response(
            id, SC_MCP_INVALID_PARAMS,
            "invalid params: every value of inputResponses must be the result of its input "
            "request (an object)"));
    } else if (ctx.rounds.missing != NULL && !a.nomem) {
        /* a question needed a capability the client did not declare */
        cJSON_Delete(a.response);
        cJSON *data = cJSON_CreateObject();
        cJSON *required = cJSON_AddObjectToObject(data, "requiredCapabilities");
        if (required == NULL || cJSON_AddObjectToObject(required, ctx.rounds.missing) == NULL) {
            cJSON_Delete(data);
            a = respond(NULL);
        } else {
            a = respond(sc_mcp_error_response(id, SC_MCP_MISSING_CAPABILITY, data,
                                              "missing required client capability: %s",
                                              ctx.rounds.missing));
            a.status = 400;
        }
    } else if (ctx.rounds.requests != NULL && !a.nomem) {
        /* the handler asked: what it returned waits for the answers */
        cJSON_Delete(a.response);
        a = respond(result_response(id, sc_mcp_rounds_result(&ctx, method, params)));
    }
    if (sc_mcp_cancelled(&ctx)) {
        cJSON_Delete(a.response);
        a = none();
    }
    if (a.response != NULL && !sc_mcp_stateless_finish(&ctx, method, a.response)) {
        cJSON_Delete(a.response);
        a = respond(NULL);
    }
    sc_mcp_rounds_end(&ctx);
    sc_mcp_context_end(&ctx);
    return a;
}

static void notification(const sc_mcp_server *server, sc_mcp_session *session, const char *method,
                         const cJSON *params)
{
    if (strcmp(method, "notifications/initialized") == 0) {
        if (session->state == SC_MCP_STATE_READY)
            session->initialized = true;
        else
            sc_mcp_log(server, "notifications/initialized before initialize: ignored");
    } else if (strcmp(method, "notifications/cancelled") == 0) {
        /* a request that already ended has nothing left to cancel, as the
         * specification allows */
        sc_mcp_core_cancel(session, cJSON_GetObjectItemCaseSensitive(params, "requestId"));
        sc_mcp_listeners_cancel(session, cJSON_GetObjectItemCaseSensitive(params, "requestId"));
    } else {
        sc_mcp_log(server, "ignored notification %.100s", method);
    }
}

/* MCP request ids: a string or an integer, never null. (An integer beyond
 * I-JSON's exact range, 2^53, cannot be echoed back exactly.) */
static bool valid_id(const cJSON *id)
{
    if (cJSON_IsString(id))
        return true;
    return cJSON_IsNumber(id) && fabs(id->valuedouble) <= 9007199254740991.0 &&
           id->valuedouble == floor(id->valuedouble);
}

/* One message of the JSON-RPC envelope (not a batch). */
static answer dispatch_message(const sc_mcp_server *server, sc_mcp_session *session,
                               sc_arena *arena, const sc_mcp_channel *channel,
                               const sc_mcp_headers *headers, const cJSON *message)
{
    if (!cJSON_IsObject(message))
        return reject(NULL, SC_MCP_INVALID_REQUEST,
                      "invalid request: a message must be a JSON-RPC 2.0 object");
    const char *jsonrpc = string_member(message, "jsonrpc");
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(message, "method");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(message, "id");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(message, "params");
    const cJSON *echo = valid_id(id) ? id : NULL;

    if (method == NULL && id != NULL &&
        (cJSON_HasObjectItem(message, "result") || cJSON_HasObjectItem(message, "error"))) {
        /* a response to a request of the server (sampling, elicitation) */
        if (!sc_mcp_core_response(session, message))
            sc_mcp_log(server, "ignored a response from the client that no request awaits");
        return none();
    }
    if (jsonrpc == NULL || strcmp(jsonrpc, "2.0") != 0 || !cJSON_IsString(method) ||
        (id != NULL && echo == NULL) ||
        (params != NULL && !cJSON_IsObject(params) && !cJSON_IsArray(params)))
        return reject(
            echo, SC_MCP_INVALID_REQUEST,
            "invalid request: needs \"jsonrpc\": \"2.0\", a string \"method\", a string or integer "
            "\"id\" (none for a notification) and \"params\" (if any) an object");
    const char *name = method->valuestring;
    if (id == NULL) {
        notification(server, session, name, params);
        return none();
    }
    if (params != NULL && !cJSON_IsObject(params))
        return respond(
            error_response(id, SC_MCP_INVALID_PARAMS, "%.64s: params must be an object", name));
    if (sc_mcp_is_stateless(session, name, params))
        return stateless(server, session, arena, channel, headers, id, name, params);
    if (strcmp(name, "initialize") == 0)
        return initialize(server, session, id, params);
    if (strcmp(name, "ping") == 0)
        return respond(result_response(id, cJSON_CreateObject()));
    if (strcmp(name, "tools/list") == 0)
        return tools_list(server, session->protocol_version, id, params);
    /* the rest run handlers, each with the context of its request */
    sc_mcp_context ctx;
    if (sc_mcp_context_begin(&ctx, server, session, arena, channel, id, params) != 0)
        return respond(NULL);
    answer a = run_handler(&ctx, id, name, params);
    if (sc_mcp_cancelled(&ctx)) {
        /* the client gave up on it: no response, as the specification asks */
        cJSON_Delete(a.response);
        a = none();
    }
    sc_mcp_context_end(&ctx);
    return a;
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* The access log's line of one message and its answer. */
static void log_message(const sc_mcp_server *server, const cJSON *message, const answer *a,
                        double seconds)
{
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(message, "params");
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(params, "_meta");
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(a->response, "error");
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(a->response, "result");
    const char *name = string_member(params, "name");
    const sc_mcp_principal *principal = sc_mcp_thread_principal;
    sc_mcp_access access = {
        .method = string_member(message, "method"),
        .name = name != NULL ? name : string_member(params, "uri"),
        .seconds = seconds,
        .subject = principal != NULL ? principal->subject : NULL,
        .client_id = principal != NULL ? principal->client_id : NULL,
        .traceparent = string_member(meta, "traceparent"),
    };
    if (access.traceparent == NULL && sc_mcp_thread_trace != NULL)
        access.traceparent = sc_mcp_thread_trace->traceparent;
    if (error != NULL)
        access.rpc_code =
            (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(error, "code"));
    else if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(result, "isError")))
        access.outcome = "tool_error"; /* the tool's own failure, told to the model */
    else if (a->response != NULL)
        access.outcome = "ok";
    else
        access.outcome = access.method == NULL ? "response" : "none"; /* notification, cancelled */
    sc_mcp_access_log(server, &access);
}

/* dispatch_message, timed for the access log. */
static answer handle_message(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                             const sc_mcp_channel *channel, const sc_mcp_headers *headers,
                             const cJSON *message)
{
    if (!server->access_log)
        return dispatch_message(server, session, arena, channel, headers, message);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    answer a = dispatch_message(server, session, arena, channel, headers, message);
    log_message(server, message, &a, seconds_since(&start));
    return a;
}

static void free_text(void *text)
{
    sc_free_string(text);
}

/* Prints reply (deleted here) into the arena's care. */
static int finish(sc_arena *arena, cJSON *reply, sc_mcp_outcome outcome, sc_mcp_reply *out)
{
    out->http_status = 0;
    char *text = NULL;
    if (reply == NULL)
        return SC_ERR_NOMEM;
    int rc = sc_print_json(reply, &text);
    cJSON_Delete(reply);
    if (rc != 0 && rc != SC_ERR_NOMEM) {
        /* only a handler's own JSON (a tool without @output) can fail to
         * print: still answer, so that the client does not wait forever */
        reply =
            error_response(NULL, SC_MCP_INTERNAL_ERROR,
                           "internal error: the response is not valid JSON (%s)", sc_strerror(rc));
        rc = reply != NULL ? sc_print_json(reply, &text) : SC_ERR_NOMEM;
        cJSON_Delete(reply);
    }
    if (rc != 0)
        return rc;
    if (sc_arena_on_release(arena, free_text, text) != 0)
        return SC_ERR_NOMEM; /* text already freed */
    out->outcome = outcome;
    out->text = text;
    out->len = strlen(text);
    return 0;
}

/* A batch (2025-03-26): every element handled in order, the responses to
 * its requests in one array, nothing when it held only notifications. */
static int handle_batch(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                        const sc_mcp_channel *channel, const cJSON *batch, sc_mcp_reply *out)
{
    cJSON *responses = cJSON_CreateArray();
    const cJSON *message;
    if (responses == NULL)
        return SC_ERR_NOMEM;
    cJSON_ArrayForEach(message, batch)
    {
        /* the session is READY here, so initialize is refused as "already
         * initialized"; the specification also forbids it in a batch */
        answer a = handle_message(server, session, arena, channel, NULL, message);
        if (a.nomem) {
            cJSON_Delete(responses);
            return SC_ERR_NOMEM;
        }
        if (a.response != NULL)
            cJSON_AddItemToArray(responses, a.response);
    }
    if (cJSON_GetArraySize(responses) == 0) {
        cJSON_Delete(responses);
        return 0;
    }
    return finish(arena, responses, SC_MCP_ANSWERED, out);
}

/* The id of a message that sc_parse_json refused, for its error reply:
 * *json tells whether the message is JSON as JSON.parse judges it (any
 * depth, any number, lone surrogates, duplicate keys: the lenient reading
 * of the reader's tokenizer, reader_internal.h). The id is given when the
 * message is JSON and an object with exactly one member named "id" (two
 * would leave which one in doubt), whose value passes what an id must
 * pass in a message read strictly (sc_parse_json, valid_id): otherwise
 * the reply would carry an id the client never sent (cJSON keeps
 * "a\u0000b" as "a") or one it cannot print. The id is the arena's.
 * Returns 0, SC_ERR_NOMEM, or SC_ERR_LIMIT when max_bytes refused the
 * scan's memory (a bit per level past 1024, escaped keys). */
static int lenient_id(sc_arena *arena, const char *message, size_t len, bool *json,
                      const cJSON **id)
{
    sc_reader r;
    sc_error err;
    sc_string key;
    const char *id_start = NULL, *id_end = NULL;
    size_t ids = 0;
    int rc = 0;
    *json = false;
    *id = NULL;
    sc_internal_reader_init_lenient(&r, message, len, arena, &err);
    if (sc_peek(&r) == SC_JSON_OBJECT && (rc = sc_read_object_begin(&r)) == 0) {
        sc_next next;
        while ((next = sc_internal_next_member_lenient(&r, &key)) == SC_NEXT_ITEM) {
            const char *start = r.p;
            if ((rc = sc_internal_skip_value_lenient(&r)) != 0)
                break;
            if (key.len == 2 && memcmp(key.ptr, "id", 2) == 0) {
                ids++;
                id_start = start;
                id_end = r.p;
            }
        }
        if (next == SC_NEXT_ERROR)
            rc = err.code;
    } else if (rc == 0) {
        rc = sc_internal_skip_value_lenient(&r);
    }
    if (rc == SC_ERR_NOMEM || rc == SC_ERR_LIMIT) /* the scan's memory, not the message's fault */
        return rc;
    *json = rc == 0 && sc_reader_finish(&r) == 0;
    cJSON *tree = NULL;
    if (*json && ids == 1) {
        rc = sc_parse_json(arena, id_start, (size_t)(id_end - id_start), &tree, &err);
        if (rc == SC_ERR_NOMEM)
            return rc;
        if (rc == 0 && valid_id(tree))
            *id = tree;
    }
    return 0;
}

const cJSON *sc_mcp_message_id(sc_arena *arena, const char *message, size_t len)
{
    bool json;
    const cJSON *id;
    return lenient_id(arena, message, len, &json, &id) == 0 ? id : NULL;
}

/* The reply to a message sc_parse_json refused. Not JSON at all: -32700,
 * id null. JSON that breaks a strictness rule (a duplicate key, invalid
 * UTF-8, a number beyond I-JSON's exact range, U+0000): -32600 with the
 * message's id when it can be told, so that the client is not left
 * waiting for an answer that never comes. */
static int refuse_unreadable(sc_arena *arena, const char *message, size_t len, const sc_error *err,
                             sc_mcp_reply *reply)
{
    char text[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
    bool json;
    const cJSON *id;
    sc_error_format(err, text, sizeof text);
    int rc = lenient_id(arena, message, len, &json, &id);
    if (rc == SC_ERR_NOMEM)
        return rc;
    if (rc == SC_ERR_LIMIT)
        json = true; /* unknown: refused as a request, without its id, as over any other limit */
    cJSON *response =
        json ? error_response(
                   id, SC_MCP_INVALID_REQUEST,
                   "invalid request: the message breaks the strictness rules (I-JSON): %s "
                   "(at byte %zu)",
                   text, err->offset)
             : error_response(NULL, SC_MCP_PARSE_ERROR, "parse error: %s (at byte %zu)", text,
                              err->offset);
    sc_mcp_outcome outcome = id != NULL ? SC_MCP_ANSWERED : SC_MCP_REJECTED;
    return finish(arena, response, outcome, reply);
}

size_t sc_mcp_max_message(const sc_mcp_server *server)
{
    return server->max_message != 0 ? server->max_message : SC_MCP_DEFAULT_MAX_MESSAGE;
}

int sc_mcp_reply_too_large(const sc_mcp_server *server, sc_arena *arena, sc_mcp_reply *reply)
{
    return finish(arena,
                  error_response(NULL, SC_MCP_INVALID_REQUEST,
                                 "invalid request: the message is larger than %zu bytes",
                                 sc_mcp_max_message(server)),
                  SC_MCP_REJECTED, reply);
}

int sc_mcp_handle(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                  const char *message, size_t len, sc_mcp_reply *reply)
{
    return sc_mcp_handle_on(server, session, arena, message, len, NULL, reply);
}

int sc_mcp_handle_on(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                     const char *message, size_t len, const sc_mcp_channel *channel,
                     sc_mcp_reply *reply)
{
    return sc_mcp_handle_http(server, session, arena, message, len, channel, NULL, reply);
}

int sc_mcp_handle_http(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                       const char *message, size_t len, const sc_mcp_channel *channel,
                       const sc_mcp_headers *headers, sc_mcp_reply *reply)
{
    if (reply == NULL)
        return SC_ERR_ARGUMENT;
    reply->outcome = SC_MCP_NO_REPLY;
    reply->text = NULL;
    reply->len = 0;
    reply->http_status = 0;
    if (server == NULL || session == NULL || arena == NULL || (message == NULL && len > 0))
        return SC_ERR_ARGUMENT;

    if (len > sc_mcp_max_message(server))
        return sc_mcp_reply_too_large(server, arena, reply);
    if (server->limits != NULL)
        sc_arena_set_limits(arena, server->limits);
    cJSON *tree;
    sc_error err;
    int rc = sc_parse_json(arena, message, len, &tree, &err);
    if (rc == SC_ERR_NOMEM)
        return rc;
    if (rc == SC_ERR_LIMIT) {
        /* not parsed again to find the id: that would cost what the limit refused */
        char text[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
        sc_error_format(&err, text, sizeof text);
        return finish(arena,
                      error_response(NULL, SC_MCP_INVALID_REQUEST,
                                     "invalid request: %s (at byte %zu)", text, err.offset),
                      SC_MCP_REJECTED, reply);
    }
    if (rc != 0)
        return refuse_unreadable(arena, message, len, &err, reply);
    if (cJSON_IsArray(tree)) {
        char why[128] = "";
        if (session->state != SC_MCP_STATE_READY)
            snprintf(why, sizeof why, "a batch before initialize");
        else if (!has_batches(session->protocol_version))
            snprintf(why, sizeof why, "MCP %s has no JSON-RPC batches (only 2025-03-26 has them)",
                     session->protocol_version);
        else if (cJSON_GetArraySize(tree) == 0)
            snprintf(why, sizeof why, "an empty batch");
        if (why[0] != '\0')
            return finish(arena,
                          error_response(NULL, SC_MCP_INVALID_REQUEST, "invalid request: %s", why),
                          SC_MCP_REJECTED, reply);
        return handle_batch(server, session, arena, channel, tree, reply);
    }
    answer a = handle_message(server, session, arena, channel, headers, tree);
    if (a.nomem)
        return SC_ERR_NOMEM;
    if (a.response == NULL)
        return 0;
    rc = finish(arena, a.response, a.rejected ? SC_MCP_REJECTED : SC_MCP_ANSWERED, reply);
    if (rc == 0)
        reply->http_status = a.status;
    return rc;
}
