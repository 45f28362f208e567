/* docs/tools.md's MCP server, as the body of a main over the sample
 * server's tools (samples/mcp-server/tools.h) and its two handlers.
 * doc-test headers: samples/mcp-server/tools.h */
#include <schemac/mcp.h>

#include "tools.schemac.h"

int calculate(sc_arena *arena, const calc_input *in, calc_output *out, void *ctx, sc_error *err);
int search_files(sc_arena *arena, const search_input *in, search_output *out, void *ctx, sc_error *err);

int main(void)
{
@FRAGMENT@
}
