/* libschemac-mcp built without the OAuth resource server (meson option
 * oauth, which needs GnuTLS): sc_mcp_http_start refuses oauth.resource,
 * so nothing below but sc_oauth_create is ever called. */
#include <string.h>

#include "mcp_oauth.h"
#include "schemac/schemac.h"

int sc_oauth_create(const sc_mcp_server *server, const sc_mcp_oauth_options *options,
                    const char *path, void (*on_fetched)(void *ctx), void *on_fetched_ctx,
                    sc_oauth **out, sc_error *err)
{
    (void)server, (void)options, (void)path, (void)on_fetched, (void)on_fetched_ctx;
    *out = NULL;
    return sc_fail(
        err, SC_ERR_ARGUMENT, NULL,
        "oauth.resource: libschemac-mcp was built without OAuth (meson option oauth, needs GnuTLS)");
}

void sc_oauth_free(sc_oauth *oauth)
{
    (void)oauth;
}

bool sc_oauth_is_metadata(const sc_oauth *oauth, const char *url)
{
    (void)oauth, (void)url;
    return false;
}

const char *sc_oauth_metadata(const sc_oauth *oauth, size_t *len)
{
    (void)oauth;
    *len = 0;
    return "";
}

void sc_oauth_principal_free(void *principal)
{
    (void)principal;
}

sc_oauth_status sc_oauth_check(sc_oauth *oauth, const char *authorization, bool token_in_query,
                               sc_oauth_principal **principal, const char **why)
{
    (void)oauth, (void)authorization, (void)token_in_query;
    *principal = NULL;
    *why = "OAuth is not built in";
    return SC_OAUTH_INVALID;
}

unsigned sc_oauth_retry_after(const sc_oauth *oauth)
{
    (void)oauth;
    return 1;
}

const char *sc_oauth_challenge(const sc_oauth *oauth, sc_oauth_status status, const char *why,
                               const char *scopes, char *buf, size_t size)
{
    (void)oauth, (void)status, (void)why, (void)scopes, (void)size;
    buf[0] = '\0';
    return "Bearer";
}

const char *sc_oauth_missing_scopes(const sc_oauth *oauth, const sc_mcp_principal *principal,
                                    sc_arena *arena, const char *body, size_t len)
{
    (void)oauth, (void)principal, (void)arena, (void)body, (void)len;
    return NULL;
}

void sc_oauth_owner(const sc_mcp_principal *principal, unsigned char owner[SC_OAUTH_OWNER_LEN])
{
    (void)principal;
    memset(owner, 0, SC_OAUTH_OWNER_LEN);
}
