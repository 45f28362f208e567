/* The methods of prompts, resources, completion and logging
 * (include/schemac/mcp.h): prompts/list, prompts/get, resources/list,
 * resources/templates/list, resources/read, resources/subscribe,
 * resources/unsubscribe, completion/complete, logging/setLevel. Each
 * builds its result as a cJSON tree for mcp.c to send. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_internal.h"
#include "schemac/schemac.h"

/* A JSON-RPC error for mcp.c: code, with err's message. */
static int refuse(sc_error *err, int code, const char *fmt, const char *detail)
{
    sc_fail(err, SC_ERR_ARGUMENT, NULL, fmt, detail);
    return code;
}

static int nomem(sc_error *err)
{
    sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return SC_MCP_INTERNAL_ERROR;
}

static const char *string_member(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static bool add_optional(cJSON *object, const char *key, const char *value)
{
    return value == NULL || cJSON_AddStringToObject(object, key, value) != NULL;
}

/* description, or else the description of the schema of the arguments'
 * struct (its doc comment), or none. */
static bool add_description(cJSON *object, const char *description, const char *schema_text)
{
    if (description != NULL || schema_text == NULL)
        return add_optional(object, "description", description);
    cJSON *schema = cJSON_Parse(schema_text);
    bool ok =
        schema != NULL && add_optional(object, "description", string_member(schema, "description"));
    cJSON_Delete(schema);
    return ok;
}

static bool is_template(const sc_mcp_resource *resource)
{
    return strchr(resource->uri, '{') != NULL;
}

/* ---- paging ------------------------------------------------------------------ */

/* One page of a list: the indexes [*start, *end) of the count entries
 * selected, by the params' cursor and the server's page size. */
static int page(const sc_mcp_server *server, const char *method, const cJSON *params, size_t count,
                size_t *start, size_t *end, sc_error *err)
{
    const cJSON *cursor = cJSON_GetObjectItemCaseSensitive(params, "cursor");
    *start = 0;
    if (cursor != NULL &&
        (!cJSON_IsString(cursor) || !sc_mcp_read_cursor(cursor->valuestring, count, start)))
        return refuse(err, SC_MCP_INVALID_PARAMS, "%s: invalid cursor", method);
    *end = server->page_size == 0 || count - *start <= server->page_size
               ? count
               : *start + server->page_size;
    return 0;
}

/* nextCursor, when entries are left after end (counted in the filtered
 * list of count entries). */
static bool add_next_cursor(cJSON *result, size_t end, size_t count)
{
    char next[24];
    if (end >= count)
        return true;
    snprintf(next, sizeof next, "%zu", end);
    return cJSON_AddStringToObject(result, "nextCursor", next) != NULL;
}

/* ---- prompts -------------------------------------------------------------------- */

static cJSON *argument_entries(const sc_mcp_argument *arguments, size_t count)
{
    cJSON *list = cJSON_CreateArray();
    for (size_t i = 0; list != NULL && i < count; i++) {
        cJSON *entry = cJSON_CreateObject();
        if (entry == NULL || !cJSON_AddItemToArray(list, entry)) {
            cJSON_Delete(entry);
            cJSON_Delete(list);
            return NULL;
        }
        if (cJSON_AddStringToObject(entry, "name", arguments[i].name) == NULL ||
            !add_optional(entry, "description", arguments[i].description) ||
            cJSON_AddBoolToObject(entry, "required", arguments[i].required) == NULL) {
            cJSON_Delete(list);
            return NULL;
        }
    }
    return list;
}

/* The arguments' entries from a canonical schema of a flat struct: each
 * property, its description, required when the schema requires it. */
static cJSON *schema_argument_entries(const char *schema_text)
{
    cJSON *schema = cJSON_Parse(schema_text);
    cJSON *list = schema != NULL ? cJSON_CreateArray() : NULL;
    const cJSON *required = cJSON_GetObjectItemCaseSensitive(schema, "required");
    const cJSON *property;
    cJSON_ArrayForEach(property, cJSON_GetObjectItemCaseSensitive(schema, "properties"))
    {
        bool needed = false;
        const cJSON *r;
        cJSON_ArrayForEach(r, required) needed =
            needed || (cJSON_IsString(r) && strcmp(r->valuestring, property->string) == 0);
        cJSON *entry = cJSON_CreateObject();
        if (list == NULL || entry == NULL || !cJSON_AddItemToArray(list, entry)) {
            cJSON_Delete(entry);
            cJSON_Delete(list);
            list = NULL;
            break;
        }
        const char *description = string_member(property, "description");
        if (cJSON_AddStringToObject(entry, "name", property->string) == NULL ||
            !add_optional(entry, "description", description) ||
            cJSON_AddBoolToObject(entry, "required", needed) == NULL) {
            cJSON_Delete(list);
            list = NULL;
            break;
        }
    }
    cJSON_Delete(schema);
    return list;
}

/* Decodes arguments (an object, NULL read as empty) with decode into the
 * context, for sc_mcp_arguments: -32602 with the decoder's path and
 * message when they break the struct's schema. */
static int decode_arguments(sc_mcp_context *ctx, sc_mcp_decode_fn decode, const char *what,
                            const cJSON *arguments, sc_error *err)
{
    cJSON *empty = NULL;
    void *value = NULL;
    if (arguments == NULL && (arguments = empty = cJSON_CreateObject()) == NULL)
        return nomem(err);
    int rc = decode(ctx->arena, arguments, &value, err);
    cJSON_Delete(empty);
    if (rc == SC_ERR_NOMEM)
        return nomem(err);
    if (rc != 0) {
        /* every error of the arguments, one per line as a tool call's,
         * longer than err's message can hold: the context carries it */
        size_t size = SC_TOOL_MAX_ERRORS * (SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX) + 160;
        char *text = sc_arena_alloc(ctx->arena, size);
        if (text != NULL) {
            int n = snprintf(text, size, "%.150s: ", what);
            sc_tool_error_text(rc, err, text + n, size - (size_t)n);
            ctx->error_text = text;
        }
        char first[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
        sc_error_format(err, first, sizeof first);
        char message[sizeof first + 160];
        snprintf(message, sizeof message, "%.150s: %s", what, first);
        return refuse(err, SC_MCP_INVALID_PARAMS, "%s", message);
    }
    ctx->arguments = value;
    return 0;
}

static int prompts_list(const sc_mcp_server *server, const cJSON *params, cJSON **result,
                        sc_error *err)
{
    size_t start, end;
    int code = page(server, "prompts/list", params, server->prompt_count, &start, &end, err);
    if (code != 0)
        return code;
    *result = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(*result, "prompts");
    if (list == NULL || !add_next_cursor(*result, end, server->prompt_count))
        return nomem(err);
    for (size_t i = start; i < end; i++) {
        const sc_mcp_prompt *prompt = &server->prompts[i];
        cJSON *entry = cJSON_CreateObject();
        if (entry == NULL || !cJSON_AddItemToArray(list, entry)) {
            cJSON_Delete(entry);
            return nomem(err);
        }
        cJSON *arguments = prompt->arguments == NULL && prompt->schema != NULL
                               ? schema_argument_entries(prompt->schema)
                               : argument_entries(prompt->arguments, prompt->argument_count);
        if (arguments == NULL || !cJSON_AddItemToObject(entry, "arguments", arguments)) {
            cJSON_Delete(arguments);
            return nomem(err);
        }
        if (cJSON_AddStringToObject(entry, "name", prompt->name) == NULL ||
            !add_optional(entry, "title", prompt->title) ||
            !add_description(entry, prompt->description, prompt->schema))
            return nomem(err);
    }
    return 0;
}

static const sc_mcp_argument *find_argument(const sc_mcp_argument *arguments, size_t count,
                                            const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(arguments[i].name, name) == 0)
            return &arguments[i];
    return NULL;
}

/* Checks a prompt's arguments as the header declares them: strings only,
 * every required one present, no unknown one. */
static int check_arguments(const sc_mcp_prompt *prompt, const cJSON *arguments, sc_error *err)
{
    const cJSON *item;
    char what[192];
    if (arguments != NULL && !cJSON_IsObject(arguments))
        return refuse(err, SC_MCP_INVALID_PARAMS, "prompts/get %s: arguments must be an object",
                      prompt->name);
    cJSON_ArrayForEach(item, arguments)
    {
        snprintf(what, sizeof what, "%.64s: /%.64s", prompt->name, item->string);
        if (find_argument(prompt->arguments, prompt->argument_count, item->string) == NULL)
            return refuse(err, SC_MCP_INVALID_PARAMS, "prompts/get %s: unknown argument", what);
        if (!cJSON_IsString(item))
            return refuse(err, SC_MCP_INVALID_PARAMS, "prompts/get %s: must be a string", what);
    }
    for (size_t i = 0; i < prompt->argument_count; i++)
        if (prompt->arguments[i].required &&
            cJSON_GetObjectItemCaseSensitive(arguments, prompt->arguments[i].name) == NULL) {
            snprintf(what, sizeof what, "%.64s: /%.64s", prompt->name, prompt->arguments[i].name);
            return refuse(err, SC_MCP_INVALID_PARAMS, "prompts/get %s: missing required argument",
                          what);
        }
    return 0;
}

static int prompts_get(sc_mcp_context *ctx, const cJSON *params, cJSON **result, sc_error *err)
{
    const sc_mcp_server *server = ctx->server;
    const char *name = string_member(params, "name");
    const cJSON *arguments = cJSON_GetObjectItemCaseSensitive(params, "arguments");
    const sc_mcp_prompt *prompt = NULL;
    if (name == NULL)
        return refuse(err, SC_MCP_INVALID_PARAMS, "prompts/get: params.name must be a string%s",
                      "");
    for (size_t i = 0; i < server->prompt_count && prompt == NULL; i++)
        if (strcmp(server->prompts[i].name, name) == 0)
            prompt = &server->prompts[i];
    if (prompt == NULL)
        return refuse(err, SC_MCP_INVALID_PARAMS, "prompts/get: no prompt called \"%.100s\"", name);
    char what[96];
    snprintf(what, sizeof what, "prompts/get %.64s", prompt->name);
    int code = prompt->decode != NULL ? decode_arguments(ctx, prompt->decode, what, arguments, err)
                                      : check_arguments(prompt, arguments, err);
    if (code != 0)
        return code;
    *result = cJSON_CreateObject();
    cJSON *messages = cJSON_AddArrayToObject(*result, "messages");
    if (messages == NULL || !add_description(*result, prompt->description, prompt->schema))
        return nomem(err);
    int rc = prompt->get(ctx, prompt, arguments, messages, err);
    if (rc == SC_ERR_NOMEM)
        return nomem(err);
    return rc == 0 ? 0 : SC_MCP_INTERNAL_ERROR;
}

/* ---- resources ------------------------------------------------------------------- */

static int resources_list(const sc_mcp_server *server, bool templates, const cJSON *params,
                          cJSON **result, sc_error *err)
{
    const char *method = templates ? "resources/templates/list" : "resources/list";
    size_t count = 0;
    for (size_t i = 0; i < server->resource_count; i++)
        count += is_template(&server->resources[i]) == templates;
    size_t start, end;
    int code = page(server, method, params, count, &start, &end, err);
    if (code != 0)
        return code;
    *result = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(*result, templates ? "resourceTemplates" : "resources");
    if (list == NULL || !add_next_cursor(*result, end, count))
        return nomem(err);
    /* k counts the entries of this kind; the page is [start, end) of them */
    for (size_t i = 0, k = 0; i < server->resource_count && k < end; i++) {
        const sc_mcp_resource *resource = &server->resources[i];
        if (is_template(resource) != templates || k++ < start)
            continue;
        cJSON *entry = cJSON_CreateObject();
        if (entry == NULL || !cJSON_AddItemToArray(list, entry)) {
            cJSON_Delete(entry);
            return nomem(err);
        }
        if (cJSON_AddStringToObject(entry, templates ? "uriTemplate" : "uri", resource->uri) ==
                NULL ||
            cJSON_AddStringToObject(entry, "name", resource->name) == NULL ||
            !add_optional(entry, "title", resource->title) ||
            !add_description(entry, resource->description, resource->schema) ||
            !add_optional(entry, "mimeType", resource->mime_type))
            return nomem(err);
    }
    return 0;
}

/* Matches uri against a level-1 URI template (RFC 6570 simple expansion:
 * {name}), each variable taking one or more characters up to the literal
 * that follows it and never '/', '?' or '#'; the values go into variables
 * (unless it is NULL).
 * Written by hand: no C library for URI templates is packaged in Debian,
 * and level 1 is all MCP's templates use in practice. */
static bool match_template(const char *template, const char *uri, cJSON *variables)
{
    const char *t = template, *u = uri;
    while (*t != '\0') {
        if (*t != '{') {
            if (*t++ != *u++)
                return false;
            continue;
        }
        const char *close = strchr(t, '}');
        if (close == NULL)
            return false;
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)(close - t - 1), t + 1);
        t = close + 1;
        const char *value = u;
        while (*u != '\0' && *u != *t && strchr("/?#", *u) == NULL)
            u++;
        if (u == value)
            return false;
        if (variables == NULL)
            continue;
        size_t len = (size_t)(u - value);
        char *text = malloc(len + 1);
        if (text == NULL)
            return false;
        memcpy(text, value, len);
        text[len] = '\0';
        cJSON *item = cJSON_CreateString(text);
        free(text);
        if (item == NULL)
            return false;
        if (!cJSON_AddItemToObject(variables, name, item)) {
            cJSON_Delete(item);
            return false;
        }
    }
    return *u == '\0';
}

const sc_mcp_resource *sc_mcp_find_resource(const sc_mcp_server *server, const char *uri,
                                            cJSON *variables)
{
    /* a fixed URI first, then the templates in the server's order */
    for (size_t i = 0; i < server->resource_count; i++)
        if (!is_template(&server->resources[i]) && strcmp(server->resources[i].uri, uri) == 0)
            return &server->resources[i];
    for (size_t i = 0; i < server->resource_count; i++) {
        if (is_template(&server->resources[i]) &&
            match_template(server->resources[i].uri, uri, variables))
            return &server->resources[i];
        while (variables != NULL && variables->child != NULL) /* a partial match's leftovers */
            cJSON_DeleteItemFromArray(variables, 0);
    }
    return NULL;
}

static int resources_read(sc_mcp_context *ctx, const cJSON *params, cJSON **result, sc_error *err)
{
    const char *uri = string_member(params, "uri");
    if (uri == NULL)
        return refuse(err, SC_MCP_INVALID_PARAMS, "resources/read: params.uri must be a string%s",
                      "");
    cJSON *variables = cJSON_CreateObject();
    if (variables == NULL)
        return nomem(err);
    const sc_mcp_resource *resource = sc_mcp_find_resource(ctx->server, uri, variables);
    if (resource == NULL) {
        cJSON_Delete(variables);
        return refuse(err, SC_MCP_RESOURCE_NOT_FOUND, "resource not found: %.200s", uri);
    }
    if (is_template(resource) && resource->decode != NULL) {
        int code = decode_arguments(ctx, resource->decode, "resources/read", variables, err);
        if (code != 0) {
            cJSON_Delete(variables);
            return code;
        }
    }
    ctx->resource = resource;
    *result = cJSON_CreateObject();
    cJSON *contents = cJSON_AddArrayToObject(*result, "contents");
    int rc = contents == NULL
                 ? SC_ERR_NOMEM
                 : resource->read(ctx, resource, uri, is_template(resource) ? variables : NULL,
                                  contents, err);
    cJSON_Delete(variables);
    if (rc == SC_ERR_NOMEM)
        return nomem(err);
    return rc == 0 ? 0 : SC_MCP_INTERNAL_ERROR;
}

static int resources_subscribe(sc_mcp_context *ctx, bool subscribe, const cJSON *params,
                               cJSON **result, sc_error *err)
{
    const char *uri = string_member(params, "uri");
    if (uri == NULL)
        return refuse(err, SC_MCP_INVALID_PARAMS, "%s: params.uri must be a string",
                      subscribe ? "resources/subscribe" : "resources/unsubscribe");
    if (sc_mcp_core_subscribe(ctx->session, uri, subscribe) != 0 ||
        (*result = cJSON_CreateObject()) == NULL)
        return nomem(err);
    return 0;
}

/* ---- completion ------------------------------------------------------------------ */

/* The argument completion/complete names: of a prompt or of a template. */
static int completed_argument(const sc_mcp_server *server, const cJSON *ref, const char *name,
                              const sc_mcp_argument **argument, const char **schema, sc_error *err)
{
    const char *type = string_member(ref, "type");
    *argument = NULL;
    *schema = NULL;
    if (type != NULL && strcmp(type, "ref/prompt") == 0) {
        const char *prompt = string_member(ref, "name");
        for (size_t i = 0; prompt != NULL && i < server->prompt_count; i++)
            if (strcmp(server->prompts[i].name, prompt) == 0) {
                *argument = find_argument(server->prompts[i].arguments,
                                          server->prompts[i].argument_count, name);
                *schema = server->prompts[i].schema;
                return 0;
            }
        return refuse(err, SC_MCP_INVALID_PARAMS,
                      "completion/complete: no prompt called \"%.100s\"",
                      prompt != NULL ? prompt : "");
    }
    if (type != NULL && strcmp(type, "ref/resource") == 0) {
        const char *uri = string_member(ref, "uri");
        for (size_t i = 0; uri != NULL && i < server->resource_count; i++)
            if (strcmp(server->resources[i].uri, uri) == 0) {
                *argument = find_argument(server->resources[i].arguments,
                                          server->resources[i].argument_count, name);
                *schema = server->resources[i].schema;
                return 0;
            }
        return refuse(err, SC_MCP_INVALID_PARAMS,
                      "completion/complete: no resource template \"%.100s\"",
                      uri != NULL ? uri : "");
    }
    return refuse(
        err, SC_MCP_INVALID_PARAMS,
        "completion/complete: params.ref.type must be \"ref/prompt\" or \"ref/resource\"%s", "");
}

/* At most this many values in one answer, as the specification says. */
#define MAX_COMPLETIONS 100

static int complete(sc_mcp_context *ctx, const cJSON *params, cJSON **result, sc_error *err)
{
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(params, "ref");
    const cJSON *about = cJSON_GetObjectItemCaseSensitive(params, "argument");
    const cJSON *context = cJSON_GetObjectItemCaseSensitive(params, "context");
    const char *name = string_member(about, "name");
    const char *value = string_member(about, "value");
    if (!cJSON_IsObject(ref) || name == NULL || value == NULL)
        return refuse(
            err, SC_MCP_INVALID_PARAMS,
            "completion/complete: params needs ref and an argument with a string name and value%s",
            "");
    const sc_mcp_argument *argument;
    const char *schema_text;
    int code = completed_argument(ctx->server, ref, name, &argument, &schema_text, err);
    if (code != 0)
        return code;
    cJSON *values = cJSON_CreateArray();
    if (values == NULL)
        return nomem(err);
    int rc = 0;
    if ((argument == NULL || (argument->values == NULL && argument->complete == NULL)) &&
        schema_text != NULL) {
        /* an enum member of the arguments' struct: its values, no code needed */
        cJSON *schema = cJSON_Parse(schema_text);
        const cJSON *property = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(schema, "properties"), name);
        const cJSON *v;
        cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(property, "enum"))
        {
            if (rc == 0 && cJSON_IsString(v) &&
                strncmp(v->valuestring, value, strlen(value)) == 0) {
                cJSON *item = cJSON_CreateString(v->valuestring);
                if (item == NULL || !cJSON_AddItemToArray(values, item)) {
                    cJSON_Delete(item);
                    rc = SC_ERR_NOMEM;
                }
            }
        }
        if (schema == NULL)
            rc = SC_ERR_NOMEM;
        cJSON_Delete(schema);
    } else if (argument != NULL && argument->values != NULL) {
        /* an enum: its values that start with what was typed, no code needed */
        for (const char *const *v = argument->values; *v != NULL && rc == 0; v++)
            if (strncmp(*v, value, strlen(value)) == 0) {
                cJSON *item = cJSON_CreateString(*v);
                if (item == NULL || !cJSON_AddItemToArray(values, item)) {
                    cJSON_Delete(item);
                    rc = SC_ERR_NOMEM;
                }
            }
    } else if (argument != NULL && argument->complete != NULL) {
        rc =
            argument->complete(ctx, argument, value,
                               cJSON_GetObjectItemCaseSensitive(context, "arguments"), values, err);
    }
    if (rc != 0) {
        cJSON_Delete(values);
        return rc == SC_ERR_NOMEM ? nomem(err) : SC_MCP_INTERNAL_ERROR;
    }
    int total = cJSON_GetArraySize(values);
    while (cJSON_GetArraySize(values) > MAX_COMPLETIONS)
        cJSON_DeleteItemFromArray(values, MAX_COMPLETIONS);
    *result = cJSON_CreateObject();
    cJSON *completion = cJSON_AddObjectToObject(*result, "completion");
    if (completion == NULL || !cJSON_AddItemToObject(completion, "values", values)) {
        cJSON_Delete(values);
        return nomem(err);
    }
    if (cJSON_AddNumberToObject(completion, "total", total) == NULL ||
        cJSON_AddBoolToObject(completion, "hasMore", total > MAX_COMPLETIONS) == NULL)
        return nomem(err);
    return 0;
}

/* ---- logging and the dispatch ------------------------------------------------------- */

static int set_level(sc_mcp_context *ctx, const cJSON *params, cJSON **result, sc_error *err)
{
    const char *level = string_member(params, "level");
    if (level == NULL || !sc_mcp_core_set_level(ctx->session, level))
        return refuse(
            err, SC_MCP_INVALID_PARAMS,
            "logging/setLevel: params.level must be one of debug, info, notice, warning, error, "
            "critical, alert, emergency%s",
            "");
    if ((*result = cJSON_CreateObject()) == NULL)
        return nomem(err);
    return 0;
}

int sc_mcp_feature(sc_mcp_context *ctx, const char *method, const cJSON *params, cJSON **result,
                   sc_error *err)
{
    const sc_mcp_server *server = ctx->server;
    int code = SC_MCP_METHOD_NOT_FOUND;
    *result = NULL;
    sc_error_clear(err);
    if (strcmp(method, "logging/setLevel") == 0)
        code = set_level(ctx, params, result, err);
    else if (server->prompt_count > 0 && strcmp(method, "prompts/list") == 0)
        code = prompts_list(server, params, result, err);
    else if (server->prompt_count > 0 && strcmp(method, "prompts/get") == 0)
        code = prompts_get(ctx, params, result, err);
    else if (server->resource_count > 0 && strcmp(method, "resources/list") == 0)
        code = resources_list(server, false, params, result, err);
    else if (server->resource_count > 0 && strcmp(method, "resources/templates/list") == 0)
        code = resources_list(server, true, params, result, err);
    else if (server->resource_count > 0 && strcmp(method, "resources/read") == 0)
        code = resources_read(ctx, params, result, err);
    else if (server->resource_count > 0 && strcmp(method, "resources/subscribe") == 0)
        code = resources_subscribe(ctx, true, params, result, err);
    else if (server->resource_count > 0 && strcmp(method, "resources/unsubscribe") == 0)
        code = resources_subscribe(ctx, false, params, result, err);
    else if (server->prompt_count + server->resource_count > 0 &&
             strcmp(method, "completion/complete") == 0)
        code = complete(ctx, params, result, err);
    else
        sc_fail(err, SC_ERR_ARGUMENT, NULL, "method not found: %.100s", method);
    if (code != 0) {
        cJSON_Delete(*result);
        *result = NULL;
    }
    return code;
}
