/* A server (no tools) whose command line is sc_mcp_main's, with
 * sc_mcp_http_options.tls_key_password taken from the environment
 * (SC_TEST_TLS_KEY_PASSWORD), for tls.mjs: an encrypted key, with the
 * right password and a wrong one.
 *
 *   SC_TEST_TLS_KEY_PASSWORD=... tls_key_password --http 0 --tls-cert CERT --tls-key KEY
 */
#include <stdlib.h>

#include <schemac/mcp_http.h>

int main(int argc, char **argv)
{
    sc_mcp_server server = {.name = "tls-key-password",
                            .version = "0",
                            .log = sc_mcp_log_stderr,
                            .log_ctx = "tls_key_password"};
    sc_mcp_http_options options = {.tls_key_password = getenv("SC_TEST_TLS_KEY_PASSWORD")};
    return sc_mcp_main(&server, &options, argc, argv);
}
