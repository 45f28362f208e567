/* A server for manifest.mjs: serves the tools of any manifest (given as
 * --manifest FILE), every one bound to one handler that returns what the
 * call asks for, so that a test can make a tool's result anything: the
 * call's "result" member when it has one (any JSON value; null: none),
 * else the arguments themselves. With --fail-names, a handler for a tool
 * the manifest does not have is bound too (the start must fail). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <schemac/mcp.h>
#include <schemac/tool_manifest.h>

static int echo(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    (void)ctx;
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(args, "result");
    if (cJSON_IsNull(result))
        return 0;
    if ((*out = cJSON_Duplicate(result != NULL ? result : args, 1)) == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    bool extra = false;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--manifest") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strcmp(argv[i], "--fail-names") == 0)
            extra = true;
        else
            argv[kept++] = argv[i];
    }
    if (path == NULL) {
        fprintf(stderr, "usage: %s --manifest FILE [--fail-names] [--http PORT]\n", argv[0]);
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
    size_t n = sc_tool_manifest_count(manifest);
    sc_tool_handler_entry *handlers = calloc(n + 1, sizeof *handlers);
    sc_tool_binding *tools = calloc(n + 1, sizeof *tools);
    for (size_t i = 0; handlers != NULL && i < n; i++)
        handlers[i] = (sc_tool_handler_entry){sc_tool_manifest_tool(manifest, i)->name, echo, NULL};
    if (handlers != NULL)
        handlers[n] = (sc_tool_handler_entry){"not_in_the_manifest", echo, NULL};
    size_t count = 0;
    int rc = 1;
    if (handlers == NULL || tools == NULL)
        fprintf(stderr, "out of memory\n");
    else if (sc_tool_manifest_bind(manifest, handlers, n + extra, tools, n, &count, &err) != 0)
        fprintf(stderr, "%s: %s\n", path, err.message);
    else {
        sc_mcp_server server = {.name = "manifest-echo",
                                .version = "1.0.0",
                                .tools = tools,
                                .tool_count = count,
                                .log = sc_mcp_log_stderr,
                                .log_ctx = "manifest_echo"};
        rc = sc_mcp_main(&server, NULL, kept, argv);
    }
    free(handlers);
    free(tools);
    sc_tool_manifest_free(manifest);
    return rc;
}
