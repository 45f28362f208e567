/* The MCP server of README.md, compiled and run as a test: readme.mjs
 * checks that README.md shows these lines as they are here, then drives the
 * program with the official SDK client. */

/* ---- README.md ---- */
#include <string.h>
#include <schemac/mcp.h>
#include "url_tool.schemac.h"

/* The scheme: what comes before "://" (the decoder checked the URL). */
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

int main(void)
{
    sc_tool_binding tools[] = { parse_url_input_bind(parse_url, NULL) };
    sc_mcp_server server = { .name = "url-tools", .version = "1.0.0", .tools = tools, .tool_count = 1 };
    return sc_mcp_serve_stdio(&server, stdin, stdout);   /* or sc_mcp_serve_http: Streamable HTTP */
}
/* ---- end of README.md ---- */
