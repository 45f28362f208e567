/* One provider round trip with the tools of a manifest, for manifest.mjs:
 * the tools of samples/mcp-manifest (its manifest and handlers), the
 * request's `tools` that sc_provider_tools builds from them, and the turn
 * sc_tool_turn_run makes of a provider's response.
 *
 *     manifest_turn MANIFEST PROVIDER RESPONSE
 *
 * PROVIDER as sc_provider_from_name names it. Prints one JSON object:
 * {"tools": the array, "strict_tools": the array with SC_TOOLS_STRICT,
 * "flags": the strict array's call flags, "calls": N, "failed": N, "echo":
 * [...], "results": [...]}. Exits 1 when something fails, 2 on bad usage. */
#include <stdio.h>
#include <string.h>

#include <schemac/provider.h>
#include <schemac/schemac.h>
#include <schemac/tool_manifest.h>

#include "handlers.h"

static const sc_tool_handler_entry handlers[] = {
    {"get_forecast", get_forecast, NULL},
    {"count_words", count_words, NULL},
};

/* Prints why a step failed and returns 1. */
static int failed(const char *step, const sc_error *err)
{
    char why[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
    sc_error_format(err, why, sizeof why);
    fprintf(stderr, "manifest_turn: %s: %s\n", step, why);
    return 1;
}

int main(int argc, char **argv)
{
    sc_provider provider;
    if (argc != 4 || sc_provider_from_name(argv[2], &provider) != 0) {
        fprintf(stderr, "usage: manifest_turn MANIFEST PROVIDER RESPONSE\n");
        return 2;
    }
    sc_error err;
    sc_tool_manifest *manifest;
    if (sc_tool_manifest_load(argv[1], NULL, &manifest, &err) != 0)
        return failed(argv[1], &err);
    sc_tool_binding tools[2];
    size_t count;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    int rc = 1;
    cJSON *out = cJSON_CreateObject();
    unsigned flags = 0;
    const char *response;
    size_t len;
    sc_tool_turn turn;
    if (sc_tool_manifest_bind(manifest, handlers, 2, tools, 2, &count, &err) != 0)
        failed("bind", &err);
    else if (sc_read_file(&arena, argv[3], &response, &len, &err) != 0)
        failed(argv[3], &err);
    else if (!cJSON_AddItemToObject(out, "tools",
                                    sc_provider_tools(provider, tools, count, 0, NULL)) ||
             !cJSON_AddItemToObject(
                 out, "strict_tools",
                 sc_provider_tools(provider, tools, count, SC_TOOLS_STRICT, &flags)))
        fprintf(stderr, "manifest_turn: sc_provider_tools failed\n");
    else if (sc_tool_turn_run(&arena, provider, tools, count, response, len, flags, &turn, &err) !=
             0)
        failed("sc_tool_turn_run", &err);
    else {
        cJSON_AddNumberToObject(out, "flags", flags);
        cJSON_AddNumberToObject(out, "calls", (double)turn.calls);
        cJSON_AddNumberToObject(out, "failed", (double)turn.failed);
        cJSON_AddItemToObject(out, "echo", turn.echo);
        cJSON_AddItemToObject(out, "results", turn.results);
        turn.echo = turn.results = NULL;
        char *text;
        if (sc_print_json(out, &text) == 0) {
            printf("%s\n", text);
            sc_free_string(text);
            rc = 0;
        }
    }
    cJSON_Delete(out);
    sc_arena_release(&arena);
    sc_tool_manifest_free(manifest);
    return rc;
}
