/* The stateless revisions of MCP (2026-07-28, include/schemac/mcp.h): a
 * request carries its revision, the client's capabilities and its log
 * level in params._meta, and on HTTP the headers MCP-Protocol-Version,
 * Mcp-Method and Mcp-Name that must agree with its body. This file checks
 * that envelope, answers server/discover and completes each result
 * (resultType, serverInfo, the caching hints); mcp.c serves the request
 * itself as a session's, so that tools, prompts and resources are written
 * once for both eras. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/base64.h>

#include "mcp_internal.h"
#include "schemac/schemac.h"

static const char *const versions[] = SC_MCP_STATELESS_VERSIONS;
#define VERSION_COUNT (sizeof versions / sizeof versions[0])

#define META_VERSION "io.modelcontextprotocol/protocolVersion"
#define META_CAPABILITIES "io.modelcontextprotocol/clientCapabilities"
#define META_LOG_LEVEL "io.modelcontextprotocol/logLevel"
#define META_SERVER_INFO "io.modelcontextprotocol/serverInfo"

/* The requests of the stateless revisions; ping, logging/setLevel and
 * resources/(un)subscribe left with the sessions. */
static const char *const methods[] = {
    "server/discover",     "tools/list",           "tools/call",     "prompts/list",
    "prompts/get",         "resources/list",       "resources/read", "resources/templates/list",
    "completion/complete", "subscriptions/listen", "tasks/get",      "tasks/update",
    "tasks/cancel"};

/* The results a client may cache (2026-07-28 server/utilities/caching). */
static const char *const cacheable[] = {"server/discover", "tools/list",
                                        "prompts/list",    "resources/list",
                                        "resources/read",  "resources/templates/list"};

static bool listed(const char *const *list, size_t count, const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

#define LISTED(list, name) listed(list, sizeof list / sizeof list[0], name)

static const cJSON *meta_of(const cJSON *params)
{
    return cJSON_GetObjectItemCaseSensitive(params, "_meta");
}

bool sc_mcp_is_stateless(const sc_mcp_session *session, const char *method, const cJSON *params)
{
    if (session->state == SC_MCP_STATE_STATELESS)
        return true;
    if (session->state == SC_MCP_STATE_READY)
        return false;
    /* initialize and ping before it are a 2025 client's; with the
     * stateless _meta they ask for methods that revision removed */
    if (cJSON_GetObjectItemCaseSensitive(meta_of(params), META_VERSION) != NULL)
        return true;
    return strcmp(method, "initialize") != 0 && strcmp(method, "ping") != 0;
}

bool sc_mcp_stateless_version(const char *version)
{
    return listed(versions, VERSION_COUNT, version);
}

bool sc_mcp_stateless_method(const char *method)
{
    return LISTED(methods, method);
}

/* The value of a header that may carry the base64 sentinel form
 * (=?base64?...?=), decoded into buf; NULL when it is not valid base64 or
 * does not fit. */
static const char *header_value(const char *value, char *buf, size_t size)
{
    size_t len = strlen(value);
    if (len < 11 || strncmp(value, "=?base64?", 9) != 0 || strcmp(value + len - 2, "?=") != 0)
        return value;
    struct base64_decode_ctx ctx;
    size_t out = size - 1;
    base64_decode_init(&ctx);
    if (BASE64_DECODE_LENGTH(len - 11) > size - 1 ||
        !base64_decode_update(&ctx, &out, (uint8_t *)buf, len - 11, value + 9) ||
        !base64_decode_final(&ctx))
        return NULL;
    buf[out] = '\0';
    return strlen(buf) == out ? buf : NULL; /* no U+0000 inside */
}

/* A header's value without the optional white space around it (RFC 9110
 * 5.5), in buf; NULL when it does not fit. */
static const char *trimmed(const char *value, char *buf, size_t size)
{
    while (*value == ' ' || *value == '\t')
        value++;
    size_t len = strlen(value);
    while (len > 0 && (value[len - 1] == ' ' || value[len - 1] == '\t'))
        len--;
    if (len >= size)
        return NULL;
    memcpy(buf, value, len);
    buf[len] = '\0';
    return buf;
}

/* The member of params that Mcp-Name carries: params.name, params.uri of
 * resources/read, params.taskId of the tasks extension's methods (so that
 * a gateway can route them to the replica holding the task); NULL for a
 * method without one. */
static const char *named_member(const char *method)
{
    if (strcmp(method, "tools/call") == 0 || strcmp(method, "prompts/get") == 0)
        return "name";
    if (strcmp(method, "resources/read") == 0)
        return "uri";
    if (strcmp(method, "tasks/get") == 0 || strcmp(method, "tasks/update") == 0 ||
        strcmp(method, "tasks/cancel") == 0)
        return "taskId";
    return NULL;
}

/* Whether a header's value (decoded) says what the body's value does: a
 * string the same, a number the same number, a boolean true or false. */
static bool same_value(const char *header, const cJSON *body)
{
    if (cJSON_IsString(body))
        return strcmp(header, body->valuestring) == 0;
    if (cJSON_IsBool(body))
        return strcmp(header, cJSON_IsTrue(body) ? "true" : "false") == 0;
    if (cJSON_IsNumber(body)) {
        char *end;
        double value = strtod(header, &end);
        return end != header && *end == '\0' && value == body->valuedouble;
    }
    return false;
}

/* The tool parameters its MCP entry marks with x-mcp-header (the
 * header's name, schemac's @header) against their Mcp-Param-NAME headers:
 * a value in the body needs its header, saying the same; a header needs
 * its value. NULL when they agree, else what is wrong. */
static const char *param_mismatch(const sc_mcp_server *server, const sc_mcp_headers *headers,
                                  const cJSON *params, char *why, size_t size)
{
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(params, "name"));
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(params, "arguments");
    const sc_tool *tool = NULL;
    for (size_t i = 0; name != NULL && i < server->tool_count && tool == NULL; i++)
        if (strcmp(server->tools[i].tool->name, name) == 0)
            tool = server->tools[i].tool;
    const char *text = sc_tool_dialect(tool, SC_DIALECT_MCP); /* "" without a tool */
    if (strstr(text, "\"x-mcp-header\"") == NULL)
        return NULL; /* the call's own checks say what is wrong with it */
    cJSON *entry = cJSON_Parse(text);
    const cJSON *property;
    const char *wrong = NULL;
    cJSON_ArrayForEach(property,
                       cJSON_GetObjectItemCaseSensitive(
                           cJSON_GetObjectItemCaseSensitive(entry, "inputSchema"), "properties"))
    {
        const char *header =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(property, "x-mcp-header"));
        if (header == NULL || wrong != NULL)
            continue;
        const cJSON *body = cJSON_GetObjectItemCaseSensitive(args, property->string);
        const char *given =
            headers->param != NULL ? headers->param(headers->param_ctx, header) : NULL;
        char value[1024], buf[1024];
        const char *decoded = given != NULL && trimmed(given, value, sizeof value) != NULL
                                  ? header_value(value, buf, sizeof buf)
                                  : NULL;
        if (body != NULL && !cJSON_IsNull(body) && given == NULL)
            snprintf(why, size, "the Mcp-Param-%.64s header is missing for the argument '%.64s'",
                     header, property->string);
        else if (given != NULL && (body == NULL || cJSON_IsNull(body)))
            snprintf(why, size,
                     "the Mcp-Param-%.64s header names an argument '%.64s' the body does not have",
                     header, property->string);
        else if (given != NULL && decoded == NULL)
            snprintf(why, size,
                     "the Mcp-Param-%.64s header is not valid base64 in its =?base64?...?= form",
                     header);
        else if (given != NULL && !same_value(decoded, body))
            snprintf(why, size,
                     "the Mcp-Param-%.64s header value does not match the argument '%.64s'", header,
                     property->string);
        else
            continue;
        wrong = why;
    }
    cJSON_Delete(entry);
    return wrong;
}

/* The header rules of 2026-07-28's Streamable HTTP: NULL when they hold,
 * else what is wrong. */
static const char *header_mismatch(const sc_mcp_server *server, const sc_mcp_headers *headers,
                                   const char *method, const cJSON *params, char *why, size_t size)
{
    char value[1024], buf[1024];
    const char *given =
        headers->method != NULL ? trimmed(headers->method, value, sizeof value) : NULL;
    if (given == NULL)
        return "the Mcp-Method header is missing";
    if (strcmp(given, method) != 0) {
        snprintf(why, size,
                 "the Mcp-Method header value '%.64s' does not match the body's method '%.64s'",
                 given, method);
        return why;
    }
    const char *member = named_member(method);
    if (member == NULL)
        return NULL;
    const char *body = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(params, member));
    if (body == NULL)
        return NULL; /* the method's own check says what params lacks */
    given = headers->name != NULL ? trimmed(headers->name, value, sizeof value) : NULL;
    if (given == NULL)
        return "the Mcp-Name header is missing";
    const char *name = header_value(given, buf, sizeof buf);
    if (name == NULL)
        return "the Mcp-Name header is not valid base64 in its =?base64?...?= form";
    if (strcmp(name, body) != 0) {
        snprintf(why, size, "the Mcp-Name header value '%.64s' does not match the body's '%.64s'",
                 name, body);
        return why;
    }
    return strcmp(method, "tools/call") == 0 ? param_mismatch(server, headers, params, why, size)
                                             : NULL;
}

static cJSON *unsupported(const cJSON *id, const char *version)
{
    cJSON *data = cJSON_CreateObject();
    cJSON *supported = cJSON_AddArrayToObject(data, "supported");
    for (size_t i = 0; supported != NULL && i < VERSION_COUNT; i++) {
        cJSON *item = cJSON_CreateString(versions[i]);
        if (item == NULL || !cJSON_AddItemToArray(supported, item)) {
            cJSON_Delete(item);
            supported = NULL;
        }
    }
    if (supported == NULL || cJSON_AddStringToObject(data, "requested", version) == NULL) {
        cJSON_Delete(data);
        return NULL;
    }
    return sc_mcp_error_response(
        id, SC_MCP_UNSUPPORTED_VERSION, data,
        "unsupported protocol version '%.32s'; this server speaks %s statelessly, or the "
        "revisions of %s after initialize",
        version, versions[0], SC_MCP_LATEST_VERSION);
}

cJSON *sc_mcp_stateless_check(const sc_mcp_server *server, const cJSON *id, const char *method,
                              const cJSON *params, const sc_mcp_headers *headers,
                              sc_mcp_request_envelope *request, unsigned *status)
{
    const cJSON *meta = meta_of(params);
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(meta, META_VERSION);
    const cJSON *capabilities = cJSON_GetObjectItemCaseSensitive(meta, META_CAPABILITIES);
    const cJSON *level = cJSON_GetObjectItemCaseSensitive(meta, META_LOG_LEVEL);
    char why[256];
    *status = 400;
    if (headers != NULL && headers->protocol_version == NULL)
        return sc_mcp_error_response(id, SC_MCP_HEADER_MISMATCH, NULL,
                                     "header mismatch: the MCP-Protocol-Version header is missing");
    if (!cJSON_IsString(version) || !cJSON_IsObject(capabilities))
        return sc_mcp_error_response(
            id, SC_MCP_INVALID_PARAMS, NULL,
            "invalid params: params._meta needs \"%s\" (a string) and \"%s\" (an object) on every request; a "
            "client of the 2025 revisions sends initialize first",
            META_VERSION, META_CAPABILITIES);
    char given[64];
    if (headers != NULL && (trimmed(headers->protocol_version, given, sizeof given) == NULL ||
                            strcmp(given, version->valuestring) != 0))
        return sc_mcp_error_response(
            id, SC_MCP_HEADER_MISMATCH, NULL,
            "header mismatch: the MCP-Protocol-Version header value '%.32s' does not "
            "match the body's %s '%.32s'",
            headers->protocol_version, META_VERSION, version->valuestring);
    if (!sc_mcp_stateless_version(version->valuestring))
        return unsupported(id, version->valuestring);
    const char *mismatch =
        headers != NULL ? header_mismatch(server, headers, method, params, why, sizeof why) : NULL;
    if (mismatch != NULL)
        return sc_mcp_error_response(id, SC_MCP_HEADER_MISMATCH, NULL, "header mismatch: %s",
                                     mismatch);
    request->level = level != NULL ? sc_mcp_level_of(cJSON_GetStringValue(level)) : SC_MCP_NO_LEVEL;
    if (request->level < 0)
        return sc_mcp_error_response(
            id, SC_MCP_INVALID_PARAMS, NULL,
            "invalid params: %s must be one of debug, info, notice, warning, error, "
            "critical, alert, emergency",
            META_LOG_LEVEL);
    request->version = version->valuestring;
    request->client_capabilities = capabilities;
    *status = 0;
    return NULL;
}

cJSON *sc_mcp_discover(const sc_mcp_server *server)
{
    cJSON *result = cJSON_CreateObject();
    cJSON *supported = cJSON_AddArrayToObject(result, "supportedVersions");
    cJSON *capabilities = cJSON_AddObjectToObject(result, "capabilities");
    bool ok =
        supported != NULL && capabilities != NULL && sc_mcp_add_capabilities(server, capabilities);
    if (ok && sc_mcp_server_has_tasks(server)) {
        cJSON *extensions = cJSON_AddObjectToObject(capabilities, "extensions");
        ok = extensions != NULL &&
             cJSON_AddObjectToObject(extensions, SC_MCP_TASKS_EXTENSION) != NULL;
    }
    for (size_t i = 0; ok && i < VERSION_COUNT; i++) {
        cJSON *item = cJSON_CreateString(versions[i]);
        ok = item != NULL && cJSON_AddItemToArray(supported, item);
        if (!ok)
            cJSON_Delete(item);
    }
    if (ok && server->instructions != NULL)
        ok = cJSON_AddStringToObject(result, "instructions", server->instructions) != NULL;
    if (!ok) {
        cJSON_Delete(result);
        return NULL;
    }
    return result;
}

/* _meta["io.modelcontextprotocol/serverInfo"] of every result. */
static bool add_server_info(const sc_mcp_server *server, cJSON *result)
{
    cJSON *meta = cJSON_GetObjectItemCaseSensitive(result, "_meta");
    if (meta == NULL && (meta = cJSON_AddObjectToObject(result, "_meta")) == NULL)
        return false;
    cJSON *info = cJSON_AddObjectToObject(meta, META_SERVER_INFO);
    return info != NULL &&
           cJSON_AddStringToObject(info, "name", server->name != NULL ? server->name : "schemac") !=
               NULL &&
           cJSON_AddStringToObject(info, "version",
                                   server->version != NULL ? server->version : "0") != NULL &&
           (server->title == NULL || cJSON_AddStringToObject(info, "title", server->title) != NULL);
}

bool sc_mcp_stateless_finish(const sc_mcp_context *ctx, const char *method, cJSON *response)
{
    const sc_mcp_server *server = ctx->server;
    cJSON *result = cJSON_GetObjectItemCaseSensitive(response, "result");
    if (!cJSON_IsObject(result))
        return true; /* an error */
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(result, "resultType"));
    if (type == NULL && cJSON_AddStringToObject(result, "resultType", type = "complete") == NULL)
        return false;
    if (!add_server_info(server, result))
        return false;
    if (strcmp(type, "complete") != 0 || !LISTED(cacheable, method))
        return true;
    /* a result that answers a retry (inputResponses, requestState) depends
     * on more than its cache key: never cached */
    bool retry = ctx->rounds.responses != NULL || ctx->rounds.answers != NULL;
    const sc_mcp_resource *resource = strcmp(method, "resources/read") == 0 ? ctx->resource : NULL;
    unsigned ttl =
        resource != NULL && resource->ttl_ms > 0 ? resource->ttl_ms : server->cache_ttl_ms;
    bool private_data =
        server->cache_private || (resource != NULL && resource->private_data) || retry;
    return cJSON_AddNumberToObject(result, "ttlMs", retry ? 0 : ttl) != NULL &&
           cJSON_AddStringToObject(result, "cacheScope", private_data ? "private" : "public") !=
               NULL;
}
