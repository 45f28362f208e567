/* sc_mcp_main: the command line every MCP server has (stdio by default,
 * --http PORT for Streamable HTTP, --tls-cert and --tls-key for HTTPS,
 * --version, --help), so that a server's main is its description and one
 * call. Not part of the sources the libFuzzer target compiles in (it
 * reaches the HTTP transport). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_internal.h"
#include "schemac/config.h"
#if SCHEMAC_HAVE_MCP_HTTP
#include "schemac/mcp_http.h"
#endif

static int usage(const sc_mcp_server *server, const char *program, FILE *out, int status)
{
    fprintf(out,
            "usage: %s [--http PORT [--address ADDRESS] [--tls-cert FILE --tls-key FILE]]\n"
            "       [--version] [--help]\n"
            "%s: an MCP server, over stdio (newline-delimited JSON-RPC on stdin and stdout)\n"
            "unless --http PORT asks for Streamable HTTP on ADDRESS (127.0.0.1) at /mcp; PORT 0\n"
            "takes any free port, which the log line 'listening on URL' on stderr names.\n"
            "--tls-cert FILE --tls-key FILE: HTTPS only (TLS 1.2 and 1.3) with the certificate\n"
            "(PEM, then its chain's intermediates) and private key (PEM, not encrypted).\n"
            "SIGINT or SIGTERM stops it.\n",
            program, server->name != NULL ? server->name : "this program");
    return status;
}

int sc_mcp_main(const sc_mcp_server *server, const struct sc_mcp_http_options *http, int argc, char **argv)
{
    const char *program = argc > 0 && argv[0] != NULL ? argv[0] : "mcp-server";
    const char *port = NULL, *address = NULL, *tls_cert = NULL, *tls_key = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0)
            return usage(server, program, stdout, 0);
        if (strcmp(a, "--version") == 0) {
            printf("%s %s\n", server->name != NULL ? server->name : program,
                   server->version != NULL ? server->version : "");
            return 0;
        }
        const char **value = strcmp(a, "--http") == 0       ? &port
                             : strcmp(a, "--address") == 0  ? &address
                             : strcmp(a, "--tls-cert") == 0 ? &tls_cert
                             : strcmp(a, "--tls-key") == 0  ? &tls_key
                                                            : NULL;
        if (value != NULL && i + 1 < argc) {
            *value = argv[++i];
            continue;
        }
        fprintf(stderr, "%s: unknown option or missing value: '%s'\n", program, a);
        return usage(server, program, stderr, 2);
    }
    if (port == NULL && (address != NULL || tls_cert != NULL || tls_key != NULL)) {
        fprintf(stderr, "%s: %s goes with --http PORT\n", program,
                address != NULL ? "--address" : tls_cert != NULL ? "--tls-cert" : "--tls-key");
        return 2;
    }
    if ((tls_cert == NULL) != (tls_key == NULL)) {
        fprintf(stderr, "%s: --tls-cert and --tls-key go together\n", program);
        return 2;
    }
    if (port == NULL)
        return sc_mcp_serve_stdio(server, stdin, stdout) == 0 ? 0 : 1;
    char *end;
    unsigned long number = strtoul(port, &end, 10);
    if (*port == '\0' || *end != '\0' || number > 65535) {
        fprintf(stderr, "%s: --http takes a port number (0 to 65535), not '%s'\n", program, port);
        return 2;
    }
#if SCHEMAC_HAVE_MCP_HTTP
    sc_mcp_http_options options;
    if (http != NULL)
        options = *http;
    else
        memset(&options, 0, sizeof options);
    options.port = (unsigned short)number;
    if (address != NULL)
        options.address = address;
    if (tls_cert != NULL) {
        options.tls_cert_file = tls_cert;
        options.tls_key_file = tls_key;
    }
    return sc_mcp_serve_http(server, &options) == 0 ? 0 : 1;
#else
    (void)http;
    fprintf(stderr, "%s: libschemac-mcp was built without the HTTP transport (libmicrohttpd)\n", program);
    return 2;
#endif
}
