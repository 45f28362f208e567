/* docs/overview.md's provider round trip, in a function given the provider's
 * response and the conversation's messages.
 * doc-test headers: samples/url/url_tool.h */
#include <schemac/provider.h>

#include "url_tool.schemac.h"

bool example(const sc_tool_binding *tools, size_t count, const char *body, size_t len, cJSON *messages);
bool example(const sc_tool_binding *tools, size_t count, const char *body, size_t len, cJSON *messages)
{
    sc_arena arena;
    sc_error err;
    bool done = false;
    sc_arena_init(&arena, NULL);
@FRAGMENT@
    sc_arena_release(&arena);
    return done;
}
