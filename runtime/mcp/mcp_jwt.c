/* JWT access tokens (RFC 7519, RFC 9068) in the JWS compact serialization
 * (RFC 7515), verified with the public keys of a JWK Set (RFC 7517).
 *
 * Why by hand on GnuTLS rather than a JOSE library (docs/deploy.md has the
 * comparison): none of Debian 12's three (libjwt 1.10.2, latchset jose 11,
 * cjose 0.6.2) verifies EdDSA, which the MCP authorization servers of
 * today issue, and each brings OpenSSL and jansson beside the GnuTLS and
 * cJSON this library already links. What is left to write is small: split
 * three base64url parts, parse two JSON objects, turn a JWK's numbers into
 * a GnuTLS public key. The signatures themselves are GnuTLS's
 * (gnutls_pubkey_verify_data2), the TLS library libmicrohttpd links.
 *
 * Hostile input: the token is bounded (SC_JWT_MAX_TOKEN) before anything
 * is decoded; only the base64url alphabet is taken; the header's alg must
 * be one of three and must be the key's own (no "none", no HMAC: a key
 * is never a shared secret, so the RS256-key-as-HS256-secret confusion has
 * nothing to act on); a header with crit is refused (no extension is
 * understood). Every part of a token must be canonical base64url (no
 * padding, the unused bits of its last character zero) and no JSON object
 * in it may name a member twice: a token has one accepted spelling, and
 * no parser of another service reads a different claim than this one
 * (RFC 7515 section 4, RFC 7519 section 4). */
#define _GNU_SOURCE /* strdup, strnlen */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <nettle/base64.h>

#include "mcp_oauth.h"

struct sc_jwk {
    char *kid; /* or NULL */
    sc_jwt_alg alg;
    gnutls_pubkey_t key;
};

struct sc_jwks {
    size_t count;
    struct sc_jwk keys[];
};

/* ---- base64url ---------------------------------------------------------- */

static bool base64url_text(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '_';
        if (!ok)
            return false;
    }
    return len % 4 != 1; /* a length no encoding has */
}

/* Whether the last character of base64url text encodes nothing in the
 * bits past the last byte (RFC 4648 section 3.5): else "...A" and "...B"
 * would decode alike, two spellings of one token. */
static bool base64url_canonical(const char *s, size_t len)
{
    if (len % 4 == 0)
        return true;
    unsigned char c = (unsigned char)s[len - 1];
    unsigned v = c >= 'A' && c <= 'Z'   ? (unsigned)(c - 'A')
                 : c >= 'a' && c <= 'z' ? (unsigned)(c - 'a' + 26)
                 : c >= '0' && c <= '9' ? (unsigned)(c - '0' + 52)
                 : c == '-'             ? 62u
                                        : 63u;
    return (v & (len % 4 == 2 ? 0x0fu : 0x03u)) == 0;
}

/* Decodes base64url text (no padding) into a new buffer with a NUL after
 * it; NULL when it is not base64url (or, with canonical, not the one
 * encoding of its bytes) or memory runs out. A JWK's members need not be
 * canonical: the issuer's key set is trusted, a token is not. */
static unsigned char *base64url_decode(const char *s, size_t len, size_t *out_len, bool canonical)
{
    if (!base64url_text(s, len) || (canonical && !base64url_canonical(s, len)))
        return NULL;
    unsigned char *out = malloc(BASE64_DECODE_LENGTH(len) + 1);
    if (out == NULL)
        return NULL;
    struct base64_decode_ctx ctx;
    base64url_decode_init(&ctx);
    size_t n = BASE64_DECODE_LENGTH(len);
    /* no base64_decode_final: it wants the padding base64url leaves out
     * (the length was checked instead) */
    if (!base64_decode_update(&ctx, &n, out, len, s)) {
        free(out);
        return NULL;
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

/* Whether a JSON object, or one inside item, names a member twice. */
static bool duplicate_names(const cJSON *item)
{
    for (const cJSON *a = item->child; a != NULL; a = a->next) {
        for (const cJSON *b = a->next; cJSON_IsObject(item) && b != NULL; b = b->next)
            if (strcmp(a->string, b->string) == 0)
                return true;
        if ((cJSON_IsObject(a) || cJSON_IsArray(a)) && duplicate_names(a))
            return true;
    }
    return false;
}

/* A JSON object from canonical base64url text; NULL when it is not one,
 * or names a member twice (cJSON keeps both and finds the first: another
 * parser may take the last). */
static cJSON *decode_object(const char *s, size_t len)
{
    size_t n;
    unsigned char *text = base64url_decode(s, len, &n, true);
    if (text == NULL)
        return NULL;
    /* the whole text, up to the NUL base64url_decode put after it (a NUL
     * inside would end it early) */
    cJSON *tree = strlen((const char *)text) == n
                      ? cJSON_ParseWithLengthOpts((const char *)text, n + 1, NULL, true)
                      : NULL;
    free(text);
    if (tree != NULL && (!cJSON_IsObject(tree) || duplicate_names(tree))) {
        cJSON_Delete(tree);
        return NULL;
    }
    return tree;
}

/* ---- keys --------------------------------------------------------------- */

static const char *member(const cJSON *object, const char *name)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(object, name));
}

/* A key member's bytes (base64url); false when absent or not base64url. */
static bool key_bytes(const cJSON *jwk, const char *name, gnutls_datum_t *out)
{
    const char *text = member(jwk, name);
    size_t len;
    unsigned char *bytes = text != NULL ? base64url_decode(text, strlen(text), &len, false) : NULL;
    if (bytes == NULL || len == 0 || len > 1024) { /* RSA 8192 is 1024 bytes */
        free(bytes);
        return false;
    }
    out->data = bytes;
    out->size = (unsigned)len;
    return true;
}

static sc_jwt_alg alg_of(const char *name)
{
    if (name == NULL)
        return 0;
    if (strcmp(name, "RS256") == 0)
        return SC_JWT_RS256;
    if (strcmp(name, "ES256") == 0)
        return SC_JWT_ES256;
    if (strcmp(name, "EdDSA") == 0)
        return SC_JWT_EDDSA;
    return 0;
}

/* The public key of one JWK and the algorithm it verifies; false when it
 * is not one this verifier uses. */
static bool import_key(const cJSON *jwk, gnutls_pubkey_t key, sc_jwt_alg *alg)
{
    const char *kty = member(jwk, "kty"), *crv = member(jwk, "crv"), *use = member(jwk, "use");
    if (kty == NULL || (use != NULL && strcmp(use, "sig") != 0))
        return false;
    gnutls_datum_t a = {NULL, 0}, b = {NULL, 0};
    int rc = -1;
    if (strcmp(kty, "RSA") == 0 && key_bytes(jwk, "n", &a) && key_bytes(jwk, "e", &b)) {
        *alg = SC_JWT_RS256;
        unsigned bits = 0;
        rc = gnutls_pubkey_import_rsa_raw(key, &a, &b);
        if (rc == 0 && (gnutls_pubkey_get_pk_algorithm(key, &bits) != GNUTLS_PK_RSA || bits < 2048))
            rc = -1; /* RFC 7518 3.3: 2048 bits or more */
    } else if (strcmp(kty, "EC") == 0 && crv != NULL && strcmp(crv, "P-256") == 0 &&
               key_bytes(jwk, "x", &a) && key_bytes(jwk, "y", &b) && a.size == 32 && b.size == 32) {
        *alg = SC_JWT_ES256;
        rc = gnutls_pubkey_import_ecc_raw(key, GNUTLS_ECC_CURVE_SECP256R1, &a, &b);
    } else if (strcmp(kty, "OKP") == 0 && crv != NULL && strcmp(crv, "Ed25519") == 0 &&
               key_bytes(jwk, "x", &a) && a.size == 32) {
        *alg = SC_JWT_EDDSA;
        rc = gnutls_pubkey_import_ecc_raw(key, GNUTLS_ECC_CURVE_ED25519, &a, NULL);
    }
    free(a.data);
    free(b.data);
    const char *named =
        member(jwk, "alg"); /* a key that names another algorithm is not for this one */
    return rc == 0 && (named == NULL || alg_of(named) == *alg);
}

void sc_jwks_free(sc_jwks *keys)
{
    if (keys == NULL)
        return;
    for (size_t i = 0; i < keys->count; i++) {
        free(keys->keys[i].kid);
        gnutls_pubkey_deinit(keys->keys[i].key);
    }
    free(keys);
}

size_t sc_jwks_count(const sc_jwks *keys)
{
    return keys != NULL ? keys->count : 0;
}

#define MAX_KEYS 64 /* more than any issuer publishes at once */

int sc_jwks_parse(const char *json, size_t len, sc_jwks **out, size_t *skipped, sc_error *err)
{
    *out = NULL;
    if (skipped != NULL)
        *skipped = 0;
    cJSON *tree = cJSON_ParseWithLength(json, len);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(tree, "keys");
    if (!cJSON_IsArray(list)) {
        cJSON_Delete(tree);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "not a JWK Set (a JSON object with a keys array)");
    }
    int n = cJSON_GetArraySize(list);
    size_t cap = n < MAX_KEYS ? (size_t)n : MAX_KEYS;
    sc_jwks *keys = calloc(1, sizeof *keys + cap * sizeof keys->keys[0]);
    if (keys == NULL) {
        cJSON_Delete(tree);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    const cJSON *jwk;
    cJSON_ArrayForEach(jwk, list)
    {
        struct sc_jwk *k = &keys->keys[keys->count];
        const char *kid = member(jwk, "kid");
        if (keys->count == cap || gnutls_pubkey_init(&k->key) != 0) {
            if (skipped != NULL)
                ++*skipped;
            continue;
        }
        if (!import_key(jwk, k->key, &k->alg) || (kid != NULL && (k->kid = strdup(kid)) == NULL)) {
            gnutls_pubkey_deinit(k->key);
            if (skipped != NULL)
                ++*skipped;
            continue;
        }
        keys->count++;
    }
    cJSON_Delete(tree);
    if (keys->count == 0) {
        sc_jwks_free(keys);
        return sc_fail(
            err, SC_ERR_ARGUMENT, NULL,
            "no usable key (RSA of 2048 bits or more, EC P-256 or OKP Ed25519, for signatures)");
    }
    *out = keys;
    return 0;
}

/* ---- tokens ------------------------------------------------------------- */

bool sc_jwt_shaped(const char *token)
{
    size_t len = strnlen(token, SC_JWT_MAX_TOKEN + 1);
    const char *dot1 = memchr(token, '.', len);
    const char *dot2 =
        dot1 != NULL ? memchr(dot1 + 1, '.', len - (size_t)(dot1 + 1 - token)) : NULL;
    return dot2 != NULL && memchr(dot2 + 1, '.', len - (size_t)(dot2 + 1 - token)) == NULL;
}

void sc_jwt_free(sc_jwt *jwt)
{
    cJSON_Delete(jwt->header);
    cJSON_Delete(jwt->claims);
    free(jwt->signature);
    memset(jwt, 0, sizeof *jwt);
}

sc_jwt_result sc_jwt_decode(const char *token, sc_jwt *jwt, const char **why)
{
    memset(jwt, 0, sizeof *jwt);
    size_t len = strnlen(token, SC_JWT_MAX_TOKEN + 1);
    if (len > SC_JWT_MAX_TOKEN)
        return *why = "the token is too long", SC_JWT_MALFORMED;
    if (!sc_jwt_shaped(token))
        return *why = "the token is not a JWT", SC_JWT_MALFORMED;
    const char *dot1 = strchr(token, '.'), *dot2 = strchr(dot1 + 1, '.');
    jwt->header = decode_object(token, (size_t)(dot1 - token));
    if (jwt->header == NULL)
        return *why = "the JWT header is not a canonical base64url JSON object with unique names",
               SC_JWT_MALFORMED;
    jwt->claims = decode_object(dot1 + 1, (size_t)(dot2 - dot1 - 1));
    if (jwt->claims == NULL)
        return *why = "the JWT claims are not a canonical base64url JSON object with unique names",
               SC_JWT_MALFORMED;
    size_t signature_len = len - (size_t)(dot2 + 1 - token);
    jwt->signature = base64url_decode(dot2 + 1, signature_len, &jwt->signature_len, true);
    if (jwt->signature == NULL || jwt->signature_len == 0)
        return *why = "the JWT signature is not canonical base64url", SC_JWT_MALFORMED;
    jwt->signed_part = token;
    jwt->signed_len = (size_t)(dot2 - token);
    if (cJSON_GetObjectItemCaseSensitive(jwt->header, "crit") != NULL)
        return *why = "the JWT header has crit", SC_JWT_BAD_ALG;
    jwt->alg = alg_of(member(jwt->header, "alg"));
    if (jwt->alg == 0)
        return *why = "the JWT alg is not RS256, ES256 or EdDSA", SC_JWT_BAD_ALG;
    const cJSON *kid = cJSON_GetObjectItemCaseSensitive(jwt->header, "kid");
    if (kid != NULL && !cJSON_IsString(kid))
        return *why = "the JWT kid is not a string", SC_JWT_MALFORMED;
    jwt->kid = cJSON_GetStringValue(kid);
    return SC_JWT_OK;
}

/* Whether key's signature over the JWT is good. */
static bool signature_good(const sc_jwt *jwt, const struct sc_jwk *key)
{
    gnutls_datum_t data = {(unsigned char *)(uintptr_t)jwt->signed_part, (unsigned)jwt->signed_len};
    gnutls_datum_t signature = {jwt->signature, (unsigned)jwt->signature_len};
    if (key->alg == SC_JWT_RS256)
        return gnutls_pubkey_verify_data2(key->key, GNUTLS_SIGN_RSA_SHA256, 0, &data, &signature) >=
               0;
    if (jwt->signature_len != 64) /* ES256: r and s of 32 bytes; Ed25519: 64 bytes */
        return false;
    if (key->alg == SC_JWT_EDDSA)
        return gnutls_pubkey_verify_data2(key->key, GNUTLS_SIGN_EDDSA_ED25519, 0, &data,
                                          &signature) >= 0;
    /* A high S (n - s) verifies as well as s: ECDSA is malleable so, and
     * it is accepted. RFC 7518 section 3.4 does not ask for low S, and the
     * signers issuers use (OpenSSL, WebCrypto, Go, jose) do not normalise
     * it: refusing high S would refuse about half of their ES256 tokens.
     * So a token's string is not its identity (its jti is). */
    gnutls_datum_t r = {jwt->signature, 32}, s = {jwt->signature + 32, 32}, der = {NULL, 0};
    if (gnutls_encode_rs_value(&der, &r, &s) != 0) /* JWS has r || s, GnuTLS wants DER */
        return false;
    bool good = gnutls_pubkey_verify_data2(key->key, GNUTLS_SIGN_ECDSA_SHA256, 0, &data, &der) >= 0;
    gnutls_free(der.data);
    return good;
}

sc_jwt_result sc_jwt_verify(const sc_jwt *jwt, const sc_jwks *keys, const char **why)
{
    bool candidate = false;
    for (size_t i = 0; keys != NULL && i < keys->count; i++) {
        const struct sc_jwk *key = &keys->keys[i];
        if (jwt->kid != NULL && (key->kid == NULL || strcmp(key->kid, jwt->kid) != 0))
            continue;
        if (key->alg != jwt->alg) { /* the key decides the algorithm, not the token */
            if (jwt->kid != NULL)
                return *why = "the JWT alg is not its key's", SC_JWT_BAD_ALG;
            continue;
        }
        candidate = true;
        if (signature_good(jwt, key))
            return SC_JWT_OK;
        if (jwt->kid != NULL)
            break;
    }
    if (!candidate)
        return *why = "no key of the JWT's kid", SC_JWT_UNKNOWN_KEY;
    return *why = "the JWT signature does not verify", SC_JWT_BAD_SIGNATURE;
}

/* A NumericDate claim: false when absent; *bad when present and not a number. */
static bool numeric_date(const cJSON *claims, const char *name, double *value, bool *bad)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(claims, name);
    if (item == NULL)
        return false;
    if (!cJSON_IsNumber(item)) {
        *bad = true;
        return false;
    }
    *value = item->valuedouble;
    return true;
}

static bool audience_named(const cJSON *aud, const char *audience)
{
    if (cJSON_IsString(aud))
        return strcmp(aud->valuestring, audience) == 0;
    const cJSON *item, *list = cJSON_IsArray(aud) ? aud : NULL;
    cJSON_ArrayForEach(item, list) if (cJSON_IsString(item) &&
                                       strcmp(item->valuestring, audience) == 0) return true;
    return false;
}

sc_jwt_result sc_jwt_check_claims(const cJSON *claims, const sc_jwt_expect *expect, time_t now,
                                  const char **why)
{
    const char *iss = member(claims, "iss");
    bool issuer = false;
    for (size_t i = 0; iss != NULL && i < expect->issuer_count; i++)
        issuer = issuer || strcmp(iss, expect->issuers[i]) == 0;
    if (!issuer)
        return *why = "the token's iss is not an authorization server of this resource",
               SC_JWT_BAD_CLAIMS;
    if (!audience_named(cJSON_GetObjectItemCaseSensitive(claims, "aud"), expect->audience))
        return *why = "the token's aud is not this resource", SC_JWT_BAD_CLAIMS;
    double exp = 0, nbf = 0;
    bool bad = false;
    if (!numeric_date(claims, "exp", &exp, &bad))
        return *why = "the token has no exp", SC_JWT_BAD_CLAIMS;
    if ((double)now >= exp + expect->skew)
        return *why = "the token has expired", SC_JWT_BAD_CLAIMS;
    if (numeric_date(claims, "nbf", &nbf, &bad) && (double)now + expect->skew < nbf)
        return *why = "the token is not valid yet", SC_JWT_BAD_CLAIMS;
    if (bad)
        return *why = "the token's nbf is not a number", SC_JWT_BAD_CLAIMS;
    return SC_JWT_OK;
}
