/* libschemac-validate: which formats are checked and by what (formats.h),
 * and the two small grammars that need no file of their own: uri-template
 * (RFC 6570) and idn-email (RFC 6531). */
#include "formats.h"

#include <string.h>

static const char *const names[] = {
#define SV_FORMAT_NAME_(id, name) name,
    SC_FORMATS(SV_FORMAT_NAME_)
#undef SV_FORMAT_NAME_
        "uri-reference",
    "iri",
    "iri-reference",
    "uri-template",
    "regex",
    "idn-hostname",
    "idn-email",
};
_Static_assert(sizeof names / sizeof names[0] == SV_FORMAT_END, "a name per format");

int sv_format_of(const char *name)
{
    for (int k = 0; k < SV_FORMAT_END; k++)
        if (strcmp(names[k], name) == 0)
            return k;
    return -1;
}

const char *sv_format_name(int format)
{
    return format >= 0 && format < SV_FORMAT_END ? names[format] : "";
}

/* ---- uri-template (RFC 6570 section 2) ----
 * Literals: ASCII but controls, space, " % < > \ ^ ` { | } (a "%" only as
 * pct-encoded), and RFC 3987's ucschar and iprivate; the apostrophe is
 * allowed, as erratum 6937 and the test suite say. Expressions: "{" [operator] varspec *(","
 * varspec) "}", operators of levels 2 and 3 (+ # . / ; ? &; the reserved = , ! @ | are refused: no
 * processor can expand them), varname = varchar *(["."] varchar) with varchar = ALPHA / DIGIT / "_"
 * / pct-encoded, then ":" 1-9999 without leading zero, or "*". */

int sv_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A pct-encoded triplet at s[i]: its length (3) or 0. */
static size_t pct(const char *s, size_t len, size_t i)
{
    return i + 2 < len && s[i] == '%' && sv_hex_digit(s[i + 1]) >= 0 && sv_hex_digit(s[i + 2]) >= 0
               ? 3
               : 0;
}

/* The varchar at s[i]: its length or 0. */
static size_t varchar(const char *s, size_t len, size_t i)
{
    char c = s[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')
        return 1;
    return pct(s, len, i);
}

/* An expression's body s[i..end) (between the braces). */
static bool expression_valid(const char *s, size_t i, size_t end)
{
    if (i < end && s[i] != '\0' && strchr("+#./;?&", s[i]) != NULL)
        i++;
    for (;;) {
        size_t n = i < end ? varchar(s, end, i) : 0;
        if (n == 0)
            return false; /* an empty varspec */
        i += n;
        while (i < end) {
            if (s[i] == '.' && i + 1 < end && (n = varchar(s, end, i + 1)) != 0)
                i += 1 + n;
            else if ((n = varchar(s, end, i)) != 0)
                i += n;
            else
                break;
        }
        if (i < end && s[i] == '*') {
            i++;
        } else if (i < end && s[i] == ':') {
            size_t d = ++i;
            while (i < end && s[i] >= '0' && s[i] <= '9' && i - d < 5)
                i++;
            if (i == d || i - d > 4 || s[d] == '0')
                return false;
        }
        if (i == end)
            return true;
        if (s[i++] != ',')
            return false;
    }
}

static bool uri_template_valid(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '{') {
            const char *close = memchr(s + i, '}', len - i);
            if (close == NULL)
                return false;
            size_t end = (size_t)(close - s);
            if (!expression_valid(s, i + 1, end))
                return false;
            i = end + 1;
        } else if (c == '%') {
            if (pct(s, len, i) == 0)
                return false;
            i += 3;
        } else if (c < 0x80) {
            if (c <= 0x20 || c == 0x7F || strchr("\"<>\\^`|}", c) != NULL)
                return false;
            i++;
        } else if (!sv_iri_char(pattern_utf8_next(s, len, &i), true)) {
            return false; /* not UTF-8 (-1), or not a ucschar nor an iprivate */
        }
    }
    return true;
}

/* ---- idn-email (RFC 6531 section 3.3: RFC 5321's Mailbox with UTF-8) ----
 * Local part: a dot-atom whose atoms are atext or any non-ASCII character,
 * or a quoted string (qtext, quoted pairs, non-ASCII), at most 64 bytes;
 * then "@" and an idn-hostname or an address literal ([IPv4] or
 * [IPv6:...]). No normalization is asked of either part (the test suite:
 * a local part or a label not in NFC is valid). */

static bool atext(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c != '\0' && strchr("!#$%&'*+-/=?^_`{|}~", c) != NULL);
}

/* The local part at the start of s: its length, or 0 when malformed. */
static size_t local_part(const char *s, size_t len)
{
    size_t i = 0;
    if (len > 0 && s[0] == '"') {
        for (i = 1; i < len && s[i] != '"';) {
            unsigned char c = (unsigned char)s[i];
            if (c == '\\') { /* quoted-pairSMTP: a backslash and a printable character */
                if (i + 1 == len || (unsigned char)s[i + 1] < 0x20 ||
                    (unsigned char)s[i + 1] >= 0x7F)
                    return 0;
                i += 2;
            } else if (c >= 0x80) {
                if (pattern_utf8_next(s, len, &i) < 0)
                    return 0;
            } else if (c < 0x20 || c == 0x7F) {
                return 0;
            } else {
                i++;
            }
        }
        return i < len ? i + 1 : 0;
    }
    bool atom_start = true;
    while (i < len && s[i] != '@') {
        unsigned char c = (unsigned char)s[i];
        if (c == '.' && !atom_start) {
            atom_start = true;
            i++;
        } else if (c < 0x80 ? atext(c) : pattern_utf8_next(s, len, &i) >= 0) {
            atom_start = false;
            i += c < 0x80;
        } else {
            return 0;
        }
    }
    return atom_start ? 0 : i;
}

static bool idn_email_valid(const char *s, size_t len)
{
    size_t n = local_part(s, len);
    if (n == 0 || n > 64 || n == len || s[n] != '@')
        return false;
    const char *d = s + n + 1;
    size_t dlen = len - n - 1;
    if (dlen >= 2 && d[0] == '[' && d[dlen - 1] == ']') {
        if (dlen > 7 && memcmp(d + 1, "IPv6:", 5) == 0)
            return sc_format_valid(SC_FORMAT_IPV6, d + 6, dlen - 7);
        return sc_format_valid(SC_FORMAT_IPV4, d + 1, dlen - 2);
    }
    return sv_idn_hostname_valid(d, dlen);
}

bool sv_format_valid(int format, const char *s, size_t len)
{
    switch (format) {
    case SV_FORMAT_URI_REFERENCE:
        return sv_uri_reference_valid(s, len, false, false);
    case SV_FORMAT_IRI:
        return sv_uri_reference_valid(s, len, true, true);
    case SV_FORMAT_IRI_REFERENCE:
        return sv_uri_reference_valid(s, len, true, false);
    case SV_FORMAT_URI_TEMPLATE:
        return uri_template_valid(s, len);
    case SV_FORMAT_REGEX:
        return sv_regex_valid(s, len);
    case SV_FORMAT_IDN_HOSTNAME:
        return sv_idn_hostname_valid(s, len);
    case SV_FORMAT_IDN_EMAIL:
        return idn_email_valid(s, len);
    default:
        return format >= 0 && format < SV_FORMAT_END && sc_format_valid((sc_format)format, s, len);
    }
}
