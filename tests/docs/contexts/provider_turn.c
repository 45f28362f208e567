/* docs/tools.md's provider round trip, given the tools, the provider's
 * response and the request's messages.
 * doc-test headers: samples/url/url_tool.h */
#include "url_tool.schemac.h"

int report(const sc_error *err);

int example(const sc_tool_binding *tools, size_t count, const char *body, size_t len, cJSON *messages);
int example(const sc_tool_binding *tools, size_t count, const char *body, size_t len, cJSON *messages)
{
    sc_arena arena;
    sc_error err;
    sc_arena_init(&arena, NULL);
@FRAGMENT@
    sc_arena_release(&arena);
    return done;
}
