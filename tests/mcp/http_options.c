/* An MCP server over Streamable HTTP with every option of
 * sc_mcp_http_options set away from its default, and the server's decode
 * limits (max_members 6, max_depth 8), for http_options.mjs: the sample keeps the
 * defaults. No tools: the checks are the transport's.
 *
 *   http_options --http PORT     (0: any free port, logged on stderr)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/mcp_http.h>

int main(int argc, char **argv)
{
    static const char *const origins[] = {"https://app.example.com", "http://localhost:5173"};
    static const char *const hosts[] = {"mcp.example.com", "127.0.0.1"};
    static const sc_limits limits = {.max_members = 6, .max_depth = 8};
    sc_mcp_server server = {.name = "http-options",
                            .version = "0",
                            .log = sc_mcp_log_stderr,
                            .log_ctx = "mcp_server",
                            .limits = &limits};
    sc_mcp_http_options options = {
        .path = "/rpc",
        .allowed_origins = origins,
        .allowed_origin_count = 2,
        .max_body = 2000,
        .max_connections = 4,
        .threads = 1,
        .max_sessions = 8,
        .timeout_seconds = 3,
        .request_timeout_seconds = 5,
        .max_connections_per_ip = 4,
        .session_timeout_seconds = 2,
        .allowed_hosts = hosts,
        .allowed_host_count = 2,
        .replay_events = 3,
        .keepalive_seconds = 1,
    };
    if (argc != 3 || strcmp(argv[1], "--http") != 0) {
        fprintf(stderr, "usage: %s --http PORT\n", argv[0]);
        return 2;
    }
    options.port = (unsigned short)strtoul(argv[2], NULL, 10);
    return sc_mcp_serve_http(&server, &options) == 0 ? 0 : 1;
}
