/* libschemac-validate: the format "regex", an ECMA-262 regular expression
 * (the 2024 grammar, section 22.2.1) under the "u" flag, as JSON Schema
 * asks: a syntax check only, so what the pattern compiler cannot build
 * (back-references, lookaround: docs/validate.md) is still a valid regex.
 *
 * Under "u" the grammar has no Annex B leniency: an identity escape is
 * only of a syntax character or "/" ("\a" is an error), a lone "{", "}" or
 * "]" is an error, a back-reference must name an existing group, and a
 * class range must run upwards between single characters. Named groups,
 * lookbehind, modifiers "(?i:...)", \p{...} (its name checked for shape
 * only: letters, digits and "_", with one "=") are valid; Python's "(?P<",
 * "(?#" and global flags "(?i)" are not. Two bounds that are not the
 * grammar's keep a hostile pattern cheap: groups nest at most 256 deep
 * (the check recurses) and at most 64 groups are named. */
#include "formats.h"

#include <string.h>

typedef struct {
    const char *s;
    size_t len, i;
    unsigned groups;       /* capturing groups in the whole pattern (first pass) */
    const char *names[64]; /* the group names, to find duplicates and \k targets */
    size_t name_len[64];
    unsigned nnames;
    bool counting; /* first pass: count groups and names, check nothing of them */
    unsigned depth;
} rx;

enum { RX_MAX_DEPTH = 256 };

static bool more(const rx *r)
{
    return r->i < r->len;
}

static char peek(const rx *r)
{
    return more(r) ? r->s[r->i] : '\0';
}

static bool eat(rx *r, char c)
{
    if (peek(r) != c)
        return false;
    r->i++;
    return true;
}

static bool is_syntax_char(char c)
{
    return c != '\0' && strchr("^$\\.*+?()[]{}|/", c) != NULL;
}

/* n hex digits: their value, or -1 */
static int32_t hex_digits(rx *r, int n)
{
    int32_t v = 0;
    for (int k = 0; k < n; k++) {
        int h = sv_hex_digit(peek(r));
        if (h < 0)
            return -1;
        v = v * 16 + h;
        r->i++;
    }
    return v;
}

/* After "\u": HHHH (a surrogate pair as two escapes is one code point) or
 * {H...} up to 10FFFF. The code point, or -1. */
static int32_t unicode_escape(rx *r)
{
    if (eat(r, '{')) {
        int32_t v = 0;
        size_t start = r->i;
        while (sv_hex_digit(peek(r)) >= 0) {
            v = v * 16 + sv_hex_digit(peek(r));
            if (v > 0x10FFFF)
                return -1;
            r->i++;
        }
        return r->i > start && eat(r, '}') ? v : -1;
    }
    int32_t v = hex_digits(r, 4);
    if (v >= 0xD800 && v <= 0xDBFF && r->i + 5 < r->len && r->s[r->i] == '\\' &&
        r->s[r->i + 1] == 'u') {
        size_t back = r->i;
        r->i += 2;
        int32_t lo = hex_digits(r, 4);
        if (lo >= 0xDC00 && lo <= 0xDFFF)
            return 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
        r->i = back;
    }
    return v;
}

/* A group name after "<" up to ">": identifier characters (ASCII letters,
 * digits after the first, "$", "_", and any non-ASCII letter the caller's
 * text holds). Sets *name, *n; false when malformed. */
static bool group_name(rx *r, const char **name, size_t *n)
{
    size_t start = r->i;
    while (more(r) && peek(r) != '>') {
        char c = peek(r);
        bool first = r->i == start;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '$' || c == '_' ||
            (!first && c >= '0' && c <= '9'))
            r->i++;
        else if ((unsigned char)c >= 0x80 && pattern_utf8_next(r->s, r->len, &r->i) >= 0)
            continue;
        else
            return false;
    }
    *name = r->s + start;
    *n = r->i - start;
    return *n > 0 && eat(r, '>');
}

static bool known_name(const rx *r, const char *name, size_t n)
{
    for (unsigned k = 0; k < r->nnames; k++)
        if (r->name_len[k] == n && memcmp(r->names[k], name, n) == 0)
            return true;
    return false;
}

/* \p{...} or \P{...} after the letter: Name or Name=Value of [A-Za-z0-9_] */
static bool property(rx *r)
{
    if (!eat(r, '{'))
        return false;
    size_t start = r->i;
    int eq = 0;
    while (more(r) && peek(r) != '}') {
        char c = peek(r);
        if (c == '=' && r->i > start && eq++ == 0)
            r->i++;
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_')
            r->i++;
        else
            return false;
    }
    return r->i > start && r->s[r->i - 1] != '=' && eat(r, '}');
}

/* CharacterEscape after "\": the code point, or -1 (not one). */
static int32_t character_escape(rx *r)
{
    char c = peek(r);
    static const char letters[] = "fnrtv", controls[] = "\f\n\r\t\v";
    const char *ctl = c != '\0' ? strchr(letters, c) : NULL;
    if (ctl != NULL) {
        r->i++;
        return controls[ctl - letters];
    }
    if (c == 'c') {
        char l = r->i + 1 < r->len ? r->s[r->i + 1] : '\0';
        if (!((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z')))
            return -1;
        r->i += 2;
        return l % 32;
    }
    if (c == '0') {
        r->i++;
        return peek(r) >= '0' && peek(r) <= '9' ? -1 : 0;
    }
    if (c == 'x') {
        r->i++;
        return hex_digits(r, 2);
    }
    if (c == 'u') {
        r->i++;
        return unicode_escape(r);
    }
    if (is_syntax_char(c)) {
        r->i++;
        return (unsigned char)c;
    }
    return -1;
}

/* A class atom: its code point, -2 for a class escape (\d, \p{..}, ...),
 * -1 for an error. */
static int32_t class_atom(rx *r)
{
    if (!eat(r, '\\')) {
        if ((unsigned char)peek(r) >= 0x80)
            return pattern_utf8_next(r->s, r->len, &r->i);
        return (unsigned char)r->s[r->i++];
    }
    char c = peek(r);
    if (c == 'b') {
        r->i++;
        return 8;
    }
    if (c == '-') {
        r->i++;
        return '-';
    }
    if (c != '\0' && strchr("dDsSwW", c)) {
        r->i++;
        return -2;
    }
    if (c == 'p' || c == 'P') {
        r->i++;
        return property(r) ? -2 : -1;
    }
    return character_escape(r);
}

static bool class_ranges(rx *r)
{
    eat(r, '^');
    while (more(r) && peek(r) != ']') {
        int32_t lo = class_atom(r);
        if (lo == -1)
            return false;
        if (peek(r) == '-' && r->i + 1 < r->len && r->s[r->i + 1] != ']') {
            r->i++;
            int32_t hi = class_atom(r);
            if (hi == -1 || lo == -2 || hi == -2 || lo > hi)
                return false;
        }
    }
    return eat(r, ']');
}

static bool disjunction(rx *r);

/* Decimal digits at r->i: their value (saturated), or false if none. */
static bool decimal(rx *r, unsigned long long *v)
{
    size_t start = r->i;
    *v = 0;
    while (peek(r) >= '0' && peek(r) <= '9') {
        unsigned d = (unsigned)(r->s[r->i++] - '0');
        *v = *v > (~0ull - d) / 10 ? ~0ull : *v * 10 + d;
    }
    return r->i > start;
}

/* "{" already read: "n}", "n,}" or "n,m}" with n <= m */
static bool braces(rx *r)
{
    unsigned long long n, m;
    if (!decimal(r, &n))
        return false;
    m = n;
    if (eat(r, ',') && !decimal(r, &m))
        m = ~0ull;
    return eat(r, '}') && n <= m;
}

/* "(" already read: a group of any kind; *quantifiable says whether a
 * quantifier may follow (not after lookaround under "u"). */
static bool group(rx *r, bool *quantifiable)
{
    *quantifiable = true;
    if (eat(r, '?')) {
        char c = peek(r);
        if (c == ':' || c == '=' || c == '!') {
            r->i++;
            *quantifiable = c == ':';
        } else if (c == '<' && r->i + 1 < r->len &&
                   (r->s[r->i + 1] == '=' || r->s[r->i + 1] == '!')) {
            r->i += 2;
            *quantifiable = false;
        } else if (c == '<') {
            r->i++;
            const char *name;
            size_t n;
            if (!group_name(r, &name, &n))
                return false;
            if (r->counting) {
                if (known_name(r, name, n) || r->nnames == sizeof r->names / sizeof r->names[0])
                    return false;
                r->names[r->nnames] = name;
                r->name_len[r->nnames++] = n;
            }
        } else {
            /* modifiers: (?ims-ims:...), each flag once, not both sides empty */
            unsigned seen = 0;
            bool minus = false, any = false;
            for (;; r->i++) {
                const char *f = strchr("ims", peek(r));
                if (peek(r) != '\0' && f != NULL) {
                    unsigned bit = 1u << (f - "ims");
                    if (seen & bit)
                        return false;
                    seen |= bit;
                    any = true;
                } else if (peek(r) == '-' && !minus) {
                    minus = true;
                } else {
                    break;
                }
            }
            if (!any || !eat(r, ':'))
                return false;
        }
    }
    if (++r->depth > RX_MAX_DEPTH)
        return false;
    bool ok = disjunction(r) && eat(r, ')');
    r->depth--;
    return ok;
}

static bool term(rx *r)
{
    char c = peek(r);
    bool quantifiable = true;
    if (c == '^' || c == '$') {
        r->i++;
        quantifiable = false;
    } else if (c == '\\') {
        r->i++;
        char e = peek(r);
        if (e == 'b' || e == 'B') {
            r->i++;
            quantifiable = false;
        } else if (e >= '1' && e <= '9') {
            unsigned long long n;
            (void)decimal(r, &n);
            if (!r->counting && n > r->groups)
                return false;
        } else if (e == 'k') {
            r->i++;
            const char *name;
            size_t n;
            if (!eat(r, '<') || !group_name(r, &name, &n) ||
                (!r->counting && !known_name(r, name, n)))
                return false;
        } else if (e != '\0' && strchr("dDsSwW", e)) {
            r->i++;
        } else if (e == 'p' || e == 'P') {
            r->i++;
            if (!property(r))
                return false;
        } else if (character_escape(r) < 0) {
            return false;
        }
    } else if (c == '(') {
        r->i++;
        /* capturing: "(" not followed by "?", or "(?<name>" */
        bool named = r->i + 2 < r->len && r->s[r->i + 1] == '<' && r->s[r->i + 2] != '=' &&
                     r->s[r->i + 2] != '!';
        if (r->counting && (peek(r) != '?' || named))
            r->groups++;
        if (!group(r, &quantifiable))
            return false;
    } else if (c == '[') {
        r->i++;
        if (!class_ranges(r))
            return false;
    } else if (c == '*' || c == '+' || c == '?' || c == '{' || c == '}' || c == ']') {
        return false; /* nothing to repeat, or a lone brace or bracket */
    } else if ((unsigned char)c >= 0x80) {
        if (pattern_utf8_next(r->s, r->len, &r->i) < 0)
            return false;
    } else {
        r->i++; /* "." or a pattern character */
    }
    c = peek(r);
    if (c == '*' || c == '+' || c == '?' || c == '{') {
        if (!quantifiable)
            return false;
        r->i++;
        if (c == '{' && !braces(r))
            return false;
        eat(r, '?');
    }
    return true;
}

static bool disjunction(rx *r)
{
    for (;;) {
        while (more(r) && peek(r) != '|' && peek(r) != ')')
            if (!term(r))
                return false;
        if (!eat(r, '|'))
            return true;
    }
}

bool sv_regex_valid(const char *s, size_t len)
{
    /* two passes: back-references and \k may come before their groups */
    rx r = {.s = s, .len = len, .counting = true};
    if (!disjunction(&r) || more(&r))
        return false;
    unsigned groups = r.groups, nnames = r.nnames;
    r.i = 0;
    r.counting = false;
    r.groups = groups;
    r.nnames = nnames;
    return disjunction(&r) && !more(&r);
}
