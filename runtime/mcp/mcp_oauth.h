/* The OAuth 2.1 resource server of the Streamable HTTP transport
 * (sc_mcp_http_options.oauth): mcp_jwt.c verifies JWT access tokens
 * against a JWKS; mcp_oauth.c keeps the configuration, the keys (read
 * from a file, fetched over HTTPS), the Protected Resource Metadata and
 * the challenges, and decides what a request's token allows. */
#ifndef SCHEMAC_MCP_OAUTH_H
#define SCHEMAC_MCP_OAUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "mcp_internal.h"
#include "schemac/mcp_http.h"

/* ---- mcp_jwt.c ---------------------------------------------------------- */

/* The longest token looked at: a JWT access token is a few hundred bytes
 * to a few KiB (nginx's default header buffer is 8 KiB too); anything
 * longer is refused before it is decoded. libmicrohttpd itself answers 431
 * to a header line of about 15 KiB or more. */
#define SC_JWT_MAX_TOKEN 8192

typedef enum sc_jwt_alg { SC_JWT_RS256 = 1, SC_JWT_ES256, SC_JWT_EDDSA } sc_jwt_alg;

/* A set of public keys (RFC 7517), each usable with one algorithm. */
typedef struct sc_jwks sc_jwks;

/* Parses a JWK Set ({"keys": [...]}): 0 and *out, or SC_ERR_ARGUMENT with
 * err saying why (not JSON, no keys array, no usable key) or SC_ERR_NOMEM.
 * Keys that cannot verify one of the three algorithms (oct, RSA under
 * 2048 bits, other curves, use other than sig, an alg other than their
 * own) are skipped; *skipped counts them (may be NULL). */
int sc_jwks_parse(const char *json, size_t len, sc_jwks **out, size_t *skipped, sc_error *err);
void sc_jwks_free(sc_jwks *keys);
size_t sc_jwks_count(const sc_jwks *keys);

/* A JWT split and decoded, its signature not yet checked. */
typedef struct sc_jwt {
    cJSON *header, *claims; /* owned */
    sc_jwt_alg alg;
    const char *kid;         /* in header, or NULL */
    const char *signed_part; /* header.payload, in the token */
    size_t signed_len;
    unsigned char *signature; /* decoded (malloc) */
    size_t signature_len;
} sc_jwt;

typedef enum sc_jwt_result {
    SC_JWT_OK = 0,
    SC_JWT_MALFORMED,   /* not a JWS compact serialization, not JSON, too long */
    SC_JWT_BAD_ALG,     /* none, HS*, anything but RS256, ES256, EdDSA; crit */
    SC_JWT_UNKNOWN_KEY, /* no key of that kid (or, without kid, of that alg) */
    SC_JWT_BAD_SIGNATURE,
    SC_JWT_BAD_CLAIMS, /* iss, aud, exp, nbf */
    SC_JWT_NO_KEYS,    /* none could be had (the issuer unreachable): not the token's fault */
    SC_JWT_NOMEM,
} sc_jwt_result;

/* Whether token has the shape of a JWS (three base64url parts). */
bool sc_jwt_shaped(const char *token);

/* Splits and decodes token (NUL-terminated, at most SC_JWT_MAX_TOKEN
 * bytes); *why says what is wrong. sc_jwt_free after any result. */
sc_jwt_result sc_jwt_decode(const char *token, sc_jwt *jwt, const char **why);
void sc_jwt_free(sc_jwt *jwt);

/* Checks the signature with the key of the JWT's kid in keys (without a
 * kid, each key of its algorithm), which must be of the header's alg. */
sc_jwt_result sc_jwt_verify(const sc_jwt *jwt, const sc_jwks *keys, const char **why);

/* What the claims must say. */
typedef struct sc_jwt_expect {
    const char *const *issuers; /* iss: one of them exactly */
    size_t issuer_count;
    const char *audience; /* aud (a string or an array): names it */
    unsigned skew;        /* seconds exp and nbf may be off */
} sc_jwt_expect;

/* Checks iss, aud, exp (required) and nbf (when present) at time now. */
sc_jwt_result sc_jwt_check_claims(const cJSON *claims, const sc_jwt_expect *expect, time_t now,
                                  const char **why);

/* ---- mcp_oauth.c -------------------------------------------------------- */

typedef struct sc_oauth sc_oauth;

/* A fetch of an issuer's keys (its metadata, then its JWKS) takes at most
 * this long in all. */
#define SC_OAUTH_FETCH_SECONDS 5

/* Reads and checks the options (the resource URI, issuers, the JWKS file)
 * for a server whose endpoint is path, and starts a thread per issuer
 * whose keys are fetched: 0 and *out, or SC_ERR_ARGUMENT with a message
 * naming what is wrong, or SC_ERR_NOMEM. on_fetched(ctx) is called on
 * such a thread, no lock of sc_oauth's held, each time a fetch ends
 * (with keys or without): requests that got SC_OAUTH_PENDING may then
 * be checked again. */
int sc_oauth_create(const sc_mcp_server *server, const sc_mcp_oauth_options *options,
                    const char *path, void (*on_fetched)(void *ctx), void *on_fetched_ctx,
                    sc_oauth **out, sc_error *err);
/* Stops the fetch threads (a transfer is cut short) and frees oauth. */
void sc_oauth_free(sc_oauth *oauth);

/* Whether url (a request's path) is one of the metadata's: the root
 * well-known URI, or it followed by the endpoint's path. */
bool sc_oauth_is_metadata(const sc_oauth *oauth, const char *url);
/* The Protected Resource Metadata document (JSON). */
const char *sc_oauth_metadata(const sc_oauth *oauth, size_t *len);

/* The outcome of a request's credentials. */
typedef enum sc_oauth_status {
    SC_OAUTH_ALLOWED,   /* principal set */
    SC_OAUTH_NO_TOKEN,  /* 401 with the metadata and scope */
    SC_OAUTH_INVALID,   /* 401 invalid_token */
    SC_OAUTH_MALFORMED, /* 400 invalid_request (a token in the query, a bad Authorization header) */
    SC_OAUTH_UNAVAILABLE, /* 503: the issuer's keys could not be had (the token may be good) */
    SC_OAUTH_PENDING,     /* the keys it needs are being fetched: check again after on_fetched */
    SC_OAUTH_NOMEM,
} sc_oauth_status;

/* The principal of a verified token, in one malloc block with its strings
 * (claims owned). */
typedef struct sc_oauth_principal {
    sc_mcp_principal principal;
    cJSON *claims;
} sc_oauth_principal;
void sc_oauth_principal_free(void *principal);

/* Checks the value of the Authorization header (NULL: none) and whether
 * the query had an access_token: SC_OAUTH_ALLOWED with *principal, or why
 * not (*why: a short ASCII text without quotes, for error_description).
 * Never waits for the network: SC_OAUTH_PENDING instead. */
sc_oauth_status sc_oauth_check(sc_oauth *oauth, const char *authorization, bool token_in_query,
                               sc_oauth_principal **principal, const char **why);

/* Seconds a client should wait before retrying after SC_OAUTH_UNAVAILABLE. */
unsigned sc_oauth_retry_after(const sc_oauth *oauth);

/* The WWW-Authenticate value answering status (SC_OAUTH_NO_TOKEN,
 * SC_OAUTH_INVALID, SC_OAUTH_MALFORMED), or, with scopes, the
 * insufficient_scope one naming them; in buf. */
const char *sc_oauth_challenge(const sc_oauth *oauth, sc_oauth_status status, const char *why,
                               const char *scopes, char *buf, size_t size);

/* The scopes the requests of a message (a JSON-RPC message or a batch)
 * need that principal was not granted: tools/call, prompts/get,
 * resources/read and resources/subscribe, completion/complete and
 * subscriptions/listen of whatever declares scopes. NULL when nothing is
 * missing; else a space-separated list of every scope those requests
 * need, in arena. A message that is not JSON needs nothing here (the
 * core answers it). */
const char *sc_oauth_missing_scopes(const sc_oauth *oauth, const sc_mcp_principal *principal,
                                    sc_arena *arena, const char *body, size_t len);

/* Whether principal is the one of owner: owner is what sc_oauth_owner
 * wrote for the principal that opened a session, a hash of (issuer,
 * kind, value), kind the subject (sub) or, in a token without sub, the
 * client (client_id or azp); each part length-prefixed. */
#define SC_OAUTH_OWNER_LEN 32
void sc_oauth_owner(const sc_mcp_principal *principal, unsigned char owner[SC_OAUTH_OWNER_LEN]);

#endif /* SCHEMAC_MCP_OAUTH_H */
