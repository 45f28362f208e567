/* HTTPS for the Streamable HTTP transport: the certificate and key files
 * of sc_mcp_http_options read once, checked with GnuTLS (the TLS library
 * libmicrohttpd itself uses, so the check is the one its start would
 * make, but with a message naming the file), and handed to libmicrohttpd
 * in memory. libmicrohttpd 0.9.75 keeps only the pointers until
 * MHD_start_daemon has loaded them into GnuTLS credentials (daemon.c,
 * MHD_init_daemon_certificate), so the key is zeroed and freed right
 * after it (sc_http_tls_free).
 *
 * Without GnuTLS at build time (SC_MCP_HTTP_TLS unset: libmicrohttpd
 * built without it) every TLS option is refused with a message. */
#define _GNU_SOURCE /* explicit_bzero */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mcp_http_internal.h"

#if SC_MCP_HTTP_TLS
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#endif

#define MAX_PEM ((size_t)1 << 20) /* a certificate chain or a key: far less */

/* Mozilla's "intermediate" configuration, as RFC 9325 recommends: TLS 1.3
 * and 1.2 only (SSL 3.0 and TLS 1.0 and 1.1 clients get a protocol version
 * alert); in TLS 1.2 only ECDHE key exchange, for forward secrecy (no static
 * RSA: RFC 9325 4.1), with AES-GCM or ChaCha20-Poly1305 (no CBC, no SHA-1
 * MAC); TLS 1.3 without its CCM suites; no SHA-1 signature (RFC 9155); and
 * the server's order of preference, not the client's. No DHE: libmicrohttpd
 * sets no Diffie-Hellman parameters, and every client of this century has
 * ECDHE. The system's GnuTLS policy still applies; tls_priorities replaces
 * the whole string. */
const char sc_http_tls_priorities[] =
    "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:"
    "-CIPHER-ALL:+AES-128-GCM:+AES-256-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD:"
    "-SIGN-RSA-SHA1:-SIGN-ECDSA-SHA1:-SIGN-DSA-SHA1:%SERVER_PRECEDENCE";

/* The file at path, whole and NUL-terminated, in *out (malloc); what
 * names the option in a message. No stdio: no buffer of it left unzeroed. */
static int read_pem(const char *what, const char *path, char **out, size_t *len, sc_error *err)
{
    *out = NULL;
    *len = 0;
    int fd;
    do
        fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "%s %.160s: %s", what, path, strerror(errno));
    struct stat st;
    const char *problem = fstat(fd, &st) != 0            ? strerror(errno)
                          : !S_ISREG(st.st_mode)         ? "not a regular file"
                          : (size_t)st.st_size > MAX_PEM ? "over 1 MiB: not PEM"
                                                         : NULL;
    if (problem != NULL) {
        close(fd);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "%s %.160s: %s", what, path, problem);
    }
    size_t cap = (size_t)st.st_size, n = 0;
    char *buf = malloc(cap + 1);
    if (buf == NULL) {
        close(fd);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    while (n < cap) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) { /* an error, or shorter than it was */
            int errnum = got < 0 ? errno : 0;
            close(fd);
            explicit_bzero(buf, n);
            free(buf);
            return sc_fail(err, SC_ERR_ARGUMENT, NULL, "%s %.160s: %s", what, path,
                           errnum != 0 ? strerror(errnum) : "changed while read");
        }
        n += (size_t)got;
    }
    close(fd);
    buf[n] = '\0';
    if (n == 0 || strlen(buf) != n) { /* empty, or DER: GnuTLS takes PEM text here */
        explicit_bzero(buf, n);
        free(buf);
        return sc_fail(
            err, SC_ERR_ARGUMENT, NULL, "%s %.160s: %s", what, path,
            n == 0 ? "empty" : "not PEM (binary; DER must be converted: openssl x509 -inform der)");
    }
    *out = buf;
    *len = n;
    return 0;
}

void sc_http_tls_free(sc_http_tls *tls)
{
    if (tls->key != NULL) {
        explicit_bzero(tls->key, tls->key_len);
        free(tls->key);
    }
    free(tls->cert);
    memset(tls, 0, sizeof *tls);
}

#if SC_MCP_HTTP_TLS

/* The certificate chain of tls->cert: PEM, the server's first, each
 * issued by the next; logs a warning when the server's is not valid now. */
static int check_cert(const sc_mcp_server *server, const sc_mcp_http_options *o,
                      const sc_http_tls *tls, sc_error *err)
{
    gnutls_datum_t data = {(unsigned char *)tls->cert, (unsigned)tls->cert_len};
    gnutls_x509_crt_t *certs = NULL;
    unsigned count = 0;
    int rc = gnutls_x509_crt_list_import2(&certs, &count, &data, GNUTLS_X509_FMT_PEM,
                                          GNUTLS_X509_CRT_LIST_FAIL_IF_UNSORTED);
    if (rc < 0 || count == 0)
        return sc_fail(
            err, SC_ERR_ARGUMENT, NULL, "tls_cert_file %.160s: %s", o->tls_cert_file,
            rc == GNUTLS_E_CERTIFICATE_LIST_UNSORTED
                ? "the chain is out of order (the server's certificate first, then each issuer)"
            : rc == GNUTLS_E_NO_CERTIFICATE_FOUND || rc == GNUTLS_E_BASE64_DECODING_ERROR ||
                    rc == GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE || count == 0
                ? "no PEM certificate (-----BEGIN CERTIFICATE-----)"
                : gnutls_strerror(rc));
    time_t now = time(NULL), not_after = gnutls_x509_crt_get_expiration_time(certs[0]),
           not_before = gnutls_x509_crt_get_activation_time(certs[0]);
    if (not_after != (time_t)-1 && not_after < now)
        sc_mcp_log(server,
                   "http: warning: the certificate of tls_cert_file %.160s expired %lld days ago",
                   o->tls_cert_file, (long long)(now - not_after) / 86400);
    else if (not_before != (time_t)-1 && not_before > now)
        sc_mcp_log(
            server,
            "http: warning: the certificate of tls_cert_file %.160s is not valid before %lld s from now",
            o->tls_cert_file, (long long)(not_before - now));
    for (unsigned i = 0; i < count; i++)
        gnutls_x509_crt_deinit(certs[i]);
    gnutls_free(certs);
    return 0;
}

/* The key of tls->key: PEM, decrypted with the password when there is one. */
static int check_key(const sc_mcp_http_options *o, const sc_http_tls *tls, sc_error *err)
{
    gnutls_datum_t data = {(unsigned char *)tls->key, (unsigned)tls->key_len};
    gnutls_x509_privkey_t key;
    if (gnutls_x509_privkey_init(&key) < 0)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    int rc = gnutls_x509_privkey_import2(key, &data, GNUTLS_X509_FMT_PEM, o->tls_key_password, 0);
    gnutls_x509_privkey_deinit(key);
    if (rc >= 0)
        return 0;
    bool encrypted = strstr(tls->key, "ENCRYPTED") != NULL;
    return sc_fail(err, SC_ERR_ARGUMENT, NULL, "tls_key_file %.160s: %s", o->tls_key_file,
                   encrypted && o->tls_key_password == NULL
                       ? "an encrypted key, and no tls_key_password"
                   : encrypted || rc == GNUTLS_E_DECRYPTION_FAILED
                       ? "cannot decrypt the key with tls_key_password"
                       : "no PEM private key (-----BEGIN PRIVATE KEY-----, RSA, or EC)");
}

/* That the key is the certificate's, as libmicrohttpd will load them. */
static int check_pair(const sc_mcp_http_options *o, const sc_http_tls *tls, sc_error *err)
{
    gnutls_certificate_credentials_t credentials;
    if (gnutls_certificate_allocate_credentials(&credentials) < 0)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    gnutls_datum_t cert = {(unsigned char *)tls->cert, (unsigned)tls->cert_len},
                   key = {(unsigned char *)tls->key, (unsigned)tls->key_len};
    int rc = gnutls_certificate_set_x509_key_mem2(credentials, &cert, &key, GNUTLS_X509_FMT_PEM,
                                                  o->tls_key_password, 0);
    gnutls_certificate_free_credentials(credentials);
    if (rc >= 0)
        return 0;
    if (rc == GNUTLS_E_CERTIFICATE_KEY_MISMATCH)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "tls_key_file %.120s is not the key of the certificate in %.120s",
                       o->tls_key_file, o->tls_cert_file);
    return sc_fail(err, SC_ERR_ARGUMENT, NULL, "tls_cert_file %.100s with tls_key_file %.100s: %s",
                   o->tls_cert_file, o->tls_key_file, gnutls_strerror(rc));
}

/* ---- the bytes a client may send before its handshake completes ------- */

/* GnuTLS checks the size of a handshake message only once the message is
 * whole, and keeps what arrives of it until then: a ClientHello announcing
 * 16 MiB that never ends would hold that much until the request deadline.
 * So the socket is read through a pull function of ours, which counts what
 * the client sends until its Finished message has been read, and fails
 * the read past SC_HTTP_TLS_HANDSHAKE_MAX (a real ClientHello is a few KB;
 * one of 60 KB, with many ALPN names or a large session ticket, passes).
 * libmicrohttpd 0.9.75 gives its sessions the socket itself
 * (gnutls_transport_set_int) and no pull function, so one set here before
 * the first read replaces only the reading side. */
static ssize_t guarded_pull(gnutls_transport_ptr_t ptr, void *buf, size_t size)
{
    sc_http_tls_guard *g = ptr;
    if (!g->done) {
        size_t left = SC_HTTP_TLS_HANDSHAKE_MAX - g->received;
        if (left == 0) {
            if (!g->refused)
                sc_mcp_log(g->server,
                           "http: a TLS handshake over %zu bytes, not finished: connection closed",
                           g->received);
            g->refused = true;
            errno = ECONNRESET;
            return -1;
        }
        if (size > left)
            size = left;
    }
    ssize_t n = recv(g->fd, buf, size, 0);
    if (n > 0 && !g->done)
        g->received += (size_t)n;
    return n;
}

/* GnuTLS waits for data through this one when it has a timeout to keep. */
static int guarded_pull_timeout(gnutls_transport_ptr_t ptr, unsigned ms)
{
    const sc_http_tls_guard *g = ptr;
    struct pollfd p = {g->fd, POLLIN, 0};
    return poll(&p, 1, ms == GNUTLS_INDEFINITE_TIMEOUT ? -1 : (int)ms);
}

/* The client's Finished has been read: the handshake is over. */
static int handshake_finished(gnutls_session_t session, unsigned type, unsigned when,
                              unsigned incoming, const gnutls_datum_t *message)
{
    (void)type, (void)when, (void)message;
    if (incoming) {
        sc_http_tls_guard *g = gnutls_transport_get_ptr(session);
        g->done = true;
    }
    return 0;
}

void sc_http_tls_guard_start(sc_http_tls_guard *g, const sc_mcp_server *server,
                             struct MHD_Connection *c, int fd)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    if (info == NULL || info->tls_session == NULL)
        return;
    gnutls_session_t session = info->tls_session;
    *g = (sc_http_tls_guard){.server = server, .fd = fd};
    gnutls_transport_set_ptr2(session, g, (gnutls_transport_ptr_t)(intptr_t)fd);
    gnutls_transport_set_pull_function(session, guarded_pull);
    gnutls_transport_set_pull_timeout_function(session, guarded_pull_timeout);
    gnutls_handshake_set_hook_function(session, GNUTLS_HANDSHAKE_FINISHED, GNUTLS_HOOK_POST,
                                       handshake_finished);
}

/* That GnuTLS reads priorities, named where it stops: libmicrohttpd would
 * only fail to start. */
static int check_priorities(const char *priorities, sc_error *err)
{
    gnutls_priority_t parsed;
    const char *at = NULL;
    int rc = gnutls_priority_init(&parsed, priorities, &at);
    if (rc < 0)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "tls_priorities: GnuTLS stops at '%.60s' (%s)",
                       at != NULL ? at : priorities, gnutls_strerror(rc));
    gnutls_priority_deinit(parsed);
    return 0;
}

#else

void sc_http_tls_guard_start(sc_http_tls_guard *g, const sc_mcp_server *server,
                             struct MHD_Connection *c, int fd)
{
    (void)g, (void)server, (void)c, (void)fd;
}

#endif /* SC_MCP_HTTP_TLS */

int sc_http_tls_load(const sc_mcp_server *server, const sc_mcp_http_options *o, sc_http_tls *tls,
                     sc_error *err)
{
    memset(tls, 0, sizeof *tls);
    if (o->tls_cert_file == NULL && o->tls_key_file == NULL)
        return o->tls_key_password == NULL && o->tls_priorities == NULL
                   ? 0
                   : sc_fail(err, SC_ERR_ARGUMENT, NULL,
                             "%s without tls_cert_file and tls_key_file",
                             o->tls_key_password != NULL ? "tls_key_password" : "tls_priorities");
    if (o->tls_cert_file == NULL || o->tls_key_file == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "tls_cert_file and tls_key_file go together: %s is missing",
                       o->tls_cert_file == NULL ? "tls_cert_file" : "tls_key_file");
#if SC_MCP_HTTP_TLS
    if (MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES ||
        (o->tls_key_password != NULL &&
         MHD_is_feature_supported(MHD_FEATURE_HTTPS_KEY_PASSWORD) != MHD_YES))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "this libmicrohttpd was built without TLS%s",
                       o->tls_key_password != NULL ? " or without key passwords" : "");
    int rc = read_pem("tls_cert_file", o->tls_cert_file, &tls->cert, &tls->cert_len, err);
    if (rc == 0)
        rc = read_pem("tls_key_file", o->tls_key_file, &tls->key, &tls->key_len, err);
    if (rc == 0)
        rc = check_cert(server, o, tls, err);
    if (rc == 0)
        rc = check_key(o, tls, err);
    if (rc == 0)
        rc = check_pair(o, tls, err);
    if (rc == 0 && o->tls_priorities != NULL)
        rc = check_priorities(o->tls_priorities, err);
    if (rc != 0)
        sc_http_tls_free(tls);
    return rc;
#else
    (void)server;
    (void)read_pem;
    return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                   "libschemac-mcp was built without GnuTLS: no TLS (tls_cert_file)");
#endif
}
