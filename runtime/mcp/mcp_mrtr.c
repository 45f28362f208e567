/* Multi round-trip requests (MCP 2026-07-28, basic/patterns/mrtr): in the
 * stateless revisions a server never sends the client a request; a
 * handler's question (sc_mcp_request, sc_mcp_elicit, sc_mcp_sample_text)
 * becomes an input request of an InputRequiredResult, and the client
 * retries the whole request with the answers in inputResponses.
 *
 * How a handler is written once for both eras: a retry runs the handler
 * again from its start, and its questions have keys: the one it names
 * (sc_mcp_input_key), or their order ("input-0", "input-1", ...). A
 * question already answered, in this try's inputResponses or in an
 * earlier round's, returns its answer at once; one not answered joins the
 * input requests and returns SC_ERR_INPUT_REQUIRED, and so does every
 * further question of that try (a handler that asks several before
 * looking at any answer asks them in one round). What the handler returns
 * after that is not sent: the InputRequiredResult is.
 * (The other designs, a step function or a continuation the handler
 * saves, split the handler by hand; a thread parked per question would
 * make the server stateful again.) The answers of earlier rounds travel in
 * requestState, which the client cannot read into or alter: the JSON of
 * {method, digest of the request's params, expiry, nonce, answers} in
 * base64url, then "." and its HMAC-SHA256 under the server's
 * key (nettle, which libmicrohttpd's GnuTLS brings). An answer of this
 * try needs no state (the client could answer anything anyway); the
 * state keeps earlier rounds' answers from being changed. A state that fails
 * the HMAC, expired, was made for another request (method and params but
 * _meta, inputResponses and requestState) or was presented before (its
 * nonce, remembered in this process until it expires: mcp_nonces.c) is
 * refused. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <nettle/base64.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/sha2.h>

#include "mcp_internal.h"
#include "schemac/schemac.h"

#define DEFAULT_STATE_TTL 600

/* ---- the key and the nonces ------------------------------------------------------ */

static unsigned char process_key[32];
static bool process_key_ok;
static pthread_once_t process_key_once = PTHREAD_ONCE_INIT;

static void make_process_key(void)
{
    process_key_ok = getrandom(process_key, sizeof process_key, 0) == (ssize_t)sizeof process_key;
}

static bool state_key(const sc_mcp_server *server, const unsigned char **key, size_t *len)
{
    if (server->state_key != NULL && server->state_key_len > 0) {
        *key = server->state_key;
        *len = server->state_key_len;
        return true;
    }
    pthread_once(&process_key_once, make_process_key);
    *key = process_key;
    *len = sizeof process_key;
    return process_key_ok;
}

/* The 32 hex digits of a nonce into its bytes; false when it is not that. */
static bool nonce_bytes(const char *hex, uint8_t out[SC_MCP_NONCE_BYTES])
{
    if (strlen(hex) != 2 * SC_MCP_NONCE_BYTES)
        return false;
    for (size_t i = 0; i < SC_MCP_NONCE_BYTES; i++) {
        unsigned byte = 0;
        for (size_t k = 0; k < 2; k++) {
            char c = hex[2 * i + k];
            unsigned v = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                         : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                                                : 16;
            if (v == 16)
                return false;
            byte = byte * 16 + v;
        }
        out[i] = (uint8_t)byte;
    }
    return true;
}

static time_t now_seconds(void)
{
    return time(NULL);
}

/* ---- the request's digest -------------------------------------------------------- */

/* Sorts an object's members by key, at every depth, so that a retry that
 * orders them otherwise has the same digest. */
static void sort_members(cJSON *item)
{
    cJSON *child;
    cJSON_ArrayForEach(child, item) sort_members(child);
    if (!cJSON_IsObject(item) || item->child == NULL)
        return;
    cJSON *sorted = NULL, *next;
    for (cJSON *c = item->child; c != NULL; c = next) {
        next = c->next;
        cJSON **at = &sorted;
        while (*at != NULL && strcmp((*at)->string, c->string) <= 0)
            at = &(*at)->next;
        c->next = *at;
        *at = c;
    }
    /* cJSON's lists: prev of the first is the last; next of the last NULL */
    cJSON *last = sorted;
    for (cJSON *c = sorted, *prev = NULL; c != NULL; prev = c, c = c->next) {
        c->prev = prev;
        last = c;
    }
    sorted->prev = last;
    item->child = sorted;
}

/* Hex SHA-256 of method and params without what a retry changes. */
static bool request_digest(const char *method, const cJSON *params,
                           char hex[2 * SHA256_DIGEST_SIZE + 1])
{
    cJSON *copy = params != NULL ? cJSON_Duplicate(params, true) : cJSON_CreateObject();
    if (copy == NULL)
        return false;
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "_meta");
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "inputResponses");
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "requestState");
    sort_members(copy);
    char *text = cJSON_PrintUnformatted(copy);
    cJSON_Delete(copy);
    if (text == NULL)
        return false;
    struct sha256_ctx sha;
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_init(&sha);
    sha256_update(&sha, strlen(method) + 1, (const uint8_t *)method); /* its NUL separates it */
    sha256_update(&sha, strlen(text), (const uint8_t *)text);
    sha256_digest(&sha, sizeof digest, digest);
    cJSON_free(text);
    for (size_t i = 0; i < sizeof digest; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    return true;
}

/* ---- requestState ----------------------------------------------------------------- */

static void mac(const unsigned char *key, size_t key_len, const char *text, size_t len,
                uint8_t out[SHA256_DIGEST_SIZE])
{
    struct hmac_sha256_ctx hmac;
    hmac_sha256_set_key(&hmac, key_len, key);
    hmac_sha256_update(&hmac, len, (const uint8_t *)text);
    hmac_sha256_digest(&hmac, SHA256_DIGEST_SIZE, out);
}

/* base64url of data, malloc'd. */
static char *encode(const uint8_t *data, size_t len)
{
    struct base64_encode_ctx ctx;
    char *out = malloc(BASE64_ENCODE_LENGTH(len) + BASE64_ENCODE_FINAL_LENGTH + 1);
    if (out == NULL)
        return NULL;
    base64url_encode_init(&ctx);
    size_t n = base64_encode_update(&ctx, out, len, data);
    n += base64_encode_final(&ctx, out + n);
    out[n] = '\0';
    return out;
}

/* base64url text of len bytes, decoded into a malloc'd buffer (NUL-ended). */
static uint8_t *decode(const char *text, size_t len, size_t *out_len)
{
    struct base64_decode_ctx ctx;
    uint8_t *out = malloc(BASE64_DECODE_LENGTH(len) + 1);
    size_t n = BASE64_DECODE_LENGTH(len);
    if (out == NULL)
        return NULL;
    base64url_decode_init(&ctx);
    if (!base64_decode_update(&ctx, &n, out, len, text) || !base64_decode_final(&ctx)) {
        free(out);
        return NULL;
    }
    out[n] = '\0';
    *out_len = n;
    return out;
}

/* The payload of a state that its HMAC proves ours, or NULL. */
static cJSON *verified_payload(const sc_mcp_server *server, const char *state)
{
    const unsigned char *key;
    size_t key_len, payload_len, mac_len;
    const char *dot = strchr(state, '.');
    if (dot == NULL || !state_key(server, &key, &key_len))
        return NULL;
    uint8_t expected[SHA256_DIGEST_SIZE];
    mac(key, key_len, state, (size_t)(dot - state), expected);
    uint8_t *given = decode(dot + 1, strlen(dot + 1), &mac_len);
    bool ok =
        given != NULL && mac_len == sizeof expected && memeql_sec(given, expected, sizeof expected);
    free(given);
    uint8_t *payload = ok ? decode(state, (size_t)(dot - state), &payload_len) : NULL;
    cJSON *tree =
        payload != NULL ? cJSON_ParseWithLength((const char *)payload, payload_len) : NULL;
    free(payload);
    return tree;
}

static int refuse(sc_error *err, const char *why)
{
    sc_fail(err, SC_ERR_ARGUMENT, NULL,
            "invalid params: requestState %s; send the request again without it", why);
    return SC_MCP_INVALID_PARAMS;
}

int sc_mcp_rounds_begin(sc_mcp_context *ctx, const char *method, const cJSON *params, sc_error *err)
{
    sc_mcp_rounds *rounds = &ctx->rounds;
    const cJSON *responses = cJSON_GetObjectItemCaseSensitive(params, "inputResponses");
    const cJSON *state = cJSON_GetObjectItemCaseSensitive(params, "requestState");
    memset(rounds, 0, sizeof *rounds);
    rounds->allowed = strcmp(method, "tools/call") == 0 || strcmp(method, "prompts/get") == 0 ||
                      strcmp(method, "resources/read") == 0;
    if (!rounds->allowed)
        return 0; /* other requests take no part in round trips: ignored */
    if (responses != NULL && !cJSON_IsObject(responses)) {
        sc_fail(err, SC_ERR_ARGUMENT, NULL, "invalid params: inputResponses must be an object");
        return SC_MCP_INVALID_PARAMS;
    }
    rounds->responses = responses;
    if (state == NULL)
        return 0;
    if (!cJSON_IsString(state))
        return refuse(err, "must be a string");
    cJSON *payload = verified_payload(ctx->server, state->valuestring);
    if (payload == NULL)
        return refuse(err, "is not one this server made (or it was altered)");
    char digest[2 * SHA256_DIGEST_SIZE + 1];
    const char *for_method = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(payload, "m"));
    const char *for_digest = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(payload, "d"));
    const char *nonce = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(payload, "n"));
    double expires = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(payload, "x"));
    cJSON *answers = cJSON_DetachItemFromObjectCaseSensitive(payload, "a");
    time_t now = now_seconds();
    uint8_t nonce_raw[SC_MCP_NONCE_BYTES];
    int code = 0;
    sc_mcp_nonce_result use = SC_MCP_NONCE_FIRST;
    if (!request_digest(method, params, digest)) {
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        code = SC_MCP_INTERNAL_ERROR;
    } else if (for_method == NULL || for_digest == NULL || nonce == NULL ||
               !nonce_bytes(nonce, nonce_raw) || !cJSON_IsObject(answers) || expires > 4e18) {
        code = refuse(err, "is not one this server made");
    } else if (strcmp(for_method, method) != 0 || strcmp(for_digest, digest) != 0) {
        code = refuse(err, "belongs to another request");
    } else if (!(expires >= (double)now)) {
        code = refuse(err, "has expired");
    } else if ((use = sc_mcp_nonce_claim(ctx->server, nonce_raw, (time_t)expires, now)) ==
               SC_MCP_NONCE_USED) {
        code = refuse(err, "was used before");
    } else if (use == SC_MCP_NONCE_FULL) {
        /* a used state is never forgotten early: a new one waits for room */
        size_t bound =
            ctx->server->max_states > 0 ? ctx->server->max_states : SC_MCP_DEFAULT_MAX_STATES;
        sc_fail(err, SC_ERR_LIMIT, NULL,
                "requestState refused: the server already remembers %zu unexpired states "
                "(max_states), each kept until it expires so that none is taken twice; try "
                "again once older ones expire",
                bound);
        code = SC_MCP_INTERNAL_ERROR;
    } else if (use == SC_MCP_NONCE_NOMEM) {
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        code = SC_MCP_INTERNAL_ERROR;
    }
    cJSON_Delete(payload);
    if (code != 0) {
        cJSON_Delete(answers);
        return code;
    }
    rounds->answers = answers;
    return 0;
}

int sc_mcp_input_key(sc_mcp_context *ctx, const char *key)
{
    if (ctx == NULL || key == NULL || key[0] == '\0' || strlen(key) >= sizeof ctx->rounds.next_key)
        return SC_ERR_ARGUMENT;
    snprintf(ctx->rounds.next_key, sizeof ctx->rounds.next_key, "%s", key);
    return 0;
}

int sc_mcp_rounds_ask(sc_mcp_context *ctx, const char *method, cJSON *params, const cJSON **result,
                      sc_error *err)
{
    sc_mcp_rounds *rounds = &ctx->rounds;
    const char *capability = sc_mcp_capability_of(method);
    char key[64];
    *result = NULL;
    if (!rounds->allowed || capability == NULL) {
        cJSON_Delete(params);
        return sc_fail(
            err, SC_ERR_ARGUMENT, NULL,
            "%s: MCP %s asks the client only in tools/call, prompts/get and resources/read, and only for "
            "elicitation, sampling and roots",
            method, ctx->request.version);
    }
    if (!cJSON_IsObject(
            cJSON_GetObjectItemCaseSensitive(ctx->request.client_capabilities, capability))) {
        cJSON_Delete(params);
        if (rounds->missing == NULL)
            rounds->missing = capability;
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "%s: the client did not declare the %s capability", method, capability);
    }
    if (rounds->next_key[0] != '\0')
        snprintf(key, sizeof key, "%s", rounds->next_key);
    else
        snprintf(key, sizeof key, "input-%u", rounds->asked);
    rounds->asked++;
    rounds->next_key[0] = '\0';
    const cJSON *answer = cJSON_GetObjectItemCaseSensitive(rounds->answers, key);
    const cJSON *given =
        answer == NULL ? cJSON_GetObjectItemCaseSensitive(rounds->responses, key) : NULL;
    if (given != NULL && !cJSON_IsObject(given)) {
        /* not an answer at all: the request's error, not the handler's */
        cJSON_Delete(params);
        rounds->invalid = true;
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "invalid params: inputResponses.%.64s must be an object", key);
    }
    if (given != NULL) {
        /* an answer of this try: kept for the next round's state */
        cJSON *copy = cJSON_Duplicate(given, true);
        if (rounds->answers == NULL)
            rounds->answers = cJSON_CreateObject();
        if (copy == NULL || rounds->answers == NULL ||
            !cJSON_AddItemToObject(rounds->answers, key, copy)) {
            cJSON_Delete(copy);
            cJSON_Delete(params);
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        }
        answer = copy;
    }
    if (answer != NULL) {
        cJSON_Delete(params);
        if (!cJSON_IsObject(answer))
            return sc_fail(err, SC_ERR_ARGUMENT, NULL, "%s: the client's answer is not an object",
                           method);
        *result = answer;
        return 0;
    }
    if (rounds->requests == NULL && (rounds->requests = cJSON_CreateObject()) == NULL) {
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    cJSON *request = cJSON_CreateObject();
    if (request == NULL || !cJSON_AddItemToObject(rounds->requests, key, request) ||
        cJSON_AddStringToObject(request, "method", method) == NULL ||
        (params != NULL && !cJSON_AddItemToObject(request, "params", params))) {
        if (request != NULL && cJSON_GetObjectItemCaseSensitive(rounds->requests, key) != request)
            cJSON_Delete(request);
        cJSON_Delete(params);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    return sc_fail(err, SC_ERR_INPUT_REQUIRED, NULL,
                   "%s: waiting for the client's answer (MCP %s: the request "
                   "is retried with it)",
                   method, ctx->request.version);
}

/* The requestState of a try: what it carries, signed. */
static char *make_state(sc_mcp_context *ctx, const char *method, const cJSON *params)
{
    const sc_mcp_server *server = ctx->server;
    const unsigned char *key;
    size_t key_len;
    unsigned char raw[SC_MCP_NONCE_BYTES];
    char nonce[2 * SC_MCP_NONCE_BYTES + 1], digest[2 * SHA256_DIGEST_SIZE + 1];
    if (!state_key(server, &key, &key_len) ||
        getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw ||
        !request_digest(method, params, digest))
        return NULL;
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(nonce + 2 * i, 3, "%02x", raw[i]);
    unsigned ttl = server->state_ttl_seconds > 0 ? server->state_ttl_seconds : DEFAULT_STATE_TTL;
    cJSON *payload = cJSON_CreateObject();
    cJSON *answers = ctx->rounds.answers != NULL ? cJSON_Duplicate(ctx->rounds.answers, true)
                                                 : cJSON_CreateObject();
    bool ok = payload != NULL && answers != NULL && cJSON_AddItemToObject(payload, "a", answers);
    if (!ok)
        cJSON_Delete(answers);
    ok = ok && cJSON_AddStringToObject(payload, "m", method) != NULL &&
         cJSON_AddStringToObject(payload, "d", digest) != NULL &&
         cJSON_AddStringToObject(payload, "n", nonce) != NULL &&
         cJSON_AddNumberToObject(payload, "x", (double)(now_seconds() + (time_t)ttl)) != NULL;
    char *text = ok ? cJSON_PrintUnformatted(payload) : NULL;
    cJSON_Delete(payload);
    char *body = text != NULL ? encode((const uint8_t *)text, strlen(text)) : NULL;
    cJSON_free(text);
    if (body == NULL)
        return NULL;
    uint8_t tag[SHA256_DIGEST_SIZE];
    mac(key, key_len, body, strlen(body), tag);
    char *signature = encode(tag, sizeof tag);
    char *state = signature != NULL ? malloc(strlen(body) + strlen(signature) + 2) : NULL;
    if (state != NULL)
        sprintf(state, "%s.%s", body, signature);
    free(body);
    free(signature);
    return state;
}

cJSON *sc_mcp_rounds_result(sc_mcp_context *ctx, const char *method, const cJSON *params)
{
    char *state = make_state(ctx, method, params);
    cJSON *result = state != NULL ? cJSON_CreateObject() : NULL;
    bool ok = result != NULL &&
              cJSON_AddStringToObject(result, "resultType", "input_required") != NULL &&
              cJSON_AddItemToObject(result, "inputRequests", ctx->rounds.requests);
    if (ok)
        ctx->rounds.requests = NULL; /* the result's now */
    ok = ok && cJSON_AddStringToObject(result, "requestState", state) != NULL;
    free(state);
    if (!ok) {
        cJSON_Delete(result);
        return NULL;
    }
    return result;
}

void sc_mcp_rounds_end(sc_mcp_context *ctx)
{
    cJSON_Delete(ctx->rounds.answers);
    cJSON_Delete(ctx->rounds.requests);
    ctx->rounds.answers = ctx->rounds.requests = NULL;
}
