/* docs/overview.md's tool call, in a function given the call's name and
 * arguments; the handler it binds is defined after it.
 * doc-test headers: samples/url/url_tool.h */
#include <schemac/mcp.h>

#include "url_tool.schemac.h"

cJSON *example(const char *call_name, const char *arguments_json, size_t arguments_len);
cJSON *example(const char *call_name, const char *arguments_json, size_t arguments_len)
{
    sc_arena arena;
    sc_error err;
    sc_arena_init(&arena, NULL);
@FRAGMENT@
    sc_arena_release(&arena);
    return reply;
}
