/* schemac runtime: the "format" keyword.
 *
 * Each recogniser accepts exactly the strings that ajv-formats 3.0.1 (with
 * ajv 8.20.0) accepts in its default "full" mode, because ajv is the oracle
 * the generated decoders are tested against. Where that differs from the RFC
 * or the JSON Schema Test Suite, ajv wins; docs/formats.md lists the cases.
 *
 * ajv runs JavaScript regexes over UTF-16 strings. Every regex involved is
 * ASCII-only and case-insensitive without the "u" flag, under which a
 * non-ASCII character never matches an ASCII letter (e.g. U+212A KELVIN SIGN
 * is not "k"). So non-ASCII bytes are rejected everywhere except in the one
 * place ajv matches \s (the date-time separator). Input is pointer + length,
 * no NUL needed; no locale, no regex library, no allocation.
 */
#include "schemac/check.h"

#include <string.h>

/* ---- ASCII classes ----
 * One table lookup per character instead of a chain of comparisons (and
 * explicit: <ctype.h> depends on the locale). The table is built by the
 * compiler from CLASS_OF, so it cannot drift from the definitions. Bytes
 * >= 0x80 belong to no class. */

enum {
    C_DIGIT = 1 << 0,
    C_HEX = 1 << 1,
    C_ALPHA = 1 << 2,
    C_ATEXT = 1 << 3,  /* email local part: alnum and !#$%&'*+/=?^_`{|}~- */
    C_LABEL = 1 << 4,  /* host and domain labels: alnum and '-' */
    C_SCHEME = 1 << 5, /* URI scheme after the first letter: alnum + - . */
    /* URI character sets (RFC 3986) */
    U_UNRESERVED = 1 << 6, /* ALPHA DIGIT - . _ ~ */
    U_SUBDELIM = 1 << 7,   /* ! $ & ' ( ) * + , ; = */
    U_COLON = 1 << 8,
    U_AT = 1 << 9,
    U_SLASH = 1 << 10,
    U_QUESTION = 1 << 11,
    U_PCT = 1 << 12, /* not a class of its own: "%XX allowed" in uri_run */
    U_PCHAR = U_UNRESERVED | U_SUBDELIM | U_COLON | U_AT | U_PCT,
    U_PATH = U_PCHAR | U_SLASH,
    U_QUERY = U_PATH | U_QUESTION,
    U_USERINFO = U_UNRESERVED | U_SUBDELIM | U_COLON | U_PCT,
    U_REGNAME = U_UNRESERVED | U_SUBDELIM | U_PCT
};

#define IS_D(c) ((c) >= '0' && (c) <= '9')
#define IS_A(c) (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define IS_X(c) (IS_D(c) || ((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F'))
#define IN2(c, a, b) ((c) == (a) || (c) == (b))
#define IS_ATEXT_SPECIAL(c)                                                                        \
    (IN2(c, '!', '#') || IN2(c, '$', '%') || IN2(c, '&', '\'') || IN2(c, '*', '+') ||              \
     IN2(c, '/', '=') || IN2(c, '?', '^') || IN2(c, '_', '`') || IN2(c, '{', '|') ||               \
     IN2(c, '}', '~') || (c) == '-')
#define IS_SUBDELIM(c)                                                                             \
    (IN2(c, '!', '$') || IN2(c, '&', '\'') || IN2(c, '(', ')') || IN2(c, '*', '+') ||              \
     IN2(c, ',', ';') || (c) == '=')
#define CLASS_OF(c)                                                                                \
    ((IS_D(c) ? C_DIGIT : 0) | (IS_X(c) ? C_HEX : 0) | (IS_A(c) ? C_ALPHA : 0) |                   \
     (IS_D(c) || IS_A(c) || IS_ATEXT_SPECIAL(c) ? C_ATEXT : 0) |                                   \
     (IS_D(c) || IS_A(c) || (c) == '-' ? C_LABEL : 0) |                                            \
     (IS_D(c) || IS_A(c) || (c) == '+' || (c) == '-' || (c) == '.' ? C_SCHEME : 0) |               \
     (IS_D(c) || IS_A(c) || (c) == '-' || (c) == '.' || (c) == '_' || (c) == '~' ? U_UNRESERVED    \
                                                                                 : 0) |            \
     (IS_SUBDELIM(c) ? U_SUBDELIM : 0) | ((c) == ':' ? U_COLON : 0) | ((c) == '@' ? U_AT : 0) |    \
     ((c) == '/' ? U_SLASH : 0) | ((c) == '?' ? U_QUESTION : 0))
#define CLASS4(c) CLASS_OF(c), CLASS_OF((c) + 1), CLASS_OF((c) + 2), CLASS_OF((c) + 3)
#define CLASS16(c) CLASS4(c), CLASS4((c) + 4), CLASS4((c) + 8), CLASS4((c) + 12)
#define CLASS64(c) CLASS16(c), CLASS16((c) + 16), CLASS16((c) + 32), CLASS16((c) + 48)

static const unsigned short char_class[256] = {CLASS64(0), CLASS64(64)}; /* 128..255: 0 */

static bool has_class(unsigned char c, unsigned cls)
{
    return (char_class[c] & cls) != 0;
}

static bool is_digit(unsigned char c)
{
    return has_class(c, C_DIGIT);
}

static bool is_alpha(unsigned char c)
{
    return has_class(c, C_ALPHA);
}

static bool is_hex(unsigned char c)
{
    return has_class(c, C_HEX);
}

/* s[0..n) all hex digits: the classes and-ed together, no branch per byte. */
static bool hex_run(const char *s, size_t n)
{
    unsigned all = C_HEX;
    for (size_t i = 0; i < n; i++)
        all &= char_class[(unsigned char)s[i]];
    return all != 0;
}

static unsigned char to_lower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? (unsigned char)(c - 'A' + 'a') : c;
}

/* Two ASCII digits at s[0..1] as a number, or -1. */
static int two_digits(const char *s)
{
    unsigned char a = (unsigned char)s[0], b = (unsigned char)s[1];
    if (!is_digit(a) || !is_digit(b))
        return -1;
    return (a - '0') * 10 + (b - '0');
}

/* ---- date: /^(\d\d\d\d)-(\d\d)-(\d\d)$/ with a real calendar day ----
 * Year 0000-9999 (proleptic Gregorian leap rule), month 01-12, day within
 * the month, February 29 only in leap years. */

static bool is_leap_year(int y)
{
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

static bool date_valid(const char *s, size_t len)
{
    static const int days[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (len != 10 || s[4] != '-' || s[7] != '-')
        return false;
    int y1 = two_digits(s), y2 = two_digits(s + 2);
    int month = two_digits(s + 5), day = two_digits(s + 8);
    if (y1 < 0 || y2 < 0 || month < 0 || day < 0)
        return false;
    if (month < 1 || month > 12 || day < 1)
        return false;
    int max = (month == 2 && is_leap_year(y1 * 100 + y2)) ? 29 : days[month];
    return day <= max;
}

/* ---- time ----
 * ajv: /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)$/i
 * (the offset is required), then with sec = Number("SS.fff"):
 *   offset hours <= 23 and offset minutes <= 59, and either
 *   hr <= 23 && min <= 59 && sec < 60, or a leap second: converted to UTC
 *   (utcMin = min - tzM*sign, utcHr = hr - tzH*sign - (utcMin < 0)) the time
 *   is 23:59 (or -1:-1, i.e. the minute before midnight seen from the other
 *   side) and sec < 61.
 * So "+01" and "+0100" are accepted offsets, lower-case z too, and an hour
 * of 24 passes when the offset brings it back to 23:59 UTC ("24:59:60+01:00").
 * Number() rounds to a double: 59.999999999999999 is 60, so that second is
 * only valid as a leap second; seconds_round_up() reproduces the rounding. */

/* The exact decimal expansion of 1 - 2^-48. Near 60 and 61 doubles are
 * 2^-47 apart and both integers have an even significand, so "SS.f" with
 * SS = 59 or 60 rounds up to SS + 1 exactly when 0.f >= 1 - 2^-48. */
static const char round_up_threshold[] = "999999999999996447286321199499070644378662109375";

static bool seconds_round_up(const char *frac, size_t n)
{
    size_t tn = sizeof round_up_threshold - 1;
    size_t m = n > tn ? n : tn;
    for (size_t i = 0; i < m; i++) {
        char a = i < n ? frac[i] : '0';
        char b = i < tn ? round_up_threshold[i] : '0';
        if (a != b)
            return a > b;
    }
    return true; /* a tie rounds to even, which is the integer */
}

static bool time_valid(const char *s, size_t len)
{
    if (len < 9 || s[2] != ':' || s[5] != ':')
        return false;
    int hr = two_digits(s), min = two_digits(s + 3), sec = two_digits(s + 6);
    if (hr < 0 || min < 0 || sec < 0)
        return false;
    size_t i = 8;
    bool up = false; /* the fraction rounds the seconds up by one */
    if (s[i] == '.') {
        size_t f = ++i;
        while (i < len && is_digit((unsigned char)s[i]))
            i++;
        if (i == f)
            return false;
        up = seconds_round_up(s + f, i - f);
    }
    if (i == len)
        return false; /* offset required */
    int sign = 1, tz_h = 0, tz_m = 0;
    if (s[i] == 'z' || s[i] == 'Z') {
        if (i + 1 != len)
            return false;
    } else if (s[i] == '+' || s[i] == '-') {
        sign = s[i] == '-' ? -1 : 1;
        size_t rest = len - i - 1;
        const char *o = s + i + 1;
        if (rest == 2) {
            tz_h = two_digits(o);
        } else if (rest == 4) {
            tz_h = two_digits(o);
            tz_m = two_digits(o + 2);
        } else if (rest == 5 && o[2] == ':') {
            tz_h = two_digits(o);
            tz_m = two_digits(o + 3);
        } else {
            return false;
        }
        if (tz_h < 0 || tz_m < 0)
            return false;
    } else {
        return false;
    }
    if (tz_h > 23 || tz_m > 59)
        return false;
    bool below_60 = sec < 59 || (sec == 59 && !up);
    bool below_61 = sec < 60 || (sec == 60 && !up);
    if (hr <= 23 && min <= 59 && below_60)
        return true;
    int utc_min = min - tz_m * sign;
    int utc_hr = hr - tz_h * sign - (utc_min < 0 ? 1 : 0);
    return (utc_hr == 23 || utc_hr == -1) && (utc_min == 59 || utc_min == -1) && below_61;
}

/* ---- date-time ----
 * ajv splits on /t|\s/i and wants exactly two parts: a date and a time as
 * above. The separator is therefore t, T or one JavaScript white-space
 * character: TAB LF VT FF CR SPACE U+00A0 U+1680 U+2000-U+200A U+2028
 * U+2029 U+202F U+205F U+3000 U+FEFF (given here in UTF-8). */

/* Byte length of the separator at s, or 0. */
static size_t separator_len(const unsigned char *s, size_t len)
{
    if (len >= 1 && (s[0] == 't' || s[0] == 'T' || s[0] == ' ' || (s[0] >= 0x09 && s[0] <= 0x0D)))
        return 1;
    if (len >= 2 && s[0] == 0xC2 && s[1] == 0xA0)
        return 2;
    if (len < 3)
        return 0;
    if ((s[0] == 0xE1 && s[1] == 0x9A && s[2] == 0x80) ||                 /* U+1680 */
        (s[0] == 0xE2 && s[1] == 0x80 && s[2] >= 0x80 && s[2] <= 0x8A) || /* U+2000-200A */
        /* U+2028 U+2029 U+202F */
        (s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9 || s[2] == 0xAF)) ||
        (s[0] == 0xE2 && s[1] == 0x81 && s[2] == 0x9F) || /* U+205F */
        (s[0] == 0xE3 && s[1] == 0x80 && s[2] == 0x80) || /* U+3000 */
        (s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF))   /* U+FEFF */
        return 3;
    return 0;
}

static bool date_time_valid(const char *s, size_t len)
{
    /* A valid date is exactly 10 ASCII bytes and neither part can contain
     * a separator, so the split point is fixed. */
    if (len < 11 || !date_valid(s, 10))
        return false;
    size_t sep = separator_len((const unsigned char *)s + 10, len - 10);
    return sep != 0 && time_valid(s + 10 + sep, len - 10 - sep);
}

/* ---- ipv4: /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(...)$/ ----
 * Four decimal octets 0-255 without leading zeros. With loose (the IPv4
 * inside a URI's IPv6 literal, /(?:25[0-5]|2[0-4]\d|[01]?\d\d?)/) an octet
 * is 1-3 digits worth at most 255, leading zeros allowed. */

static bool ipv4_valid(const char *s, size_t len, bool loose)
{
    size_t i = 0;
    for (int octet = 0; octet < 4; octet++) {
        if (octet > 0) {
            if (i == len || s[i] != '.')
                return false;
            i++;
        }
        size_t start = i;
        int value = 0;
        while (i < len && is_digit((unsigned char)s[i]) && i - start < 4) {
            value = value * 10 + (s[i] - '0');
            i++;
        }
        size_t n = i - start;
        if (n == 0 || n > 3 || value > 255)
            return false;
        if (!loose && n > 1 && s[start] == '0')
            return false;
    }
    return i == len;
}

/* ---- ipv6 ----
 * ajv's long alternation is the RFC 4291 text form: groups of 1-4 hex
 * digits (any case) separated by ':'; the last two groups may be an IPv4
 * address (strict octets, see above). Without "::" there are exactly 8
 * groups; with one "::" at most 7. No zone id ("%eth0"), no brackets.
 * RFC 3986's IPv6address (used for URI literals) is the same language with
 * loose IPv4 octets. */

static bool ipv6_valid(const char *s, size_t len, bool loose_v4)
{
    size_t i = 0;
    int groups = 0;
    bool compressed = false;
    if (len >= 2 && s[0] == ':' && s[1] == ':') {
        compressed = true;
        i = 2;
        if (i == len)
            return true;
    }
    for (;;) {
        size_t j = i;
        while (j < len && is_hex((unsigned char)s[j]))
            j++;
        if (j < len && s[j] == '.') {
            if (!ipv4_valid(s + i, len - i, loose_v4))
                return false;
            groups += 2;
            break;
        }
        if (j == i || j - i > 4 || ++groups > 8)
            return false;
        i = j;
        if (i == len)
            break;
        if (s[i] != ':' || ++i == len)
            return false;
        if (s[i] == ':') {
            if (compressed)
                return false;
            compressed = true;
            if (++i == len)
                break;
        }
    }
    return compressed ? groups <= 7 : groups == 8;
}

/* ---- email ----
 * ajv: /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*
 *        @(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i
 * A dot-atom local part (no quoted strings), then a domain of at least two
 * labels of letters, digits and inner hyphens. No length limits, no
 * address literals, no trailing dot. */

/* Labels of [a-z0-9] with inner hyphens, separated by single dots.
 * Returns the label count, 0 if malformed. max_label == 0: no length limit. */
static size_t labels_valid(const char *s, size_t len, size_t max_label)
{
    size_t count = 0, i = 0;
    for (;;) {
        size_t start = i;
        while (i < len && has_class((unsigned char)s[i], C_LABEL))
            i++;
        size_t n = i - start;
        if (n == 0 || s[start] == '-' || s[i - 1] == '-' || (max_label && n > max_label))
            return 0;
        count++;
        if (i == len)
            return count;
        if (s[i] != '.' || ++i == len)
            return 0;
    }
}

static bool email_valid(const char *s, size_t len)
{
    const char *at = memchr(s, '@', len);
    if (at == NULL)
        return false;
    size_t local = (size_t)(at - s);
    bool atom_start = true;
    for (size_t i = 0; i < local; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '.' && !atom_start && i + 1 < local) {
            atom_start = true;
        } else if (has_class(c, C_ATEXT)) {
            atom_start = false;
        } else {
            return false;
        }
    }
    if (atom_start)
        return false; /* empty local part */
    return labels_valid(at + 1, len - local - 1, 0) >= 2;
}

/* ---- hostname ----
 * ajv: /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?
 *        (?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i
 * Labels of 1-63 letters, digits and inner hyphens (so "xn--" labels pass
 * unchecked), dot-separated, one trailing dot allowed; at most 253
 * characters, or 254 when the last is that dot. */

static bool hostname_valid(const char *s, size_t len)
{
    if (len > 0 && s[len - 1] == '.')
        len--;
    return len >= 1 && len <= 253 && labels_valid(s, len, 63) != 0;
}

/* ---- uuid: /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i ----
 * 8-4-4-4-12 hex digits in any case, any version and variant, optionally
 * prefixed by "urn:uuid:" (also in any case). */

static bool uuid_valid(const char *s, size_t len)
{
    static const char prefix[] = "urn:uuid:";
    size_t pn = sizeof prefix - 1;
    if (len == 36 + pn) {
        for (size_t i = 0; i < pn; i++)
            if (to_lower((unsigned char)s[i]) != prefix[i])
                return false;
        s += pn;
        len -= pn;
    }
    if (len != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-')
        return false;
    return hex_run(s, 8) && hex_run(s + 9, 4) && hex_run(s + 14, 4) && hex_run(s + 19, 4) &&
           hex_run(s + 24, 12);
}

/* ---- uri ----
 * A hand-written recogniser for ajv-formats 3.0.1's full-mode `uri` regex
 * (jmrware's RFC 3986 regex with the scheme required), case-insensitive:
 *
 *   scheme ":" hier ["?" query] ["#" fragment]
 *   scheme   = ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")
 *   hier     = "/"? "/" [userinfo "@"] host [":" *DIGIT] *("/" *pchar)
 *            / "/" [1*pchar *("/" *pchar)]
 *            / 1*pchar *("/" *pchar)
 *   host     = "[" (IPv6address / "v" 1*HEXDIG "." 1*(unreserved / sub-delims / ":")) "]"
 *            / *(unreserved / sub-delims / pct-encoded)     (reg-name; covers IPv4)
 *   userinfo = *(unreserved / sub-delims / ":" / pct-encoded)
 *   query, fragment = *(pchar / "/" / "?")
 *   pchar    = unreserved / sub-delims / ":" / "@" / pct-encoded
 *   pct-encoded = "%" HEXDIG HEXDIG
 *
 * Quirks kept from the regex: the authority may follow a single "/"
 * ("http:/[::1]" passes), the port may be empty, the hier part may not be
 * empty ("foo:" and "foo:?q" fail), IPv4 inside an IPv6 literal may have
 * leading zeros, no IPv6 zone ids, "[" "]" only around a host, and no
 * characters outside these sets (no spaces, no non-ASCII, no "\"). */

/* Every character of s is in the classes allowed (and % starts %XX if
 * U_PCT is allowed). */
static bool uri_run(const char *s, size_t len, unsigned allowed)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (has_class(c, allowed))
            continue;
        if (c != '%' || !(allowed & U_PCT) || len - i < 3 || !is_hex((unsigned char)s[i + 1]) ||
            !is_hex((unsigned char)s[i + 2]))
            return false;
        i += 2;
    }
    return true;
}

/* "v" 1*HEXDIG "." 1*(unreserved / sub-delims / ":") */
static bool ipvfuture_valid(const char *s, size_t len)
{
    if (len == 0 || (s[0] != 'v' && s[0] != 'V'))
        return false;
    size_t i = 1;
    while (i < len && is_hex((unsigned char)s[i]))
        i++;
    if (i == 1 || i == len || s[i] != '.' || i + 1 == len)
        return false;
    return uri_run(s + i + 1, len - i - 1, U_UNRESERVED | U_SUBDELIM | U_COLON);
}

/* [userinfo "@"] host [":" *DIGIT] *("/" *pchar): what follows "/" or "//".
 * None of userinfo, host or port can hold "/", so the first "/" starts the
 * path; none can hold "@" except as the userinfo terminator. */
static bool uri_authority_path(const char *s, size_t len)
{
    const char *slash = memchr(s, '/', len);
    size_t alen = slash ? (size_t)(slash - s) : len;
    if (!uri_run(s + alen, len - alen, U_PATH))
        return false;
    const char *at = memchr(s, '@', alen);
    if (at != NULL) {
        size_t ulen = (size_t)(at - s);
        if (!uri_run(s, ulen, U_USERINFO))
            return false;
        s = at + 1;
        alen -= ulen + 1;
    }
    size_t port; /* index of the ":" before the port, or alen */
    if (alen > 0 && s[0] == '[') {
        const char *close = memchr(s, ']', alen);
        if (close == NULL)
            return false;
        size_t n = (size_t)(close - s) - 1;
        if (!ipv6_valid(s + 1, n, true) && !ipvfuture_valid(s + 1, n))
            return false;
        port = n + 2;
    } else {
        const char *colon = memchr(s, ':', alen);
        port = colon ? (size_t)(colon - s) : alen;
        if (!uri_run(s, port, U_REGNAME))
            return false;
    }
    if (port == alen)
        return true;
    if (s[port] != ':')
        return false;
    for (size_t i = port + 1; i < alen; i++)
        if (!is_digit((unsigned char)s[i]))
            return false;
    return true;
}

static bool uri_hier_valid(const char *s, size_t len)
{
    bool double_slash = len >= 2 && s[0] == '/' && s[1] == '/';
    /* path-absolute or path-rootless: non-empty, no leading "//" */
    if (len > 0 && !double_slash && uri_run(s, len, U_PATH))
        return true;
    if (len >= 1 && s[0] == '/' && uri_authority_path(s + 1, len - 1))
        return true;
    return double_slash && uri_authority_path(s + 2, len - 2);
}

static bool uri_valid(const char *s, size_t len)
{
    if (len == 0 || !is_alpha((unsigned char)s[0]))
        return false;
    size_t i = 1;
    while (i < len && has_class((unsigned char)s[i], C_SCHEME))
        i++;
    if (i == len || s[i] != ':')
        return false;
    i++;
    /* No part of hier can hold "?" or "#", and the query cannot hold "#". */
    size_t h = i;
    while (h < len && s[h] != '?' && s[h] != '#')
        h++;
    if (!uri_hier_valid(s + i, h - i))
        return false;
    i = h;
    if (i < len && s[i] == '?') {
        size_t q = ++i;
        while (i < len && s[i] != '#')
            i++;
        if (!uri_run(s + q, i - q, U_QUERY))
            return false;
    }
    if (i < len) /* s[i] == '#' */
        return uri_run(s + i + 1, len - i - 1, U_QUERY);
    return true;
}

/* ---- public ---- */

bool sc_format_valid(sc_format format, const char *s, size_t len)
{
    if (s == NULL)
        return false;
    switch (format) {
    case SC_FORMAT_DATE_TIME:
        return date_time_valid(s, len);
    case SC_FORMAT_DATE:
        return date_valid(s, len);
    case SC_FORMAT_TIME:
        return time_valid(s, len);
    case SC_FORMAT_EMAIL:
        return email_valid(s, len);
    case SC_FORMAT_URI:
        return uri_valid(s, len);
    case SC_FORMAT_UUID:
        return uuid_valid(s, len);
    case SC_FORMAT_IPV4:
        return ipv4_valid(s, len, false);
    case SC_FORMAT_IPV6:
        return ipv6_valid(s, len, false);
    case SC_FORMAT_HOSTNAME:
        return hostname_valid(s, len);
    }
    return false; /* not an sc_format value */
}

const char *sc_format_name(sc_format format)
{
    static const char *const names[] = {
#define SC_FORMAT_NAME(id, name) name,
        SC_FORMATS(SC_FORMAT_NAME)
#undef SC_FORMAT_NAME
    };
    if ((unsigned)format >= sizeof names / sizeof *names)
        return NULL; /* not an sc_format value */
    return names[format];
}
