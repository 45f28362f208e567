/* sc_mcp_main: the command line every MCP server has (stdio by default,
 * --http PORT for Streamable HTTP, --tls-cert and --tls-key for HTTPS,
 * --allowed-host, the connection limits and timeouts, --tls-priorities,
 * --state-key-file for replicas, --version, --help; sc_mcp_main_bus for a
 * bus library's main), so that a server's main is its description and one
 * call. Not part of the sources the libFuzzer target compiles in (it
 * reaches the HTTP transport). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_internal.h"
#include "schemac/mcp_bus.h"
#include "schemac/config.h"
#if SCHEMAC_HAVE_MCP_HTTP
#include "schemac/mcp_http.h"
#endif

static int usage(const sc_mcp_server *server, const char *program, FILE *out, int status)
{
    fprintf(
        out,
        "usage: %s [--http PORT [--address ADDRESS] [--tls-cert FILE --tls-key FILE]]\n"
        "       [--allowed-host NAME]... [--max-connections N] [--max-connections-per-ip N]\n"
        "       [--request-timeout SECONDS] [--idle-timeout SECONDS] [--tls-priorities STRING]\n"
        "       [--oauth-resource URI --oauth-issuer URL ...] [--state-key-file FILE] [--access-log]\n"
        "       [--version] [--help]\n"
        "%s: an MCP server, over stdio (newline-delimited JSON-RPC on stdin and stdout)\n"
        "unless --http PORT asks for Streamable HTTP on ADDRESS (127.0.0.1) at /mcp; PORT 0\n"
        "takes any free port, which the log line 'listening on URL' on stderr names.\n"
        "--tls-cert FILE --tls-key FILE: HTTPS only (TLS 1.2 and 1.3) with the certificate\n"
        "(PEM, then its chain's intermediates) and private key (PEM, not encrypted).\n"
        "--allowed-host NAME: a Host taken (without port; again for another): behind a proxy\n"
        "that passes the client's Host on, the public name (else a loopback bind takes only\n"
        "localhost, 127.0.0.1 and [::1]).\n"
        "--max-connections N: connections at once (16384; more wait in the kernel's queue).\n"
        "--max-connections-per-ip N: connections from one address (half of --max-connections\n"
        "by default); behind a proxy every connection is the proxy's.\n"
        "--request-timeout SECONDS: a request's headers and body (a TLS handshake too) are in\n"
        "within it of the connection's opening or previous answer, or it is closed (10).\n"
        "--idle-timeout SECONDS: a connection with no traffic is closed after it (30; the\n"
        "request timeout closes one that waits for its next request sooner).\n"
        "--tls-priorities STRING: GnuTLS's priority string instead of Mozilla's intermediate\n"
        "set (docs/deploy.md).\n"
        "--state-key-file FILE: the key of requestState (its bytes as they are, 32 to 1024),\n"
        "which every replica behind one load balancer shares.\n"
        "--access-log: one line on stderr for every request (method, tool, prompt or resource,\n"
        "status, milliseconds, OAuth subject and client, trace id).\n"
        "--oauth-resource URI --oauth-issuer URL [--oauth-jwks FILE | --oauth-jwks-uri URL]\n"
        "[--oauth-scope SCOPE]... [--oauth-ca FILE]: an OAuth 2.1 resource server (docs/deploy.md):\n"
        "every request needs an access token (a JWT) issued by URL (--oauth-issuer again for\n"
        "another) for URI, this server's canonical URL (https://HOST/mcp); its keys from FILE\n"
        "(a JWK Set), from URL, or else from the issuer's metadata; --oauth-ca: the CA\n"
        "certificates (PEM) trusted when fetching them.\n"
        "SIGINT or SIGTERM stops it.\n",
        program, server->name != NULL ? server->name : "this program");
    return status;
}

/* The state key of FILE into key, its bytes as they are (a newline
 * stripped would turn one random key in 256 into a short one): its
 * length, or 0 after a message. */
#define MAX_STATE_KEY 1024
static size_t read_state_key(const char *program, const char *file,
                             unsigned char key[MAX_STATE_KEY + 2])
{
    FILE *in = fopen(file, "rb");
    if (in == NULL) {
        fprintf(stderr, "%s: --state-key-file: cannot open '%s'\n", program, file);
        return 0;
    }
    size_t len = fread(key, 1, MAX_STATE_KEY + 1, in);
    bool failed = ferror(in) != 0;
    fclose(in);
    if (failed || len < 32 || len > MAX_STATE_KEY) {
        fprintf(
            stderr,
            "%s: --state-key-file: '%s' %s (a key of 32 to %d bytes, read as they are: head -c 32 "
            "/dev/urandom > FILE, or openssl rand -hex 32 > FILE)\n",
            program, file,
            failed     ? "cannot be read"
            : len < 32 ? "is too short"
                       : "is too long",
            MAX_STATE_KEY);
        return 0;
    }
    return len;
}

static int main_with(const sc_mcp_server *server, const struct sc_mcp_http_options *http, int argc,
                     char **argv);

int sc_mcp_main(const sc_mcp_server *server, const struct sc_mcp_http_options *http, int argc,
                char **argv)
{
    return sc_mcp_main_bus(server, server->bus, http, argc, argv);
}

/* --state-key-file and --access-log taken out of argv; a copy of server
 * served when its bus, key or access log are not its own. */
int sc_mcp_main_bus(const sc_mcp_server *server, sc_mcp_bus *bus,
                    const struct sc_mcp_http_options *http, int argc, char **argv)
{
    const char *program = argc > 0 && argv[0] != NULL ? argv[0] : "mcp-server";
    const char *key_file = NULL;
    bool access_log = false;
    int kept = argc > 0 ? 1 : 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--access-log") == 0) {
            access_log = true;
            continue;
        }
        if (strcmp(argv[i], "--state-key-file") != 0) {
            argv[kept++] = argv[i];
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "%s: --state-key-file needs a FILE\n", program);
            return usage(server, program, stderr, 2);
        }
        key_file = argv[++i];
    }
    if (kept < argc)
        argv[kept] = NULL;
    if (key_file == NULL && bus == server->bus && (!access_log || server->access_log))
        return main_with(server, http, kept, argv);
    sc_mcp_server copy = *server;
    copy.bus = bus;
    copy.access_log = server->access_log || access_log;
    if (access_log && copy.log == NULL) {
        copy.log = sc_mcp_log_stderr;
        copy.log_ctx = (void *)(uintptr_t)server->name;
    }
    unsigned char key[MAX_STATE_KEY + 2];
    if (key_file != NULL) {
        copy.state_key_len = read_state_key(program, key_file, key);
        if (copy.state_key_len == 0)
            return 2;
        copy.state_key = key;
    }
    sc_mcp_server_alias(server, &copy);
    int status = main_with(&copy, http, kept, argv);
    sc_mcp_server_alias(server, NULL);
    volatile unsigned char *wipe = key;
    for (size_t i = 0; i < sizeof key; i++)
        wipe[i] = 0;
    return status;
}

/* The numbers of sc_mcp_http_options the command line sets: option, field,
 * the largest value taken (1 the smallest: 0 is the field's default). */
#define NUMBER_OPTIONS(X)                                                                          \
    X("--max-connections", max_connections, 1000000)                                               \
    X("--max-connections-per-ip", max_connections_per_ip, 1000000)                                 \
    X("--request-timeout", request_timeout_seconds, 86400)                                         \
    X("--idle-timeout", timeout_seconds, 86400)
#define NUMBER_NAME(name, field, max) name,
#define NUMBER_MAX(name, field, max) max,
static const char *const number_names[] = {NUMBER_OPTIONS(NUMBER_NAME)};
static const unsigned long number_max[] = {NUMBER_OPTIONS(NUMBER_MAX)};
enum { NUMBER_COUNT = sizeof number_names / sizeof number_names[0] };

/* The option a named, as an index of number_names, or -1. */
static int number_option(const char *a)
{
    for (int i = 0; i < NUMBER_COUNT; i++)
        if (strcmp(a, number_names[i]) == 0)
            return i;
    return -1;
}

static int main_with(const sc_mcp_server *server, const struct sc_mcp_http_options *http, int argc,
                     char **argv)
{
    const char *program = argc > 0 && argv[0] != NULL ? argv[0] : "mcp-server";
    const char *port = NULL, *address = NULL, *tls_cert = NULL, *tls_key = NULL,
               *tls_priorities = NULL, *numbers[NUMBER_COUNT] = {NULL}, *number_given = NULL;
    const char *oauth_resource = NULL, *oauth_jwks = NULL, *oauth_jwks_uri = NULL, *oauth_ca = NULL;
    enum { MAX_LISTED = 16 }; /* --oauth-issuer, --oauth-scope and --allowed-host, each */
    const char *issuers[MAX_LISTED], *scopes[MAX_LISTED], *hosts[MAX_LISTED];
    size_t issuer_count = 0, scope_count = 0, host_count = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0)
            return usage(server, program, stdout, 0);
        if (strcmp(a, "--version") == 0) {
            printf("%s %s\n", server->name != NULL ? server->name : program,
                   server->version != NULL ? server->version : "");
            return 0;
        }
        int number = number_option(a);
        if (number >= 0)
            number_given = a;
        const char **value =
            number >= 0                          ? &numbers[number]
            : strcmp(a, "--http") == 0           ? &port
            : strcmp(a, "--address") == 0        ? &address
            : strcmp(a, "--tls-cert") == 0       ? &tls_cert
            : strcmp(a, "--tls-key") == 0        ? &tls_key
            : strcmp(a, "--tls-priorities") == 0 ? &tls_priorities
            : strcmp(a, "--oauth-resource") == 0 ? &oauth_resource
            : strcmp(a, "--oauth-jwks") == 0     ? &oauth_jwks
            : strcmp(a, "--oauth-jwks-uri") == 0 ? &oauth_jwks_uri
            : strcmp(a, "--oauth-ca") == 0       ? &oauth_ca
            : strcmp(a, "--oauth-issuer") == 0 && issuer_count < MAX_LISTED
                ? &issuers[issuer_count++]
            : strcmp(a, "--oauth-scope") == 0 && scope_count < MAX_LISTED ? &scopes[scope_count++]
            : strcmp(a, "--allowed-host") == 0 && host_count < MAX_LISTED ? &hosts[host_count++]
                                                                          : NULL;
        if (value != NULL && i + 1 < argc) {
            *value = argv[++i];
            continue;
        }
        fprintf(stderr, "%s: unknown option or missing value: '%s'\n", program, a);
        return usage(server, program, stderr, 2);
    }
    if (port == NULL &&
        (address != NULL || tls_cert != NULL || tls_key != NULL || tls_priorities != NULL ||
         oauth_resource != NULL || host_count > 0 || number_given != NULL)) {
        fprintf(stderr, "%s: %s goes with --http PORT\n", program,
                address != NULL          ? "--address"
                : tls_cert != NULL       ? "--tls-cert"
                : tls_key != NULL        ? "--tls-key"
                : tls_priorities != NULL ? "--tls-priorities"
                : oauth_resource != NULL ? "--oauth-resource"
                : host_count > 0         ? "--allowed-host"
                                         : number_given);
        return 2;
    }
    bool oauth_other = issuer_count > 0 || scope_count > 0 || oauth_jwks != NULL ||
                       oauth_jwks_uri != NULL || oauth_ca != NULL;
    if ((oauth_resource == NULL && oauth_other) || (oauth_resource != NULL && issuer_count == 0)) {
        fprintf(
            stderr,
            "%s: --oauth-resource and --oauth-issuer go together (and the other --oauth options "
            "with them)\n",
            program);
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
    unsigned long values[NUMBER_COUNT] = {0};
    for (int i = 0; i < NUMBER_COUNT; i++) {
        const char *text = numbers[i];
        if (text == NULL)
            continue;
        values[i] = strtoul(text, &end, 10);
        if (*text < '1' || *text > '9' || *end != '\0' || values[i] > number_max[i]) {
            fprintf(stderr, "%s: %s takes a number (1 to %lu), not '%s'\n", program,
                    number_names[i], number_max[i], text);
            return 2;
        }
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
    if (host_count > 0) {
        options.allowed_hosts = hosts;
        options.allowed_host_count = host_count;
    }
    if (tls_priorities != NULL)
        options.tls_priorities = tls_priorities;
#define NUMBER_FIELD(name, field, max) &options.field,
    unsigned *const fields[] = {NUMBER_OPTIONS(NUMBER_FIELD)};
    for (int i = 0; i < NUMBER_COUNT; i++)
        if (numbers[i] != NULL)
            *fields[i] = (unsigned)values[i];
    if (oauth_resource !=
        NULL) { /* the rest of options.oauth (introspect, ...) as the program set it */
        options.oauth.resource = oauth_resource;
        options.oauth.issuers = issuers;
        options.oauth.issuer_count = issuer_count;
        if (scope_count > 0) {
            options.oauth.scopes = scopes;
            options.oauth.scope_count = scope_count;
        }
        if (oauth_jwks != NULL)
            options.oauth.jwks_file = oauth_jwks;
        if (oauth_jwks_uri != NULL)
            options.oauth.jwks_uri = oauth_jwks_uri;
        if (oauth_ca != NULL)
            options.oauth.ca_file = oauth_ca;
    }
    return sc_mcp_serve_http(server, &options) == 0 ? 0 : 1;
#else
    (void)http;
    fprintf(stderr, "%s: libschemac-mcp was built without the HTTP transport (libmicrohttpd)\n",
            program);
    return 2;
#endif
}
