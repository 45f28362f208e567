/* The OAuth 2.1 resource server of the Streamable HTTP transport
 * (sc_mcp_http_options.oauth, include/schemac/mcp_http.h): the Protected
 * Resource Metadata (RFC 9728), the challenges (RFC 6750 section 3), the
 * keys JWT access tokens are verified with (mcp_jwt.c), and the scopes a
 * request needs.
 *
 * Keys: a JWKS file read at start, and keys fetched over HTTPS with
 * libcurl (its GnuTLS flavour, libcurl4-gnutls-dev, so that one TLS
 * library serves and fetches) from jwks_uri or from each issuer's
 * metadata. A fetched set is kept, reference-counted, until a newer one
 * replaces it: a token is verified without the lock held.
 *
 * Fetches run on a thread of each issuer, never on libmicrohttpd's
 * polling thread: a fetch there would hold up every connection while the
 * issuer answers (anyone can start one, with the public iss and a made-up
 * kid). A token that needs keys not yet had gets SC_OAUTH_PENDING; its
 * connection is suspended (mcp_http.c) until the fetch ends and on_fetched
 * says so, and meanwhile the other requests are served, with the last good
 * keys. One fetch per issuer is in flight at a time, it takes at most
 * SC_OAUTH_FETCH_SECONDS in all, and the next one starts no sooner than
 * jwks_refresh_seconds after its END, so a flood of made-up kids costs the
 * issuer one request per interval however slowly it answers. */
#define _GNU_SOURCE /* strdup, strnlen */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <nettle/sha2.h>
#if SC_MCP_OAUTH_FETCH
#include <curl/curl.h>
#endif

#include "mcp_oauth.h"
#include "schemac/schemac.h"

#define WELL_KNOWN "/.well-known/oauth-protected-resource"
#define MAX_DOCUMENT (256 * 1024) /* a JWKS or metadata document fetched */

/* A key set shared by the requests verifying with it. */
typedef struct keyset {
    sc_jwks *keys;
    unsigned refs;
} keyset;

/* What is fetched for one issuer, by its thread. */
typedef struct issuer_keys {
    struct sc_oauth *oauth;
    const char *issuer;
    char *jwks_uri;  /* given, discovered (by the thread only), or NULL (not yet) */
    keyset *current; /* NULL until fetched */
    time_t fetched;  /* CLOCK_MONOTONIC seconds of the current set */
    time_t ended;    /* of the end of the last fetch, successful or not (0: never) */
    bool fetching;   /* asked for, or running: the thread clears it at its end */
    pthread_t thread;
    bool started;
} issuer_keys;

struct sc_oauth {
    const sc_mcp_server *server;
    sc_mcp_oauth_options options;
    char *metadata; /* the PRM document */
    size_t metadata_len;
    char *metadata_url;  /* where the challenges point */
    char *path_metadata; /* WELL_KNOWN + the resource's path, and + the endpoint's */
    char *endpoint_metadata;
    char *challenge_scope; /* the scope of the 401 without a token */
    sc_jwks *file_keys;
    issuer_keys *issuers;
    bool fetch; /* keys come from HTTPS too */
    unsigned skew, cache_seconds, refresh_seconds;
    void (*on_fetched)(void *ctx); /* called by a fetch thread after each fetch */
    void *on_fetched_ctx;
    atomic_bool stopping; /* the threads end; a transfer is cut short */
    pthread_mutex_t lock;
    pthread_cond_t wake; /* a fetch is asked for, or stopping */
};

/* ---- scopes ------------------------------------------------------------- */

/* Whether scope is one of the space-separated list. */
static bool listed_scope(const char *list, const char *scope, size_t len)
{
    for (const char *p = list; p != NULL && *p != '\0';) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n == len && n > 0 && strncmp(p, scope, n) == 0)
            return true;
        p += n;
    }
    return false;
}

/* ---- building strings --------------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;
} text;

static void append(text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 128;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *grown = realloc(t->s, cap);
        if (grown == NULL) {
            t->failed = true;
            return;
        }
        t->s = grown;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

/* Adds the scopes of list (space separated) not yet in t. */
static void add_scopes(text *t, const char *list)
{
    for (const char *p = list; p != NULL && *p != '\0';) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n > 0 && !listed_scope(t->s, p, n)) {
            if (t->len > 0)
                append(t, " ", 1);
            append(t, p, n);
        }
        p += n;
    }
}

/* A scope token of RFC 6749 section 3.3 (which keeps it safe in a quoted
 * string of a challenge and in JSON). */
static bool scope_token_ok(const char *list)
{
    for (const unsigned char *p = (const unsigned char *)list; p != NULL && *p != '\0'; p++)
        if (*p != ' ' && (*p < 0x21 || *p > 0x7e || *p == '"' || *p == '\\'))
            return false;
    return true;
}

/* ---- configuration ------------------------------------------------------ */

static bool loopback_name(const char *host, size_t n)
{
    return (n == 9 && strncasecmp(host, "localhost", 9) == 0) ||
           (n == 9 && strncmp(host, "127.0.0.1", 9) == 0) ||
           (n == 5 && strncmp(host, "[::1]", 5) == 0);
}

/* An https URL (or http on a loopback name, for development) without
 * query or fragment: *origin_len is the length of scheme://authority. */
static bool url_ok(const char *url, size_t *origin_len)
{
    size_t scheme = strncmp(url, "https://", 8) == 0 ? 8 : strncmp(url, "http://", 7) == 0 ? 7 : 0;
    if (scheme == 0 || strpbrk(url, "?# \"\\") != NULL)
        return false;
    size_t authority = strcspn(url + scheme, "/");
    if (authority == 0)
        return false;
    size_t host = url[scheme] == '[' ? strcspn(url + scheme, "]") + 1 : strcspn(url + scheme, ":/");
    if (scheme == 7 && !loopback_name(url + scheme, host))
        return false;
    *origin_len = scheme + authority;
    return true;
}

static char *join(const char *a, size_t a_len, const char *b, const char *c)
{
    size_t n = a_len + strlen(b) + strlen(c) + 1;
    char *s = malloc(n);
    if (s != NULL)
        snprintf(s, n, "%.*s%s%s", (int)a_len, a, b, c);
    return s;
}

/* Every scope the server declares (tools, prompts, resources), then the
 * configured ones. */
static void declared_scopes(const sc_mcp_server *server, text *all)
{
    for (size_t i = 0; i < server->tool_count; i++)
        add_scopes(all, server->tools[i].tool->scopes);
    for (size_t i = 0; i < server->prompt_count; i++)
        add_scopes(all, server->prompts[i].scopes);
    for (size_t i = 0; i < server->resource_count; i++)
        add_scopes(all, server->resources[i].scopes);
}

static int make_metadata(sc_oauth *o, sc_error *err)
{
    const sc_mcp_oauth_options *opt = &o->options;
    text all = {0}, extra = {0};
    append(&all, "", 0);
    append(&extra, "", 0);
    for (size_t i = 0; i < opt->scope_count; i++)
        add_scopes(&extra, opt->scopes[i]);
    declared_scopes(o->server, &all);
    add_scopes(&all, extra.s);
    /* the 401's scope: the configured ones (what using the server at all
     * takes), else every one */
    if (extra.len == 0 && !all.failed) {
        free(extra.s);
        extra.s = strdup(all.s);
    }
    if (extra.failed) {
        free(extra.s);
        extra.s = NULL;
    }
    o->challenge_scope = extra.s; /* NULL: out of memory, below */
    cJSON *doc = cJSON_CreateObject();
    cJSON *servers = cJSON_AddArrayToObject(doc, "authorization_servers");
    cJSON *scopes = cJSON_AddArrayToObject(doc, "scopes_supported");
    cJSON *methods = cJSON_AddArrayToObject(doc, "bearer_methods_supported");
    bool ok = !all.failed && o->challenge_scope != NULL &&
              cJSON_AddStringToObject(doc, "resource", opt->resource) && servers != NULL &&
              scopes != NULL && methods != NULL &&
              cJSON_AddItemToArray(methods, cJSON_CreateString("header"));
    for (size_t i = 0; ok && i < opt->issuer_count; i++)
        ok = cJSON_AddItemToArray(servers, cJSON_CreateString(opt->issuers[i]));
    for (const char *p = all.s; ok && *p != '\0';) {
        size_t n = strcspn(p, " ");
        char scope[256];
        snprintf(scope, sizeof scope, "%.*s", (int)(n < 255 ? n : 255), p);
        ok = cJSON_AddItemToArray(scopes, cJSON_CreateString(scope));
        p += n + strspn(p + n, " ");
    }
    if (ok && o->server->name != NULL)
        ok = cJSON_AddStringToObject(doc, "resource_name", o->server->name) != NULL;
    o->metadata = ok ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    free(all.s);
    if (o->metadata == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    o->metadata_len = strlen(o->metadata);
    return 0;
}

static char *read_file(const char *path, size_t *len, sc_error *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        sc_fail(err, SC_ERR_ARGUMENT, NULL, "oauth.jwks_file %.200s: cannot be read", path);
        return NULL;
    }
    char *buf = malloc(MAX_DOCUMENT + 1);
    size_t n = buf != NULL ? fread(buf, 1, MAX_DOCUMENT + 1, f) : 0;
    fclose(f);
    if (buf == NULL || n > MAX_DOCUMENT) {
        free(buf);
        sc_fail(err, SC_ERR_ARGUMENT, NULL, "oauth.jwks_file %.200s: over %d bytes", path,
                MAX_DOCUMENT);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static int check_options(const sc_mcp_oauth_options *opt, size_t *origin_len, sc_error *err)
{
    size_t ignored;
    if (!url_ok(opt->resource, origin_len))
        return sc_fail(
            err, SC_ERR_ARGUMENT, NULL,
            "oauth.resource %.200s: not an https URL without query or fragment (http on localhost only)",
            opt->resource);
    if (opt->issuer_count == 0 || opt->issuers == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "oauth.issuers: at least one authorization server is needed");
    for (size_t i = 0; i < opt->issuer_count; i++)
        if (opt->issuers[i] == NULL || !url_ok(opt->issuers[i], &ignored))
            return sc_fail(err, SC_ERR_ARGUMENT, NULL, "oauth.issuers: %.200s is not an https URL",
                           opt->issuers[i] != NULL ? opt->issuers[i] : "NULL");
    for (size_t i = 0; i < opt->scope_count; i++)
        if (opt->scopes[i] == NULL || !scope_token_ok(opt->scopes[i]))
            return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                           "oauth.scopes: a scope is NULL or has a character RFC 6749 "
                           "does not allow");
    if (opt->jwks_uri != NULL &&
        (strncmp(opt->jwks_uri, "https://", 8) != 0 || !url_ok(opt->jwks_uri, &ignored)))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "oauth.jwks_uri %.200s: not an https URL",
                       opt->jwks_uri);
#if !SC_MCP_OAUTH_FETCH
    if (opt->jwks_uri != NULL || (opt->jwks_file == NULL && opt->introspect == NULL))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "oauth: libschemac-mcp was built without libcurl: keys come "
                       "from oauth.jwks_file only (or set oauth.introspect)");
#endif
    return 0;
}

static bool server_scopes_ok(const sc_mcp_server *server)
{
    text all = {0};
    append(&all, "", 0);
    declared_scopes(server, &all);
    bool ok = !all.failed && scope_token_ok(all.s);
    free(all.s);
    return ok;
}

#if SC_MCP_OAUTH_FETCH
static void *fetcher(void *arg);
#endif

int sc_oauth_create(const sc_mcp_server *server, const sc_mcp_oauth_options *options,
                    const char *path, void (*on_fetched)(void *ctx), void *on_fetched_ctx,
                    sc_oauth **out, sc_error *err)
{
    *out = NULL;
    size_t origin_len;
    int rc = check_options(options, &origin_len, err);
    if (rc != 0)
        return rc;
    if (!server_scopes_ok(server))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "a tool, prompt or resource has scopes with a character "
                       "RFC 6749 does not allow");
    sc_oauth *o = calloc(1, sizeof *o);
    if (o == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    o->server = server;
    o->options = *options;
    o->skew = options->clock_skew_seconds != 0 ? options->clock_skew_seconds : 60;
    o->cache_seconds = options->jwks_cache_seconds != 0 ? options->jwks_cache_seconds : 3600;
    o->refresh_seconds = options->jwks_refresh_seconds != 0 ? options->jwks_refresh_seconds : 30;
    o->fetch =
        options->jwks_uri != NULL || (options->jwks_file == NULL && options->introspect == NULL);
    pthread_mutex_init(&o->lock, NULL);
    pthread_cond_init(&o->wake, NULL);
    o->on_fetched = on_fetched;
    o->on_fetched_ctx = on_fetched_ctx;
    const char *resource_path = options->resource + origin_len;
    if (strcmp(resource_path, "/") == 0)
        resource_path = "";
    o->metadata_url = join(options->resource, origin_len, WELL_KNOWN, resource_path);
    o->path_metadata = join("", 0, WELL_KNOWN, resource_path);
    o->endpoint_metadata = join("", 0, WELL_KNOWN, path);
    o->issuers = calloc(options->issuer_count, sizeof *o->issuers);
    if (o->metadata_url == NULL || o->path_metadata == NULL || o->endpoint_metadata == NULL ||
        o->issuers == NULL) {
        sc_oauth_free(o);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    for (size_t i = 0; i < options->issuer_count; i++) {
        o->issuers[i].oauth = o;
        o->issuers[i].issuer = options->issuers[i];
        if (options->jwks_uri != NULL &&
            (o->issuers[i].jwks_uri = strdup(options->jwks_uri)) == NULL) {
            sc_oauth_free(o);
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        }
    }
    if ((rc = make_metadata(o, err)) != 0) {
        sc_oauth_free(o);
        return rc;
    }
    if (options->jwks_file != NULL) {
        size_t len, skipped;
        char *json = read_file(options->jwks_file, &len, err);
        rc =
            json != NULL ? sc_jwks_parse(json, len, &o->file_keys, &skipped, err) : SC_ERR_ARGUMENT;
        free(json);
        if (rc != 0) {
            if (json != NULL) { /* name the file in sc_jwks_parse's message */
                char why[sizeof err->message];
                snprintf(why, sizeof why, "%s", err->message);
                sc_fail(err, rc, NULL, "oauth.jwks_file %.200s: %s", options->jwks_file, why);
            }
            sc_oauth_free(o);
            return rc;
        }
        if (skipped > 0)
            sc_mcp_log(
                server,
                "oauth: %zu key(s) of %s skipped (not RS256 of 2048 bits or more, ES256 or EdDSA)",
                skipped, options->jwks_file);
    }
#if SC_MCP_OAUTH_FETCH
    if (o->fetch)
        curl_global_init(CURL_GLOBAL_DEFAULT);
    for (size_t i = 0; o->fetch && i < options->issuer_count; i++) {
        issuer_keys *k = &o->issuers[i];
        k->started = pthread_create(&k->thread, NULL, fetcher, k) == 0;
        if (!k->started) {
            sc_oauth_free(o);
            return sc_fail(err, SC_ERR_NOMEM, NULL, "no thread to fetch the issuers' keys");
        }
    }
#endif
    *out = o;
    return 0;
}

static void keyset_release(keyset *k)
{
    if (k != NULL && --k->refs == 0) {
        sc_jwks_free(k->keys);
        free(k);
    }
}

void sc_oauth_free(sc_oauth *o)
{
    if (o == NULL)
        return;
    pthread_mutex_lock(&o->lock);
    atomic_store(&o->stopping, true);
    pthread_cond_broadcast(&o->wake);
    pthread_mutex_unlock(&o->lock);
    for (size_t i = 0; o->issuers != NULL && i < o->options.issuer_count; i++)
        if (o->issuers[i].started)
            pthread_join(o->issuers[i].thread, NULL);
    for (size_t i = 0; o->issuers != NULL && i < o->options.issuer_count; i++) {
        free(o->issuers[i].jwks_uri);
        keyset_release(o->issuers[i].current);
    }
    free(o->issuers);
    sc_jwks_free(o->file_keys);
    free(o->metadata);
    free(o->metadata_url);
    free(o->path_metadata);
    free(o->endpoint_metadata);
    free(o->challenge_scope);
    pthread_cond_destroy(&o->wake);
    pthread_mutex_destroy(&o->lock);
    free(o);
}

bool sc_oauth_is_metadata(const sc_oauth *o, const char *url)
{
    return strcmp(url, WELL_KNOWN) == 0 || strcmp(url, o->path_metadata) == 0 ||
           strcmp(url, o->endpoint_metadata) == 0;
}

const char *sc_oauth_metadata(const sc_oauth *o, size_t *len)
{
    *len = o->metadata_len;
    return o->metadata;
}

unsigned sc_oauth_retry_after(const sc_oauth *o)
{
    return o->refresh_seconds;
}

const char *sc_oauth_challenge(const sc_oauth *o, sc_oauth_status status, const char *why,
                               const char *scopes, char *buf, size_t size)
{
    int n;
    if (scopes != NULL)
        n = snprintf(buf, size,
                     "Bearer error=\"insufficient_scope\", scope=\"%s\", resource_metadata=\"%s\", "
                     "error_description=\"%s\"",
                     scopes, o->metadata_url, "the token lacks a scope this request needs");
    else if (status == SC_OAUTH_NO_TOKEN)
        n = snprintf(buf, size, "Bearer resource_metadata=\"%s\"%s%s%s", o->metadata_url,
                     o->challenge_scope[0] != '\0' ? ", scope=\"" : "", o->challenge_scope,
                     o->challenge_scope[0] != '\0' ? "\"" : "");
    else
        n = snprintf(buf, size,
                     "Bearer error=\"%s\", error_description=\"%s\", resource_metadata=\"%s\"",
                     status == SC_OAUTH_MALFORMED ? "invalid_request" : "invalid_token",
                     why != NULL ? why : "", o->metadata_url);
    if (n >= 0 && (size_t)n < size)
        return buf;
    /* scopes too many to list (a cut list would be a broken header) */
    return scopes != NULL                 ? "Bearer error=\"insufficient_scope\""
           : status == SC_OAUTH_NO_TOKEN  ? "Bearer"
           : status == SC_OAUTH_MALFORMED ? "Bearer error=\"invalid_request\""
                                          : "Bearer error=\"invalid_token\"";
}

/* ---- fetching keys ------------------------------------------------------ */

#if SC_MCP_OAUTH_FETCH
static time_t now_monotonic(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec;
}

typedef struct download {
    text body;
    bool too_long;
} download;

static size_t on_data(char *data, size_t size, size_t count, void *arg)
{
    download *d = arg;
    size_t n = size * count;
    if (d->body.len + n > MAX_DOCUMENT) {
        d->too_long = true;
        return 0; /* ends the transfer */
    }
    append(&d->body, data, n);
    return d->body.failed ? 0 : n;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000LL + t.tv_nsec / 1000000;
}

/* libcurl's progress callback: a transfer ends when the server stops. */
static int on_progress(void *arg, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d)
{
    (void)a, (void)b, (void)c, (void)d;
    return atomic_load(&((sc_oauth *)arg)->stopping) ? 1 : 0;
}

/* GETs an https URL by deadline (now_ms) (the body, malloc,
 * NUL-terminated), or NULL with *why. */
static char *https_get(sc_oauth *o, const char *url, long long deadline, size_t *len, char *why,
                       size_t why_size)
{
    long long left = deadline - now_ms();
    if (left <= 0) {
        snprintf(why, why_size, "GET %.200s: not started, the fetch took %d s already", url,
                 SC_OAUTH_FETCH_SECONDS);
        return NULL;
    }
    CURL *curl = curl_easy_init();
    download d = {{0}, false};
    if (curl == NULL) {
        snprintf(why, why_size, "no memory for libcurl");
        return NULL;
    }
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, (long)left);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, o);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE, (long)MAX_DOCUMENT);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &d);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "libschemac-mcp");
    if (o->options.ca_file != NULL)
        curl_easy_setopt(curl, CURLOPT_CAINFO, o->options.ca_file);
    CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(curl);
    if (rc != CURLE_OK || status != 200 || d.body.failed || d.body.s == NULL) {
        snprintf(why, why_size, "GET %.200s: %s", url,
                 d.too_long       ? "too long"
                 : rc != CURLE_OK ? curl_easy_strerror(rc)
                                  : "not 200");
        if (rc == CURLE_OK && status != 200)
            snprintf(why, why_size, "GET %.200s: HTTP %ld", url, status);
        free(d.body.s);
        return NULL;
    }
    *len = d.body.len;
    return d.body.s;
}

/* The jwks_uri of an issuer's metadata: RFC 8414's well-known URI (the
 * issuer's path after it), then OpenID Connect's (after the path); the
 * document's issuer must be the issuer, exactly. */
static char *discover_jwks_uri(sc_oauth *o, const char *issuer, long long deadline, char *why,
                               size_t why_size)
{
    size_t origin_len;
    if (!url_ok(issuer, &origin_len))
        return NULL;
    const char *path = issuer + origin_len;
    if (strcmp(path, "/") == 0)
        path = "";
    char *urls[2] = {join(issuer, origin_len, "/.well-known/oauth-authorization-server", path),
                     join(issuer, strlen(issuer) - (issuer[strlen(issuer) - 1] == '/'),
                          "/.well-known/openid-configuration", "")};
    char *found = NULL;
    for (size_t i = 0; i < 2 && found == NULL; i++) {
        size_t len;
        char *body = urls[i] != NULL ? https_get(o, urls[i], deadline, &len, why, why_size) : NULL;
        cJSON *doc = body != NULL ? cJSON_ParseWithLength(body, len) : NULL;
        const char *named = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "issuer"));
        const char *jwks = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "jwks_uri"));
        if (body != NULL && (named == NULL || strcmp(named, issuer) != 0))
            snprintf(why, why_size, "%.200s: its issuer is not %.200s", urls[i], issuer);
        else if (body != NULL && (jwks == NULL || strncmp(jwks, "https://", 8) != 0))
            snprintf(why, why_size, "%.200s: no https jwks_uri", urls[i]);
        else if (body != NULL)
            found = strdup(jwks);
        cJSON_Delete(doc);
        free(body);
    }
    free(urls[0]);
    free(urls[1]);
    return found;
}

/* Fetches the keys of issuer k (its jwks_uri discovered first if need
 * be) within SC_OAUTH_FETCH_SECONDS, on k's thread, lock not held; NULL
 * with why when it fails. */
static sc_jwks *fetch_keys(sc_oauth *o, issuer_keys *k, char *why, size_t why_size)
{
    long long deadline = now_ms() + SC_OAUTH_FETCH_SECONDS * 1000LL;
    if (k->jwks_uri == NULL &&
        (k->jwks_uri = discover_jwks_uri(o, k->issuer, deadline, why, why_size)) == NULL)
        return NULL;
    size_t len, skipped;
    char *body = https_get(o, k->jwks_uri, deadline, &len, why, why_size);
    if (body == NULL)
        return NULL;
    sc_jwks *keys;
    sc_error err;
    int rc = sc_jwks_parse(body, len, &keys, &skipped, &err);
    free(body);
    if (rc != 0) {
        snprintf(why, why_size, "%.200s: %s", k->jwks_uri, err.message);
        return NULL;
    }
    return keys;
}
#endif

#if SC_MCP_OAUTH_FETCH
/* The thread of issuer k: a fetch each time one is asked for (fetching
 * set), then on_fetched, until the server stops. */
static void *fetcher(void *arg)
{
    issuer_keys *k = arg;
    sc_oauth *o = k->oauth;
    pthread_mutex_lock(&o->lock);
    for (;;) {
        while (!k->fetching && !atomic_load(&o->stopping))
            pthread_cond_wait(&o->wake, &o->lock);
        if (atomic_load(&o->stopping))
            break;
        pthread_mutex_unlock(&o->lock);
        char why[512];
        sc_jwks *keys = fetch_keys(o, k, why, sizeof why);
        keyset *fresh = keys != NULL ? malloc(sizeof *fresh) : NULL;
        if (fresh != NULL)
            *fresh = (keyset){keys, 1};
        else
            sc_jwks_free(keys);
        if (keys == NULL)
            sc_mcp_log(o->server, "oauth: the keys of %s could not be fetched: %s", k->issuer, why);
        else
            sc_mcp_log(o->server, "oauth: %zu key(s) of %s fetched from %s", sc_jwks_count(keys),
                       k->issuer, k->jwks_uri);
        pthread_mutex_lock(&o->lock);
        if (fresh != NULL) {
            keyset_release(k->current);
            k->current = fresh;
        }
        k->ended = now_monotonic(); /* the interval counts from here */
        if (fresh != NULL)
            k->fetched = k->ended;
        k->fetching = false;
        pthread_mutex_unlock(&o->lock);
        if (o->on_fetched != NULL)
            o->on_fetched(o->on_fetched_ctx); /* the waiting requests look again */
        pthread_mutex_lock(&o->lock);
    }
    pthread_mutex_unlock(&o->lock);
    return NULL;
}
#endif

/* The current keys of issuer k with a reference (NULL: none yet), and in
 * *pending whether a fetch is in flight for them. A fetch is asked of k's
 * thread when there are none, they are older than jwks_cache_seconds, or
 * refresh asks (an unknown kid), and the last fetch ended at least
 * jwks_refresh_seconds ago. Never waits: the keys there are are used
 * meanwhile. */
static keyset *issuer_keyset(sc_oauth *o, issuer_keys *k, bool refresh, bool *pending)
{
    pthread_mutex_lock(&o->lock);
#if SC_MCP_OAUTH_FETCH
    time_t now = now_monotonic();
    bool stale = k->current == NULL || now - k->fetched >= (time_t)o->cache_seconds || refresh;
    bool allowed = k->ended == 0 || now - k->ended >= (time_t)o->refresh_seconds;
    if (o->fetch && stale && allowed && !k->fetching) {
        k->fetching = true;
        pthread_cond_broadcast(&o->wake);
    }
    *pending = k->fetching;
#else
    (void)refresh;
    *pending = false;
#endif
    keyset *current = k->current;
    if (current != NULL)
        current->refs++;
    pthread_mutex_unlock(&o->lock);
    return current;
}

static void keyset_done(sc_oauth *o, keyset *k)
{
    pthread_mutex_lock(&o->lock);
    keyset_release(k);
    pthread_mutex_unlock(&o->lock);
}

/* ---- principals --------------------------------------------------------- */

void sc_oauth_principal_free(void *principal)
{
    sc_oauth_principal *p = principal;
    if (p != NULL)
        cJSON_Delete(p->claims);
    free(p);
}

/* The granted scopes of claims: scope (space separated) or scp (an array,
 * or a string). */
static void granted_scopes(const cJSON *claims, text *out)
{
    const cJSON *scope = cJSON_GetObjectItemCaseSensitive(claims, "scope");
    const cJSON *scp = cJSON_GetObjectItemCaseSensitive(claims, "scp"), *item;
    if (cJSON_IsString(scope))
        add_scopes(out, scope->valuestring);
    else if (cJSON_IsString(scp))
        add_scopes(out, scp->valuestring);
    const cJSON *list = cJSON_IsArray(scp) && !cJSON_IsString(scope) ? scp : NULL;
    cJSON_ArrayForEach(item,
                       list) if (cJSON_IsString(item) && strchr(item->valuestring, ' ') == NULL)
        add_scopes(out, item->valuestring);
}

/* A principal of claims (taken over); NULL when memory runs out. */
static sc_oauth_principal *principal_of(cJSON *claims)
{
    text scopes = {0};
    append(&scopes, "", 0);
    granted_scopes(claims, &scopes);
    const char *sub = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(claims, "sub"));
    const char *client =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(claims, "client_id"));
    if (client == NULL)
        client = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(claims, "azp"));
    const char *iss = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(claims, "iss"));
    sc_oauth_principal *p = scopes.failed ? NULL : malloc(sizeof *p + scopes.len + 1);
    if (p == NULL) {
        free(scopes.s);
        cJSON_Delete(claims);
        return NULL;
    }
    char *copy = (char *)(p + 1);
    memcpy(copy, scopes.s, scopes.len + 1);
    free(scopes.s);
    p->claims = claims;
    p->principal = (sc_mcp_principal){sub, client, iss, copy, claims};
    return p;
}

/* A string into the owner's hash: whether there is one, its length (8
 * bytes), its bytes; so that no two (issuer, kind, value) hash alike. */
static void owner_part(struct sha256_ctx *ctx, const char *s)
{
    uint8_t head[9] = {s != NULL};
    size_t len = s != NULL ? strlen(s) : 0;
    for (int i = 0; i < 8; i++)
        head[1 + i] = (uint8_t)((uint64_t)len >> (56 - 8 * i));
    sha256_update(ctx, sizeof head, head);
    if (len > 0)
        sha256_update(ctx, len, (const uint8_t *)s);
}

void sc_oauth_owner(const sc_mcp_principal *principal, unsigned char owner[SC_OAUTH_OWNER_LEN])
{
    /* a subject, else a client (a token of its own, without sub): never
     * the one for the other, even under the same name */
    struct sha256_ctx ctx;
    bool subject = principal->subject != NULL;
    const char *value = subject ? principal->subject : principal->client_id;
    uint8_t kind = subject ? 's' : value != NULL ? 'c' : '-';
    sha256_init(&ctx);
    owner_part(&ctx, principal->issuer);
    sha256_update(&ctx, 1, &kind);
    owner_part(&ctx, value);
    sha256_digest(&ctx, SC_OAUTH_OWNER_LEN, owner);
}

/* ---- checking a request's token ----------------------------------------- */

/* The issuer's entry of a JWT's iss, or NULL. */
static issuer_keys *issuer_named(sc_oauth *o, const cJSON *claims)
{
    const char *iss = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(claims, "iss"));
    for (size_t i = 0; iss != NULL && i < o->options.issuer_count; i++)
        if (strcmp(iss, o->issuers[i].issuer) == 0)
            return &o->issuers[i];
    return NULL;
}

/* The signature with the file's keys, then the issuer's (fetched again,
 * within the rate limit, for an unknown kid). *pending: not yet, the
 * keys it needs are being fetched. */
static sc_jwt_result verify_signature(sc_oauth *o, const sc_jwt *jwt, issuer_keys *k,
                                      const char **why, bool *pending)
{
    sc_jwt_result r = SC_JWT_UNKNOWN_KEY;
    *pending = false;
    if (o->file_keys != NULL)
        r = sc_jwt_verify(jwt, o->file_keys, why);
    if (r != SC_JWT_UNKNOWN_KEY || !o->fetch)
        return r;
    keyset *keys = issuer_keyset(o, k, false, pending);
    if (keys != NULL) {
        r = sc_jwt_verify(jwt, keys->keys, why);
        keyset_done(o, keys);
        if (r != SC_JWT_UNKNOWN_KEY)
            return *pending = false, r;
        keyset_done(o, issuer_keyset(o, k, true, pending)); /* a rotation, maybe */
        return r;
    }
    return *why = "the authorization server's keys are not available", SC_JWT_NO_KEYS;
}

static sc_oauth_status check_jwt(sc_oauth *o, const char *token, sc_oauth_principal **out,
                                 const char **why)
{
    sc_jwt jwt;
    sc_jwt_result r = sc_jwt_decode(token, &jwt, why);
    issuer_keys *k = r == SC_JWT_OK ? issuer_named(o, jwt.claims) : NULL;
    if (r == SC_JWT_OK && k == NULL) /* before any key is fetched for it */
        r = SC_JWT_BAD_CLAIMS,
        *why = "the token's iss is not an authorization server of this resource";
    bool pending = false;
    if (r == SC_JWT_OK)
        r = verify_signature(o, &jwt, k, why, &pending);
    sc_jwt_expect expect = {o->options.issuers, o->options.issuer_count, o->options.resource,
                            o->skew};
    if (r == SC_JWT_OK)
        r = sc_jwt_check_claims(jwt.claims, &expect, time(NULL), why);
    if (r != SC_JWT_OK) {
        sc_jwt_free(&jwt);
        return pending               ? SC_OAUTH_PENDING
               : r == SC_JWT_NO_KEYS ? SC_OAUTH_UNAVAILABLE
                                     : SC_OAUTH_INVALID;
    }
    cJSON *claims = jwt.claims;
    jwt.claims = NULL;
    sc_jwt_free(&jwt);
    return (*out = principal_of(claims)) != NULL ? SC_OAUTH_ALLOWED : SC_OAUTH_NOMEM;
}

/* An introspection's answer, checked as far as it goes (RFC 7662 section
 * 2.2: active; then iss, aud and exp when it has them). */
static bool introspection_ok(const sc_oauth *o, const cJSON *claims, const char **why)
{
    const cJSON *iss = cJSON_GetObjectItemCaseSensitive(claims, "iss");
    const cJSON *aud = cJSON_GetObjectItemCaseSensitive(claims, "aud");
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(claims, "exp");
    sc_jwt_expect expect = {o->options.issuers, o->options.issuer_count, o->options.resource,
                            o->skew};
    cJSON *probe = cJSON_CreateObject(); /* the three claims, with defaults that pass */
    bool ok = probe != NULL && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(claims, "active"));
    if (!ok)
        *why = "the token is not active";
    if (ok)
        ok = cJSON_AddItemToObject(probe, "iss",
                                   iss != NULL ? cJSON_Duplicate(iss, false)
                                               : cJSON_CreateString(o->options.issuers[0])) &&
             cJSON_AddItemToObject(probe, "aud",
                                   aud != NULL ? cJSON_Duplicate(aud, true)
                                               : cJSON_CreateString(o->options.resource)) &&
             cJSON_AddItemToObject(probe, "exp",
                                   exp != NULL ? cJSON_Duplicate(exp, false)
                                               : cJSON_CreateNumber((double)time(NULL) + 60));
    if (ok)
        ok = sc_jwt_check_claims(probe, &expect, time(NULL), why) == SC_JWT_OK;
    cJSON_Delete(probe);
    return ok;
}

static sc_oauth_status check_opaque(sc_oauth *o, const char *token, sc_oauth_principal **out,
                                    const char **why)
{
    cJSON *claims = NULL;
    if (!o->options.introspect(o->options.introspect_ctx, token, &claims) ||
        !cJSON_IsObject(claims)) {
        cJSON_Delete(claims);
        *why = "the token was refused";
        return SC_OAUTH_INVALID;
    }
    if (!introspection_ok(o, claims, why)) {
        cJSON_Delete(claims);
        return SC_OAUTH_INVALID;
    }
    return (*out = principal_of(claims)) != NULL ? SC_OAUTH_ALLOWED : SC_OAUTH_NOMEM;
}

/* RFC 6750 section 2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" /
 * "~" / "+" / "/" ) *"=" */
static bool b64token(const char *s)
{
    size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/");
    return n > 0 && s[n + strspn(s + n, "=")] == '\0';
}

sc_oauth_status sc_oauth_check(sc_oauth *o, const char *authorization, bool token_in_query,
                               sc_oauth_principal **principal, const char **why)
{
    *principal = NULL;
    *why = "";
    if (token_in_query)
        return *why =
                   "an access token in the query string is never accepted; send it in the Authorization header",
               SC_OAUTH_MALFORMED;
    if (authorization == NULL)
        return SC_OAUTH_NO_TOKEN;
    if (strncasecmp(authorization, "Bearer ", 7) != 0)
        return SC_OAUTH_NO_TOKEN; /* another scheme: this resource takes Bearer only */
    const char *token = authorization + 7;
    token += strspn(token, " ");
    if (strnlen(token, SC_JWT_MAX_TOKEN + 1) > SC_JWT_MAX_TOKEN)
        return *why = "the token is too long", SC_OAUTH_INVALID;
    if (!b64token(token))
        return *why = "the Authorization header is not Bearer followed by a token",
               SC_OAUTH_MALFORMED;
    bool keys = o->file_keys != NULL || o->fetch;
    if (keys && (sc_jwt_shaped(token) || o->options.introspect == NULL))
        return check_jwt(o, token, principal, why);
    return check_opaque(o, token, principal, why);
}

/* ---- scopes a request needs --------------------------------------------- */

static const char *prompt_scopes(const sc_mcp_server *server, const char *name)
{
    for (size_t i = 0; name != NULL && i < server->prompt_count; i++)
        if (strcmp(server->prompts[i].name, name) == 0)
            return server->prompts[i].scopes;
    return NULL;
}

/* The scopes of the resource a URI reads (a fixed one, or a template's). */
static const char *resource_scopes(const sc_mcp_server *server, const char *uri)
{
    const sc_mcp_resource *resource = uri != NULL ? sc_mcp_find_resource(server, uri, NULL) : NULL;
    return resource != NULL ? resource->scopes : NULL;
}

/* Adds the scopes one request needs to needed (docs/deploy.md has the
 * table): what runs, reads or reveals a scoped tool, prompt or resource
 * needs its scopes. A completion of a prompt's or a template's argument
 * shows the values it takes, and a subscription (2025's subscribe,
 * 2026-07-28's listen) tells when a resource changes: each needs the
 * scopes of what it names. The lists and unsubscribe need none. */
static void required_scopes(const sc_mcp_server *server, const cJSON *message, text *needed)
{
    const char *method = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(message, "method"));
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(message, "params");
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(params, "name"));
    const char *uri = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(params, "uri"));
    if (method == NULL)
        return;
    if (strcmp(method, "tools/call") == 0) {
        const sc_tool *tool = sc_mcp_find_tool(server, name);
        add_scopes(needed, tool != NULL ? tool->scopes : NULL);
    } else if (strcmp(method, "prompts/get") == 0) {
        add_scopes(needed, prompt_scopes(server, name));
    } else if (strcmp(method, "resources/read") == 0 ||
               strcmp(method, "resources/subscribe") == 0) {
        add_scopes(needed, resource_scopes(server, uri));
    } else if (strcmp(method, "completion/complete") == 0) {
        /* the reference as mcp_features.c's completion finds it: a prompt
         * by name, a resource by its URI or template, exactly */
        const cJSON *ref = cJSON_GetObjectItemCaseSensitive(params, "ref");
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ref, "type"));
        const char *ref_name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ref, "name"));
        const char *ref_uri = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(ref, "uri"));
        if (type != NULL && strcmp(type, "ref/prompt") == 0)
            add_scopes(needed, prompt_scopes(server, ref_name));
        for (size_t i = 0; type != NULL && strcmp(type, "ref/resource") == 0 && ref_uri != NULL &&
                           i < server->resource_count;
             i++)
            if (strcmp(server->resources[i].uri, ref_uri) == 0)
                add_scopes(needed, server->resources[i].scopes);
    } else if (strcmp(method, "subscriptions/listen") == 0) {
        const cJSON *uris = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(params, "notifications"), "resourceSubscriptions");
        const cJSON *item, *list = cJSON_IsArray(uris) ? uris : NULL;
        cJSON_ArrayForEach(item, list)
            add_scopes(needed, resource_scopes(server, cJSON_GetStringValue(item)));
    }
}

const char *sc_oauth_missing_scopes(const sc_oauth *o, const sc_mcp_principal *principal,
                                    sc_arena *arena, const char *body, size_t len)
{
    cJSON *tree = cJSON_ParseWithLength(body, len), *item;
    text needed = {0};
    append(&needed, "", 0);
    if (cJSON_IsArray(tree)) {
        cJSON_ArrayForEach(item, tree) required_scopes(o->server, item, &needed);
    } else if (tree != NULL) {
        required_scopes(o->server, tree, &needed);
    }
    cJSON_Delete(tree);
    bool missing = false;
    for (const char *p = needed.s; p != NULL && *p != '\0' && !missing;) {
        size_t n = strcspn(p, " ");
        missing = !listed_scope(principal->scopes, p, n);
        p += n + strspn(p + n, " ");
    }
    const char *result = needed.failed ? ""
                         : missing     ? sc_arena_strndup(arena, needed.s, needed.len)
                                       : NULL;
    free(needed.s);
    return result;
}
