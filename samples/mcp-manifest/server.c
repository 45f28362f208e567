/* An MCP server whose tools are not known when it is built: their
 * definitions (names, descriptions, input and output schemas) come from a
 * manifest file, tools.json here, as a tool runtime keeps them. The
 * library compiles the schemas when the file is loaded, checks every
 * call's arguments with them before a handler (handlers.c) runs, and
 * checks the handlers' results against the output schemas.
 *
 *   mcp_manifest --manifest FILE              MCP over stdio
 *   mcp_manifest --manifest FILE --http PORT  Streamable HTTP on 127.0.0.1:PORT
 *
 * A manifest that cannot be loaded, or a tool in it without a handler
 * here, stops the server at start with the JSON Pointer of the fault. */
#include <stdio.h>
#include <string.h>

#include <schemac/mcp.h>
#include <schemac/tool_manifest.h>

#include "handlers.h"

/* The handlers, by the name of the tool each serves. */
static const sc_tool_handler_entry handlers[] = {
    {"get_forecast", get_forecast, NULL},
    {"count_words", count_words, NULL},
};
#define HANDLER_COUNT (sizeof handlers / sizeof *handlers)

int main(int argc, char **argv)
{
    /* --manifest FILE is the server's own option; sc_mcp_main takes the rest */
    const char *path = NULL;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--manifest") == 0 && i + 1 < argc)
            path = argv[++i];
        else
            argv[kept++] = argv[i];
    }
    if (path == NULL) {
        fprintf(stderr, "usage: %s --manifest FILE [--http PORT] ...\n", argv[0]);
        return 2;
    }
    sc_tool_manifest *manifest;
    sc_error err;
    if (sc_tool_manifest_load(path, NULL, &manifest, &err) != 0) {
        char why[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
        sc_error_format(&err, why, sizeof why);
        fprintf(stderr, "%s: %s\n", path, why);
        return 1;
    }
    sc_tool_binding tools[HANDLER_COUNT];
    size_t count;
    if (sc_tool_manifest_bind(manifest, handlers, HANDLER_COUNT, tools, HANDLER_COUNT, &count,
                              &err) != 0) {
        fprintf(stderr, "%s: %s\n", path, err.message);
        sc_tool_manifest_free(manifest);
        return 1;
    }
    sc_mcp_server server = {
        .name = "schemac-sample-mcp-manifest",
        .version = "0.1.0",
        .tools = tools,
        .tool_count = count,
        .log = sc_mcp_log_stderr,
        .log_ctx = "mcp_manifest",
    };
    int rc = sc_mcp_main(&server, NULL, kept, argv);
    sc_tool_manifest_free(manifest); /* after the last call: the transports have stopped */
    return rc;
}
