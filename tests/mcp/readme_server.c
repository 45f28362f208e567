/* The MCP server of README.md (a tool, a prompt, a resource template),
 * compiled and run as a test: readme.mjs checks that README.md shows these
 * lines as they are here, then drives the program with the official SDK
 * client. */

/* ---- README.md ---- */
#include <stdio.h>
#include <string.h>
#include <schemac/mcp.h>
#include "url_tool.schemac.h"

/* The tool: the scheme, what comes before "://" (the decoder checked the URL). */
static int parse_url(sc_arena *arena, const parse_url_input *in, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena, (void)ctx;
    const char *sep = strstr(in->url, "://");
    if (sep == NULL)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "the URL has no scheme://");
    *out = cJSON_CreateObject();
    if (*out == NULL || cJSON_AddStringToObject(*out, "url", in->url) == NULL ||
        cJSON_AddNumberToObject(*out, "scheme_length", (double)(sep - in->url)) == NULL ||
        cJSON_AddNumberToObject(*out, "parts", (double)in->parts_count) == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

/* The prompt explain_url: one user message asking about the URL (a
 * required argument: checked before). */
static int explain(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *args, cJSON *messages,
                   sc_error *err)
{
    (void)ctx, (void)prompt, (void)err;
    char text[2200];
    snprintf(text, sizeof text, "Explain the parts of %.2048s", cJSON_GetObjectItemCaseSensitive(args, "url")->valuestring);
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(text));
}

/* The resource template port://{scheme}: the scheme's default port. */
static int port_of(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri, const cJSON *vars,
                   cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource;
    const char *scheme = cJSON_GetObjectItemCaseSensitive(vars, "scheme")->valuestring;
    const char *port = strcmp(scheme, "https") == 0 ? "443" : strcmp(scheme, "http") == 0 ? "80" : NULL;
    if (port == NULL)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "no default port known for %.64s", scheme);
    return sc_mcp_resource_contents(contents, uri, "text/plain", port, NULL);
}

static const sc_mcp_argument url_argument[] = {{.name = "url", .description = "The URL", .required = true}};
static const sc_mcp_prompt prompts[] = {{.name = "explain_url", .arguments = url_argument, .argument_count = 1,
                                         .get = explain}};
static const sc_mcp_resource resources[] = {{.uri = "port://{scheme}", .name = "default port",
                                             .mime_type = "text/plain", .read = port_of}};

int main(void)
{
    sc_tool_binding tools[] = { parse_url_input_bind(parse_url, NULL) };
    sc_mcp_server server = { .name = "url-tools", .version = "1.0.0", .tools = tools, .tool_count = 1,
                             .prompts = prompts, .prompt_count = 1, .resources = resources, .resource_count = 1 };
    return sc_mcp_serve_stdio(&server, stdin, stdout);   /* or sc_mcp_serve_http: Streamable HTTP */
}
/* ---- end of README.md ---- */
