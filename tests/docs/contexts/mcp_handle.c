/* docs/tools.md's transport of your own: one message handed to the server
 * core.
 * doc-test headers: samples/mcp-server/tools.h */
#include <schemac/mcp.h>

#include "tools.schemac.h"

int example(sc_mcp_server server, const char *message, size_t len);
int example(sc_mcp_server server, const char *message, size_t len)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
@FRAGMENT@
    sc_arena_release(&arena);
    return rc;
}
