/* libschemac-validate: URI references resolved as RFC 3986 section 5.2
 * says, which is all "$id" and "$ref" need (no normalisation beyond dot
 * segments: JSON Schema compares URIs as strings). */
#include "validate_internal.h"
#include "formats.h"

#include <stdlib.h>
#include <string.h>

/* The five parts of a reference; each a span of the text, absent when
 * ptr is NULL (the authority, query and fragment) or empty (the path). */
typedef struct span {
    const char *ptr;
    size_t len;
} span;

typedef struct uri_parts {
    span scheme, authority, path, query, fragment;
} uri_parts;

static bool scheme_char(char c, bool first)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return true;
    return !first && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.');
}

static void split(const char *s, uri_parts *u)
{
    memset(u, 0, sizeof *u);
    const char *p = s;
    while (scheme_char(*p, p == s))
        p++;
    if (*p == ':' && p > s) {
        u->scheme = (span){s, (size_t)(p - s)};
        s = p + 1;
    }
    if (s[0] == '/' && s[1] == '/') {
        size_t n = strcspn(s + 2, "/?#");
        u->authority = (span){s + 2, n};
        s += 2 + n;
    }
    size_t n = strcspn(s, "?#");
    u->path = (span){s, n};
    s += n;
    if (*s == '?') {
        n = strcspn(s + 1, "#");
        u->query = (span){s + 1, n};
        s += 1 + n;
    }
    if (*s == '#')
        u->fragment = (span){s + 1, strlen(s + 1)};
}

bool sv_uri_absolute(const char *uri)
{
    uri_parts u;
    split(uri, &u);
    return u.scheme.ptr != NULL;
}

/* Removes "." and ".." segments from path[0..*len) in place (5.2.4):
 * the input is a copy, the output grows over path from its start. */
static bool remove_dots(char *path, size_t *len)
{
    char *buf = malloc(*len + 1);
    if (buf == NULL)
        return false;
    memcpy(buf, path, *len);
    buf[*len] = '\0';
    char *in = buf, *out = path;
    while (*in) {
        if (strncmp(in, "../", 3) == 0)
            in += 3;
        else if (strncmp(in, "./", 2) == 0)
            in += 2;
        else if (strncmp(in, "/./", 3) == 0)
            in += 2;
        else if (strcmp(in, "/.") == 0)
            *++in = '/';
        else if (strncmp(in, "/../", 4) == 0 || strcmp(in, "/..") == 0) {
            in += 2;
            *in = '/';
            while (out > path && *--out != '/')
                ;
        } else if (strcmp(in, ".") == 0 || strcmp(in, "..") == 0)
            break;
        else {
            do
                *out++ = *in++;
            while (*in && *in != '/');
        }
    }
    *len = (size_t)(out - path);
    free(buf);
    return true;
}

static char *append(char *o, const char *prefix, span s)
{
    if (s.ptr == NULL)
        return o;
    size_t n = strlen(prefix);
    memcpy(o, prefix, n);
    memcpy(o + n, s.ptr, s.len);
    return o + n + s.len;
}

char *sv_uri_resolve(const char *base, const char *ref)
{
    uri_parts r, b, t;
    split(ref, &r);
    if (base == NULL || r.scheme.ptr != NULL)
        base = ref;
    split(base, &b);
    size_t room = strlen(base) + strlen(ref) + 8;
    char *merged = malloc(room);
    char *out = malloc(room);
    if (merged == NULL || out == NULL) {
        free(merged);
        free(out);
        return NULL;
    }
    t = r;
    if (r.scheme.ptr == NULL) {
        t.scheme = b.scheme;
        if (r.authority.ptr == NULL) {
            t.authority = b.authority;
            if (r.path.len == 0) {
                t.path = b.path;
                if (r.query.ptr == NULL)
                    t.query = b.query;
            } else if (r.path.ptr[0] != '/') {
                /* merge: the base's path up to its last '/', then ref's */
                size_t keep = b.path.len;
                while (keep > 0 && b.path.ptr[keep - 1] != '/')
                    keep--;
                size_t n = 0;
                if (b.authority.ptr != NULL && b.path.len == 0)
                    merged[n++] = '/';
                memcpy(merged + n, b.path.ptr, keep);
                memcpy(merged + n + keep, r.path.ptr, r.path.len);
                t.path = (span){merged, n + keep + r.path.len};
            }
        }
    }
    char *o = out;
    o = append(o, "", t.scheme);
    if (t.scheme.ptr)
        *o++ = ':';
    o = append(o, "//", t.authority);
    char *path = o;
    memcpy(o, t.path.ptr ? t.path.ptr : "", t.path.len);
    size_t plen = t.path.len;
    if (plen > 0 && (path[0] == '/' || t.authority.ptr != NULL) && !remove_dots(path, &plen)) {
        free(merged);
        free(out);
        return NULL;
    }
    o = path + plen;
    o = append(o, "?", t.query);
    o = append(o, "#", t.fragment);
    *o = '\0';
    free(merged);
    return out;
}

char *sv_uri_split(const char *uri, char **fragment)
{
    const char *hash = strchr(uri, '#');
    size_t n = hash ? (size_t)(hash - uri) : strlen(uri);
    char *abs = malloc(n + 1);
    if (abs == NULL)
        return NULL;
    memcpy(abs, uri, n);
    abs[n] = '\0';
    if (fragment == NULL)
        return abs;
    const char *f = hash ? hash + 1 : "";
    char *d = malloc(strlen(f) + 1);
    if (d == NULL) {
        free(abs);
        return NULL;
    }
    size_t j = 0;
    for (size_t i = 0; f[i]; i++) {
        if (f[i] == '%' && sv_hex_digit(f[i + 1]) >= 0 && sv_hex_digit(f[i + 2]) >= 0) {
            d[j++] = (char)(sv_hex_digit(f[i + 1]) * 16 + sv_hex_digit(f[i + 2]));
            i += 2;
        } else
            d[j++] = f[i];
    }
    d[j] = '\0';
    *fragment = d;
    return abs;
}
