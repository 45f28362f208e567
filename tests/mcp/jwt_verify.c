/* The JWT verifier of the OAuth resource server (runtime/mcp/mcp_jwt.c)
 * on its own, meant to run under ASan and UBSan: keys made here with
 * GnuTLS, tokens signed here (RS256, ES256, EdDSA), then every way a
 * token can be wrong, every truncation of a good one, bytes flipped all
 * over it, tokens past the size bound, and JWK Sets that are not. None
 * may crash, leak or verify. */
#define _GNU_SOURCE /* strdup, strndup */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <nettle/base64.h>

#include "mcp_oauth.h"

static int failures, checks;

static void check(bool ok, const char *fmt, ...)
{
    checks++;
    if (ok)
        return;
    failures++;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

static char *b64url(const unsigned char *data, size_t len)
{
    char *out = malloc(BASE64_ENCODE_RAW_LENGTH(len) + 1);
    struct base64_encode_ctx ctx;
    base64url_encode_init(&ctx);
    size_t n = base64_encode_update(&ctx, out, len, data);
    n += base64_encode_final(&ctx, out + n);
    while (n > 0 && out[n - 1] == '=')
        n--;
    out[n] = '\0';
    return out;
}

static char *b64url_text(const char *s)
{
    return b64url((const unsigned char *)s, strlen(s));
}

/* Strips GnuTLS's leading zero of a positive integer. */
static char *b64url_int(gnutls_datum_t *d)
{
    size_t skip = 0;
    while (skip + 1 < d->size && d->data[skip] == 0)
        skip++;
    return b64url(d->data + skip, d->size - skip);
}

typedef struct key {
    gnutls_privkey_t priv;
    const char *alg, *kid;
    char jwk[2048];
} key;

static void make_key(key *k, gnutls_pk_algorithm_t pk, unsigned bits, const char *alg,
                     const char *kid)
{
    k->alg = alg;
    k->kid = kid;
    gnutls_privkey_init(&k->priv);
    if (gnutls_privkey_generate(k->priv, pk, bits, 0) != 0) {
        fprintf(stderr, "cannot generate a %s key\n", alg);
        exit(1);
    }
    gnutls_datum_t a = {NULL, 0}, b = {NULL, 0};
    gnutls_ecc_curve_t curve;
    if (pk == GNUTLS_PK_RSA) {
        gnutls_privkey_export_rsa_raw(k->priv, &a, &b, NULL, NULL, NULL, NULL, NULL, NULL);
        char *n = b64url_int(&a), *e = b64url_int(&b);
        snprintf(k->jwk, sizeof k->jwk,
                 "{\"kty\":\"RSA\",\"kid\":\"%s\",\"use\":\"sig\",\"n\":\"%s\",\"e\":\"%s\"}", kid,
                 n, e);
        free(n);
        free(e);
    } else if (pk == GNUTLS_PK_ECDSA) {
        gnutls_privkey_export_ecc_raw2(k->priv, &curve, &a, &b, NULL, GNUTLS_EXPORT_FLAG_NO_LZ);
        char *x = b64url(a.data, a.size), *y = b64url(b.data, b.size);
        snprintf(k->jwk, sizeof k->jwk,
                 "{\"kty\":\"EC\",\"kid\":\"%s\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\"}", kid,
                 x, y);
        free(x);
        free(y);
    } else {
        gnutls_privkey_export_ecc_raw2(k->priv, &curve, &a, NULL, NULL, 0);
        char *x = b64url(a.data, a.size);
        snprintf(k->jwk, sizeof k->jwk,
                 "{\"kty\":\"OKP\",\"kid\":\"%s\",\"crv\":\"Ed25519\",\"x\":\"%s\"}", kid, x);
        free(x);
    }
    gnutls_free(a.data);
    gnutls_free(b.data);
}

/* Sets the lowest of the unused bits of base64url text's last character
 * (the same bytes, spelled otherwise); false when it has none. */
static bool uncanonical(char *text)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    size_t len = strlen(text);
    if (len % 4 == 0)
        return false;
    text[len - 1] = alphabet[(strchr(alphabet, text[len - 1]) - alphabet) | 1];
    return true;
}

static char *sign_input(const key *k, char *input);

/* A token of header and claims (JSON texts) signed with k (NULL: the
 * signature is "c2ln"). */
static char *sign(const key *k, const char *header, const char *claims)
{
    char *h = b64url_text(header), *c = b64url_text(claims);
    size_t len = strlen(h) + strlen(c) + 2;
    char *input = malloc(len);
    snprintf(input, len, "%s.%s", h, c);
    free(h);
    free(c);
    return sign_input(k, input);
}

/* input (malloc, "header.claims" in base64url, taken over) followed by
 * its signature with k. */
static char *sign_input(const key *k, char *input)
{
    size_t len;
    char *sig = NULL;
    if (k == NULL) {
        sig = strdup("c2ln");
    } else {
        gnutls_datum_t data = {(unsigned char *)input, (unsigned)strlen(input)}, out;
        gnutls_sign_algorithm_t algo = strcmp(k->alg, "RS256") == 0   ? GNUTLS_SIGN_RSA_SHA256
                                       : strcmp(k->alg, "ES256") == 0 ? GNUTLS_SIGN_ECDSA_SHA256
                                                                      : GNUTLS_SIGN_EDDSA_ED25519;
        if (gnutls_privkey_sign_data2(k->priv, algo, 0, &data, &out) != 0) {
            fprintf(stderr, "cannot sign\n");
            exit(1);
        }
        if (strcmp(k->alg, "ES256") == 0) { /* DER to r || s */
            gnutls_datum_t r, s;
            unsigned char raw[64] = {0};
            gnutls_decode_rs_value(&out, &r, &s);
            size_t rs = r.size > 32 ? r.size - 32 : 0, ss = s.size > 32 ? s.size - 32 : 0;
            memcpy(raw + 32 - (r.size - rs), r.data + rs, r.size - rs);
            memcpy(raw + 64 - (s.size - ss), s.data + ss, s.size - ss);
            sig = b64url(raw, 64);
            gnutls_free(r.data);
            gnutls_free(s.data);
        } else {
            sig = b64url(out.data, out.size);
        }
        gnutls_free(out.data);
    }
    len = strlen(input) + strlen(sig) + 2;
    char *token = malloc(len);
    snprintf(token, len, "%s.%s", input, sig);
    free(input);
    free(sig);
    return token;
}

static const char *const issuers[] = {"https://as.example.com"};
static const sc_jwt_expect expect = {issuers, 1, "https://mcp.example.com/mcp", 60};

/* The result of verifying token against keys, claims included. */
static sc_jwt_result verify(const char *token, const sc_jwks *keys, time_t now)
{
    sc_jwt jwt;
    const char *why = NULL;
    sc_jwt_result r = sc_jwt_decode(token, &jwt, &why);
    if (r == SC_JWT_OK)
        r = sc_jwt_verify(&jwt, keys, &why);
    if (r == SC_JWT_OK)
        r = sc_jwt_check_claims(jwt.claims, &expect, now, &why);
    if (r != SC_JWT_OK && (why == NULL || why[0] == '\0'))
        r = 100; /* a refusal must say why */
    sc_jwt_free(&jwt);
    return r;
}

static char *claims(time_t now, const char *iss, const char *aud, long exp_in, const char *extra)
{
    char *s = malloc(1024);
    snprintf(s, 1024, "{\"iss\":\"%s\",\"aud\":%s,\"sub\":\"alice\",\"exp\":%ld,\"iat\":%ld%s}",
             iss, aud, (long)now + exp_in, (long)now, extra);
    return s;
}

static void token_case(const char *name, const key *k, const char *header, const char *body,
                       const sc_jwks *keys, time_t now, sc_jwt_result want)
{
    char *token = sign(k, header, body);
    sc_jwt_result got = verify(token, keys, now);
    check(got == want, "%s: got %d, want %d", name, got, want);
    free(token);
}

static void header_of(char *buf, size_t size, const char *alg, const char *kid)
{
    snprintf(buf, size, "{\"alg\":\"%s\",\"typ\":\"at+jwt\",\"kid\":\"%s\"}", alg, kid);
}

int main(void)
{
    gnutls_global_init();
    key rsa, ec, ed, other;
    make_key(&rsa, GNUTLS_PK_RSA, 2048, "RS256", "r1");
    make_key(&ec, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), "ES256", "e1");
    make_key(&ed, GNUTLS_PK_EDDSA_ED25519, 256, "EdDSA", "d1");
    make_key(&other, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), "ES256",
             "e1");
    char set[8192];
    snprintf(set, sizeof set,
             "{\"keys\":[%s,%s,%s,{\"kty\":\"oct\",\"kid\":\"h1\",\"k\":\"c2VjcmV0\"}]}", rsa.jwk,
             ec.jwk, ed.jwk);
    sc_jwks *keys;
    size_t skipped;
    sc_error err;
    check(sc_jwks_parse(set, strlen(set), &keys, &skipped, &err) == 0, "the JWK Set parses: %s",
          err.message);
    check(sc_jwks_count(keys) == 3 && skipped == 1, "three keys, the oct one skipped");

    time_t now = time(NULL);
    char header[256];
    char *good = claims(now, issuers[0], "\"https://mcp.example.com/mcp\"", 300,
                        ",\"scope\":\"files:read\"");
    const key *all[] = {&rsa, &ec, &ed};
    for (size_t i = 0; i < 3; i++) {
        header_of(header, sizeof header, all[i]->alg, all[i]->kid);
        token_case(all[i]->alg, all[i], header, good, keys, now, SC_JWT_OK);
        snprintf(header, sizeof header, "{\"alg\":\"%s\"}",
                 all[i]->alg); /* no kid: each key of the alg */
        token_case("no kid", all[i], header, good, keys, now, SC_JWT_OK);
    }
    /* signatures and algorithms */
    header_of(header, sizeof header, "ES256", "e1");
    token_case("another key's signature under a known kid", &other, header, good, keys, now,
               SC_JWT_BAD_SIGNATURE);
    token_case("alg none", NULL, "{\"alg\":\"none\",\"kid\":\"e1\"}", good, keys, now,
               SC_JWT_BAD_ALG);
    token_case("alg none, empty signature", NULL, "{\"alg\":\"none\"}", good, keys, now,
               SC_JWT_BAD_ALG);
    token_case("HS256 under an RSA key's kid", NULL, "{\"alg\":\"HS256\",\"kid\":\"r1\"}", good,
               keys, now, SC_JWT_BAD_ALG);
    token_case("HS256 under the oct key's kid", NULL, "{\"alg\":\"HS256\",\"kid\":\"h1\"}", good,
               keys, now, SC_JWT_BAD_ALG);
    header_of(header, sizeof header, "ES256", "r1");
    token_case("ES256 under an RSA key", &ec, header, good, keys, now, SC_JWT_BAD_ALG);
    header_of(header, sizeof header, "RS256", "d1");
    token_case("RS256 under an Ed25519 key", &rsa, header, good, keys, now, SC_JWT_BAD_ALG);
    header_of(header, sizeof header, "EdDSA", "nope");
    token_case("unknown kid", &ed, header, good, keys, now, SC_JWT_UNKNOWN_KEY);
    token_case("crit", &ed, "{\"alg\":\"EdDSA\",\"kid\":\"d1\",\"crit\":[\"exp\"]}", good, keys,
               now, SC_JWT_BAD_ALG);
    token_case("kid not a string", &ed, "{\"alg\":\"EdDSA\",\"kid\":7}", good, keys, now,
               SC_JWT_MALFORMED);
    token_case("RS384", &rsa, "{\"alg\":\"RS384\",\"kid\":\"r1\"}", good, keys, now,
               SC_JWT_BAD_ALG);

    /* claims */
    header_of(header, sizeof header, "EdDSA", "d1");
    struct {
        const char *name, *iss, *aud, *extra;
        long exp_in;
        sc_jwt_result want;
    } claim_cases[] = {
        {"expired", issuers[0], "\"https://mcp.example.com/mcp\"", "", -61, SC_JWT_BAD_CLAIMS},
        {"expired within the skew", issuers[0], "\"https://mcp.example.com/mcp\"", "", -30,
         SC_JWT_OK},
        {"wrong iss", "https://evil.example.com", "\"https://mcp.example.com/mcp\"", "", 300,
         SC_JWT_BAD_CLAIMS},
        {"iss with a trailing slash", "https://as.example.com/", "\"https://mcp.example.com/mcp\"",
         "", 300, SC_JWT_BAD_CLAIMS},
        {"wrong aud", issuers[0], "\"https://other.example.com/mcp\"", "", 300, SC_JWT_BAD_CLAIMS},
        {"aud array naming it", issuers[0], "[\"x\",\"https://mcp.example.com/mcp\"]", "", 300,
         SC_JWT_OK},
        {"aud array not naming it", issuers[0], "[\"x\",\"y\"]", "", 300, SC_JWT_BAD_CLAIMS},
        {"aud a number", issuers[0], "7", "", 300, SC_JWT_BAD_CLAIMS},
        {"nbf in the future", issuers[0], "\"https://mcp.example.com/mcp\"", ",\"nbf\":9999999999",
         300, SC_JWT_BAD_CLAIMS},
        {"nbf not a number", issuers[0], "\"https://mcp.example.com/mcp\"", ",\"nbf\":\"0\"", 300,
         SC_JWT_BAD_CLAIMS},
    };
    for (size_t i = 0; i < sizeof claim_cases / sizeof claim_cases[0]; i++) {
        char *c = claims(now, claim_cases[i].iss, claim_cases[i].aud, claim_cases[i].exp_in,
                         claim_cases[i].extra);
        token_case(claim_cases[i].name, &ed, header, c, keys, now, claim_cases[i].want);
        free(c);
    }
    token_case("no exp", &ed, header,
               "{\"iss\":\"https://as.example.com\",\"aud\":\"https://mcp.example.com/mcp\"}", keys,
               now, SC_JWT_BAD_CLAIMS);
    token_case("claims not an object", &ed, header, "[1,2]", keys, now, SC_JWT_MALFORMED);
    token_case("claims not JSON", &ed, header, "{\"iss\":", keys, now, SC_JWT_MALFORMED);

    /* every truncation and one flipped byte at every place of good tokens */
    for (size_t i = 0; i < 3; i++) {
        header_of(header, sizeof header, all[i]->alg, all[i]->kid);
        char *token = sign(all[i], header, good);
        size_t len = strlen(token);
        int verified = 0;
        for (size_t cut = 0; cut < len; cut++) {
            char *prefix = strndup(token, cut);
            verified += verify(prefix, keys, now) == SC_JWT_OK;
            free(prefix);
        }
        check(verified == 0, "%s: no truncation verifies (%d did)", all[i]->alg, verified);
        verified = 0;
        for (size_t at = 0; at < len; at++) {
            char *copy = strdup(token);
            copy[at] = copy[at] == 'A' ? 'B' : 'A';
            /* the last character of a part may only carry padding bits */
            verified += verify(copy, keys, now) == SC_JWT_OK;
            free(copy);
        }
        check(verified == 0, "%s: flipped bytes do not verify (%d did)", all[i]->alg, verified);
        free(token);
    }

    /* one spelling per token: each part in non-canonical base64url (an
     * unused bit of its last character set; the header's and the claims'
     * signed as spelled) is refused */
    for (size_t i = 0; i < 3; i++) {
        snprintf(header, sizeof header, "{\"alg\":\"%s\",\"kid\":\"%s\"}", all[i]->alg,
                 all[i]->kid);
        const char *parts[2] = {header, good};
        for (size_t part = 0; part < 3; part++) {
            /* lengths with unused bits: the JSON texts padded with spaces */
            char text[2][1200];
            char *h = NULL, *c = NULL;
            for (size_t pad = 0; h == NULL || strlen(h) % 4 == 0; pad++) {
                free(h);
                snprintf(text[0], sizeof text[0], "%s%*s", parts[0], (int)pad, "");
                h = b64url_text(text[0]);
            }
            for (size_t pad = 0; c == NULL || strlen(c) % 4 == 0; pad++) {
                free(c);
                snprintf(text[1], sizeof text[1], "%s%*s", parts[1], (int)pad, "");
                c = b64url_text(text[1]);
            }
            check(part == 2 || uncanonical(part == 0 ? h : c), "a part with unused bits");
            char *input = malloc(strlen(h) + strlen(c) + 2);
            sprintf(input, "%s.%s", h, c);
            free(h);
            free(c);
            char *token = sign_input(all[i], input);
            /* signatures of 256 and 64 bytes: 342 and 86 characters */
            bool spelled = part < 2 || uncanonical(strrchr(token, '.') + 1);
            sc_jwt_result got = verify(token, keys, now);
            check(spelled && got == SC_JWT_MALFORMED,
                  "%s: non-canonical base64url of part %zu: got %d", all[i]->alg, part, got);
            free(token);
        }
    }

    /* a name twice in the header or the claims, or in an object inside
     * them (RFC 7515 and 7519 section 4): refused, not read first-wins */
    token_case("a header parameter twice", &ed, "{\"alg\":\"EdDSA\",\"kid\":\"d1\",\"kid\":\"x\"}",
               good, keys, now, SC_JWT_MALFORMED);
    char *twice = claims(now, issuers[0], "\"https://mcp.example.com/mcp\"", 300,
                         ",\"aud\":\"https://other.example.com/mcp\"");
    header_of(header, sizeof header, "EdDSA", "d1");
    token_case("a claim twice", &ed, header, twice, keys, now, SC_JWT_MALFORMED);
    free(twice);
    twice = claims(now, issuers[0], "\"https://mcp.example.com/mcp\"", 300,
                   ",\"cnf\":{\"jkt\":\"a\",\"jkt\":\"b\"}");
    token_case("a name twice inside a claim", &ed, header, twice, keys, now, SC_JWT_MALFORMED);
    free(twice);
    twice = claims(now, issuers[0], "\"https://mcp.example.com/mcp\"", 300,
                   ",\"act\":{\"sub\":\"a\"},\"may\":[{\"sub\":\"a\"},{\"sub\":\"b\"}]");
    token_case("the same names in sibling objects", &ed, header, twice, keys, now, SC_JWT_OK);
    free(twice);

    /* sizes and shapes */
    char *huge = malloc(SC_JWT_MAX_TOKEN + 64);
    memset(huge, 'A', SC_JWT_MAX_TOKEN + 63);
    huge[10] = '.';
    huge[20] = '.';
    huge[SC_JWT_MAX_TOKEN + 63] = '\0';
    check(verify(huge, keys, now) == SC_JWT_MALFORMED, "a token over the bound");
    free(huge);
    const char *shapes[] = {
        "",
        ".",
        "..",
        "...",
        "a.b",
        "a.b.c.d",
        "e30.e30.",
        "e30.e30.c2ln",
        "%%%.e30.c2ln",
        "e30.e30.c2ln=",
        "eyJhbGciOiJFZERTQSJ9.e30.AAAA",
        "\x80\xff.\x01.\x02",
        "eyJhbGciOiJFZERTQSJ9.eyJhIjpbW1tbW1tbW1tbW1tbW1tbXV1dXV1dXV1dXV1dXV1dXV19.AAAA"};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        check(verify(shapes[i], keys, now) != SC_JWT_OK, "shape %zu refused", i);
    /* a deeply nested claims object: bounded by cJSON's nesting limit */
    size_t depth = 3000;
    char *deep = malloc(2 * depth + 1);
    for (size_t i = 0; i < depth; i++) {
        deep[i] = '[';
        deep[depth + i] = ']';
    }
    deep[2 * depth] = '\0';
    char *nested = malloc(2 * depth + 16);
    snprintf(nested, 2 * depth + 16, "{\"a\":%s}", deep);
    token_case("deep nesting", &ed, header, nested, keys, now, SC_JWT_MALFORMED);
    free(deep);
    free(nested);

    /* JWK Sets that are not */
    const char *bad_sets[] = {
        "",
        "null",
        "{}",
        "{\"keys\":{}}",
        "{\"keys\":[]}",
        "{\"keys\":[1,\"a\",null]}",
        "{\"keys\":[{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}]}",
        "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-384\",\"x\":\"AA\",\"y\":\"AA\"}]}",
        "{\"keys\":[{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"AAAA\"}]}",
        "{\"keys\":[{\"kty\":\"RSA\",\"n\":\"AQAB\",\"e\":\"AQAB\"}]}",
        "{\"keys\":[{\"kty\":\"RSA\",\"n\":\"%%%\",\"e\":\"AQAB\"}]}"};
    for (size_t i = 0; i < sizeof bad_sets / sizeof bad_sets[0]; i++) {
        sc_jwks *none = NULL;
        check(sc_jwks_parse(bad_sets[i], strlen(bad_sets[i]), &none, NULL, &err) ==
                      SC_ERR_ARGUMENT &&
                  none == NULL,
              "bad JWK Set %zu refused", i);
    }
    /* a key that names another algorithm than its own is skipped */
    char named[4096];
    snprintf(named, sizeof named, "{\"keys\":[%.*s,\"alg\":\"RS256\"}]}", (int)strlen(ec.jwk) - 1,
             ec.jwk);
    sc_jwks *mislabelled = NULL;
    check(sc_jwks_parse(named, strlen(named), &mislabelled, &skipped, &err) == SC_ERR_ARGUMENT,
          "an EC key labelled RS256 is not used");
    /* an RSA key under 2048 bits is not used */
    key small;
    make_key(&small, GNUTLS_PK_RSA, 1024, "RS256", "s1");
    snprintf(named, sizeof named, "{\"keys\":[%s]}", small.jwk);
    check(sc_jwks_parse(named, strlen(named), &mislabelled, &skipped, &err) == SC_ERR_ARGUMENT,
          "an RSA key of 1024 bits is not used");
    check(sc_jwt_shaped("a.b.c") && !sc_jwt_shaped("abc") && !sc_jwt_shaped("a.b.c.d"),
          "sc_jwt_shaped");

    sc_jwks_free(keys);
    free(good);
    key *made[] = {&rsa, &ec, &ed, &other, &small};
    for (size_t i = 0; i < 5; i++)
        gnutls_privkey_deinit(made[i]->priv);
    gnutls_global_deinit();
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures == 0 ? 0 : 1;
}
