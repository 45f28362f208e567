/* libschemac-validate: the formats uri-reference (RFC 3986 section 4.1),
 * iri and iri-reference (RFC 3987 section 2.2), by their ABNF.
 *
 * The decoders' "uri" (runtime/core/format.c) follows ajv-formats and its
 * regex's quirks; these follow the RFCs, as the test suite does: no
 * character outside the grammar (space, ", <, >, \, ^, `, {, |, }, controls;
 * non-ASCII only in IRIs, as ucschar, or iprivate in the query), "%" only
 * before two hex digits, "[" and "]" only around an IP literal whose IPv4
 * part has no leading zeros, a port of digits, one "@" in the authority,
 * no ":" in the first segment of a relative path. */
#include "formats.h"

#include <string.h>

enum {
    UNRESERVED = 1, /* ALPHA DIGIT - . _ ~ */
    SUB_DELIM = 2,  /* ! $ & ' ( ) * + , ; = */
    COLON = 4,
    AT = 8,
    SLASH = 16,
    QUESTION = 32,
    PCHAR = UNRESERVED | SUB_DELIM | COLON | AT,
};

static unsigned class_of(unsigned char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
        (c != '\0' && strchr("-._~", c)))
        return UNRESERVED;
    if (c != '\0' && strchr("!$&'()*+,;=", c))
        return SUB_DELIM;
    return c == ':' ? COLON : c == '@' ? AT : c == '/' ? SLASH : c == '?' ? QUESTION : 0;
}

bool sv_iri_char(int32_t c, bool iprivate)
{
    if ((c >= 0xA0 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFEF))
        return true;
    if (c >= 0x10000 && c <= 0xEFFFD && (c & 0xFFFF) <= 0xFFFD)
        return c < 0xE0000 || c >= 0xE1000; /* planes 1 to 14, but E0000-E0FFF */
    return iprivate && ((c >= 0xE000 && c <= 0xF8FF) ||
                        (c >= 0xF0000 && c <= 0x10FFFD && (c & 0xFFFF) <= 0xFFFD));
}

/* Every character of s[i..end) is of the classes allowed, a pct-encoded
 * triplet, or (iri) a ucschar (or an iprivate where iprivate). */
static bool run_of(const char *s, size_t i, size_t end, unsigned allowed, bool iri, bool iprivate)
{
    while (i < end) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80) {
            int32_t cp = iri ? pattern_utf8_next(s, end, &i) : -1;
            if (cp < 0 || !sv_iri_char(cp, iprivate))
                return false;
        } else if (c == '%') {
            if (end - i < 3 || sv_hex_digit(s[i + 1]) < 0 || sv_hex_digit(s[i + 2]) < 0)
                return false;
            i += 3;
        } else if (class_of(c) & allowed) {
            i++;
        } else {
            return false;
        }
    }
    return true;
}

/* "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
static bool ipvfuture(const char *s, size_t len)
{
    if (len < 4 || (s[0] != 'v' && s[0] != 'V') || sv_hex_digit(s[1]) < 0)
        return false;
    size_t i = 2;
    while (i < len && sv_hex_digit(s[i]) >= 0)
        i++;
    if (i + 1 >= len || s[i] != '.')
        return false;
    for (i++; i < len; i++)
        if (!(class_of((unsigned char)s[i]) & (UNRESERVED | SUB_DELIM | COLON)))
            return false;
    return true;
}

/* authority = [ userinfo "@" ] host [ ":" port ], in s[i..end) */
static bool authority(const char *s, size_t i, size_t end, bool iri)
{
    const char *at = memchr(s + i, '@', end - i);
    if (at != NULL) {
        size_t u = (size_t)(at - s);
        if (!run_of(s, i, u, UNRESERVED | SUB_DELIM | COLON, iri, false))
            return false;
        i = u + 1; /* a second "@" is in no part of host or port */
    }
    size_t port;
    if (i < end && s[i] == '[') {
        const char *close = memchr(s + i, ']', end - i);
        if (close == NULL)
            return false;
        size_t n = (size_t)(close - s) - i - 1;
        /* the decoders' ipv6: RFC 4291 text forms whose IPv4 octets have
         * no leading zeros, which is RFC 3986's IPv6address */
        if (!sc_format_valid(SC_FORMAT_IPV6, s + i + 1, n) && !ipvfuture(s + i + 1, n))
            return false;
        port = (size_t)(close - s) + 1;
        if (port < end && s[port] != ':')
            return false;
    } else {
        const char *colon = memchr(s + i, ':', end - i);
        port = colon != NULL ? (size_t)(colon - s) : end;
        if (!run_of(s, i, port, UNRESERVED | SUB_DELIM, iri,
                    false)) /* reg-name, IPv4address included */
            return false;
    }
    for (size_t k = port + 1; k < end; k++)
        if (s[k] < '0' || s[k] > '9')
            return false;
    return true;
}

bool sv_uri_reference_valid(const char *s, size_t len, bool iri, bool absolute)
{
    /* scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" */
    size_t i = 0;
    bool scheme = false;
    if (len > 0 && ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) {
        size_t k = 1;
        while (k < len &&
               ((class_of((unsigned char)s[k]) == UNRESERVED && s[k] != '_' && s[k] != '~') ||
                s[k] == '+'))
            k++;
        if (k < len && s[k] == ':') {
            scheme = true;
            i = k + 1;
        }
    }
    if (absolute && !scheme)
        return false;
    /* the fragment, then the query: no part before them holds "#" or "?" */
    const char *hash = memchr(s + i, '#', len - i);
    size_t end = hash != NULL ? (size_t)(hash - s) : len;
    if (hash != NULL && !run_of(s, end + 1, len, PCHAR | SLASH | QUESTION, iri, false))
        return false;
    const char *question = memchr(s + i, '?', end - i);
    if (question != NULL) {
        size_t q = (size_t)(question - s);
        if (!run_of(s, q + 1, end, PCHAR | SLASH | QUESTION, iri, true))
            return false;
        end = q;
    }
    /* "//" authority path-abempty, or a path */
    if (end - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
        const char *slash = memchr(s + i + 2, '/', end - i - 2);
        size_t a = slash != NULL ? (size_t)(slash - s) : end;
        if (!authority(s, i + 2, a, iri))
            return false;
        i = a;
    } else if (!scheme) {
        /* path-noscheme: no ":" in the first segment */
        const char *slash = memchr(s + i, '/', end - i);
        size_t first = slash != NULL ? (size_t)(slash - s) : end;
        if (memchr(s + i, ':', first - i) != NULL)
            return false;
    }
    return run_of(s, i, end, PCHAR | SLASH, iri, false);
}
