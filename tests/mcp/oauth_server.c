/* An MCP server of oauth_tools.h for oauth.mjs: sc_mcp_main's command
 * line (--http, --tls-*, --oauth-*), whoami answering with the principal
 * of the call's token (sc_mcp_principal_of), and a tool, a prompt and a
 * resource template that need scopes (@scopes). With
 * SC_TEST_OPAQUE_TOKEN set, opaque tokens equal to it are taken by an
 * introspection hook (subject "opaque-user", scope "files:read");
 * SC_TEST_JWKS_REFRESH sets jwks_refresh_seconds.
 *
 *   oauth_server --http 0 --oauth-resource URI --oauth-issuer URL --oauth-jwks FILE
 */
#include <stdlib.h>
#include <string.h>

#include <schemac/mcp_http.h>

#include "oauth_tools.schemac.h"

static char *copy(sc_arena *arena, const char *s)
{
    return sc_arena_strndup(arena, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

static int whoami(sc_arena *arena, const whoami_input *in, whoami_output *out, void *ctx,
                  sc_error *err)
{
    const sc_mcp_principal *p = sc_mcp_principal_of(sc_mcp_context_of(arena));
    (void)in, (void)ctx;
    if (p == NULL)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "no principal");
    out->subject = copy(arena, p->subject);
    out->client_id = copy(arena, p->client_id);
    out->scopes = copy(arena, p->scopes);
    out->issuer = copy(arena, p->issuer);
    out->traceparent = copy(arena, sc_mcp_trace(sc_mcp_context_of(arena), "traceparent"));
    return 0;
}

static int write_file(sc_arena *arena, const write_file_input *in, cJSON **out, void *ctx,
                      sc_error *err)
{
    const sc_mcp_principal *p = sc_mcp_principal_of(sc_mcp_context_of(arena));
    (void)ctx;
    if (!sc_mcp_principal_has_scope(p,
                                    "files:write")) /* the transport let it through only with it */
        return sc_fail(err, SC_ERR_HANDLER, NULL, "files:write missing");
    *out = cJSON_CreateString(in->path);
    return *out != NULL ? 0 : SC_ERR_NOMEM;
}

static int review(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
                  cJSON *messages, sc_error *err)
{
    (void)ctx, (void)prompt, (void)err;
    cJSON *content = cJSON_CreateObject();
    cJSON_AddStringToObject(content, "type", "text");
    cJSON_AddStringToObject(content, "text",
                            cJSON_GetStringValue(cJSON_GetObjectItem(arguments, "change")));
    return sc_mcp_prompt_message(messages, "user", content);
}

static int read_file(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                     const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource, (void)variables, (void)err;
    return sc_mcp_resource_contents(contents, uri, "text/plain", "contents", NULL);
}

static bool introspect(void *expected, const char *token, cJSON **claims)
{
    if (expected == NULL || strcmp(token, expected) != 0)
        return false;
    *claims =
        cJSON_Parse("{\"active\":true,\"sub\":\"opaque-user\",\"client_id\":\"opaque-client\","
                    "\"scope\":\"files:read\"}");
    return *claims != NULL;
}

int main(int argc, char **argv)
{
    sc_tool_binding tools[] = {whoami_input_bind(whoami, NULL),
                               write_file_input_bind(write_file, NULL)};
    static const sc_mcp_prompt prompts[] = {SC_MCP_PROMPT(review_args, review)};
    static const sc_mcp_resource resources[] = {
        SC_MCP_RESOURCE_TEMPLATE(file_args, "file", "text/plain", read_file)};
    sc_mcp_server server = {.name = "oauth-test",
                            .version = "0",
                            .tools = tools,
                            .tool_count = 2,
                            .prompts = prompts,
                            .prompt_count = 1,
                            .resources = resources,
                            .resource_count = 1,
                            .log = sc_mcp_log_stderr,
                            .log_ctx = "oauth_server"};
    const char *opaque = getenv("SC_TEST_OPAQUE_TOKEN");
    const char *refresh =
        getenv("SC_TEST_JWKS_REFRESH"); /* seconds between fetches on an unknown kid */
    sc_mcp_http_options options = {
        .oauth = {.introspect = opaque != NULL ? introspect : NULL,
                  .introspect_ctx = (void *)opaque,
                  .jwks_refresh_seconds = refresh != NULL ? (unsigned)atoi(refresh) : 0}};
    return sc_mcp_main(&server, &options, argc, argv);
}
