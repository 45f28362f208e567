/* docs/tools.md's dispatch, in a function given a call as OpenAI sends it
 * (name and arguments text) and as MCP and Anthropic send it (a cJSON).
 * doc-test headers: tools_call.h */
#include <schemac/mcp.h>

#include "tools_call.schemac.h"

int calc(sc_arena *arena, const calc_args *in, cJSON **out, void *ctx, sc_error *err);
int echo(sc_arena *arena, const echo_args *in, cJSON **out, void *ctx, sc_error *err);

void example(const char *name, const char *text, size_t len, const cJSON *arguments);
void example(const char *name, const char *text, size_t len, const cJSON *arguments)
{
    sc_arena arena;
    sc_error err;
    cJSON *result = NULL;
    sc_arena_init(&arena, NULL);
@FRAGMENT@
    cJSON_Delete(reply);
    cJSON_Delete(list);
    sc_arena_release(&arena);
}
