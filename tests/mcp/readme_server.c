/* The MCP server of docs/overview.md (a tool, a prompt, a resource
 * template), compiled and run as a test: readme.mjs checks that the page
 * shows these lines as they are here, then drives the program with the
 * official SDK client. */

/* ---- docs/overview.md ---- */
#include <stdio.h>
#include <string.h>
#include <schemac/mcp.h>
#include "url_tool.schemac.h"
#include "url_server.schemac.h"

static int parse_url(sc_arena *arena, const parse_url_input *in, cJSON **out, void *ctx,
                     sc_error *err)
{
    (void)arena, (void)ctx;
    *out = cJSON_CreateObject(); /* in->url is a checked URI */
    return cJSON_AddStringToObject(*out, "url", in->url)
               ? 0
               : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

static int explain(sc_mcp_context *ctx, const sc_mcp_prompt *p, const cJSON *a, cJSON *messages,
                   sc_error *err)
{
    const explain_url_args *in = sc_mcp_arguments(ctx);
    char text[2100];
    (void)p, (void)a, (void)err;
    snprintf(text, sizeof text, "Explain the parts of %s", in->url);
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(text));
}

static int port_of(sc_mcp_context *ctx, const sc_mcp_resource *r, const char *uri, const cJSON *v,
                   cJSON *contents, sc_error *err)
{
    const port_args *in = sc_mcp_arguments(ctx);
    (void)r, (void)v, (void)err;
    return sc_mcp_resource_contents(contents, uri, "text/plain",
                                    strcmp(in->scheme, "https") ? "80" : "443", NULL);
}

static const sc_mcp_prompt prompts[] = {SC_MCP_PROMPT(explain_url_args, explain)};
static const sc_mcp_resource resources[] = {
    SC_MCP_RESOURCE_TEMPLATE(port_args, "default port", "text/plain", port_of)};

int main(void)
{
    sc_tool_binding tools[] = {parse_url_input_bind(parse_url, NULL)};
    sc_mcp_server server = {.name = "url-tools",
                            .version = "1.0.0",
                            .tools = tools,
                            .tool_count = 1,
                            .prompts = prompts,
                            .prompt_count = 1,
                            .resources = resources,
                            .resource_count = 1};
    return sc_mcp_serve_stdio(&server, stdin, stdout); /* or sc_mcp_serve_http: Streamable HTTP */
}
/* ---- end of docs/overview.md ---- */
