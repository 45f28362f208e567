/* docs/tools.md's Streamable HTTP transport, given a server.
 * doc-test headers: samples/mcp-server/tools.h */
#include <stdio.h>

#include <schemac/mcp.h>

#include "tools.schemac.h"

int example(const sc_mcp_server *server_given);
int example(const sc_mcp_server *server_given)
{
    sc_mcp_server server = *server_given;
    sc_error err;
@FRAGMENT@
    return 0;
}
