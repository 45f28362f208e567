/* The strict JSON pull reader behind generated decoders (see reader.h).
 *
 * Invariants: r->p never passes r->end and nothing is read at or after it
 * (the input is not NUL-terminated); every loop advances r->p, so time is
 * linear in the input (duplicate-key checks in skipped objects are
 * O(n log n)); nothing recurses; scratch and decoded strings come from the
 * arena only. */
#include <float.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "reader_internal.h"
#include "schemac/reader.h"

#define LIKELY(x) SC_LIKELY(x)
#define UNLIKELY(x) SC_UNLIKELY(x)
#define INLINE SC_INLINE
#if defined(__GNUC__) || defined(__clang__)
/* The general path of a function with an inline fast path: kept out of it,
 * so the fast path calls nothing and saves no registers. */
#define GENERAL static __attribute__((noinline))
#else
#define GENERAL static
#endif

#ifdef SC_FIRST_FLAGGED_BYTE
#define FIRST_FLAGGED_BYTE(t) SC_FIRST_FLAGGED_BYTE(t)
#endif

/* ---- errors ---------------------------------------------------------- */

static int vfail_at(sc_reader *r, const char *at, int code, const char *keyword, const char *fmt,
                    va_list ap)
{
    if (UNLIKELY(r->rejected))
        return SC_ERR_LIMIT; /* the input size error recorded at init stands */
    if (r->err) {
        sc_fail(r->err, code, keyword, NULL);
        r->err->offset = (size_t)(at - r->begin);
        vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    }
    return code;
}

static int fail_at(sc_reader *r, const char *at, int code, const char *keyword, const char *fmt,
                   ...) SC_PRINTF(5, 6);

static int fail_at(sc_reader *r, const char *at, int code, const char *keyword, const char *fmt,
                   ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = vfail_at(r, at, code, keyword, fmt, ap);
    va_end(ap);
    return rc;
}

int sc_reader_fail(sc_reader *r, int code, const char *keyword, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = vfail_at(r, r->p, code, keyword, fmt, ap);
    va_end(ap);
    return rc;
}

static int syntax(sc_reader *r, const char *at, const char *msg)
{
    return fail_at(r, at, SC_ERR_SYNTAX, NULL, "%s", msg);
}

static bool is_ws(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* A byte that can start a key a config file writes without quotes: a
 * letter, a digit, '_', '$', '-' or any non-ASCII byte. */
static bool starts_bare_key(unsigned char c)
{
    return (unsigned)((c | 0x20) - 'a') < 26 || (unsigned)(c - '0') < 10 || c == '_' || c == '$' ||
           c == '-' || c >= 0x80;
}

/* A syntax error where the grammar wanted structure (a value, a key, a ',',
 * a ':', the end): msg, unless what stands at `at` is the usual non-JSON of
 * a config file, which is then said plainly: a comment, a trailing comma
 * (placed on the comma), a single-quoted string, an unquoted key (where a
 * key is expected: key), a byte order mark. The code stays SC_ERR_SYNTAX.
 * Runs on failures only, so the reader's speed is untouched. */
GENERAL int unexpected(sc_reader *r, const char *at, bool key, const char *msg)
{
    const char *end = r->end;
    unsigned char c;

    if (at >= end)
        return syntax(r, at, msg);
    c = (unsigned char)*at;
    if (c == '/' && end - at >= 2 && at[1] == '/')
        return syntax(r, at, "JSON has no comments (// ...)");
    if (c == '/' && end - at >= 2 && at[1] == '*')
        return syntax(r, at, "JSON has no comments (/* ... */)");
    if (c == '#')
        return syntax(r, at, "JSON has no comments (# ...)");
    if (c == '}' || c == ']') {
        /* a ',' just before a closing bracket: the comma is the error */
        const char *q = at;
        while (q > r->begin && is_ws(q[-1]))
            q--;
        if (q > r->begin && q[-1] == ',')
            return syntax(r, q - 1,
                          c == '}' ? "trailing comma: JSON allows none before '}'"
                                   : "trailing comma: JSON allows none before ']'");
    }
    if (key && (c == '\'' || starts_bare_key(c)))
        return syntax(r, at, "object keys must be strings in double quotes");
    if (c == '\'')
        return syntax(r, at, "JSON strings use double quotes, not single quotes");
    if (at == r->begin && end - at >= 3 && memcmp(at, "\xEF\xBB\xBF", 3) == 0)
        return syntax(r, at,
                      "the text starts with a byte order mark (U+FEFF), which JSON does not "
                      "allow: save it as UTF-8 without one");
    return syntax(r, at, msg);
}

static int nomem(sc_reader *r, const char *at)
{
    if (r->arena && sc_arena_over_limit(r->arena))
        return fail_at(r, at, SC_ERR_LIMIT, NULL,
                       "the document needs more memory than the limit of %zu bytes (max_bytes)",
                       sc_arena_limits(r->arena).max_bytes);
    return fail_at(r, at, SC_ERR_NOMEM, NULL, "out of memory");
}

int sc_reader_out_of_memory(sc_reader *r)
{
    return nomem(r, r->p);
}

/* ---- small helpers ------------------------------------------------------ */

void sc_reader_init(sc_reader *r, const char *json, size_t len, sc_arena *arena, sc_error *err)
{
    if (!json) {
        json = ""; /* no arithmetic on a null pointer */
        len = 0;
    }
    r->begin = r->p = json;
    r->end = json + len;
    r->arena = arena;
    r->err = err;
    r->depth = 0;
    r->in_object = false;
    r->rejected = false;
    sc_error_clear(err);
    if (arena == NULL) {
        r->max_depth = SC_DEFAULT_MAX_DEPTH;
        r->max_string = r->max_items = r->max_members = SIZE_MAX;
        return;
    }
    {
        sc_limits limits = sc_arena_limits(arena);
        r->max_depth = limits.max_depth;
        r->max_string = limits.max_string;
        r->max_items = limits.max_items;
        r->max_members = limits.max_members;
        if (len > limits.max_input) {
            /* nothing is read; every read returns this error */
            r->end = r->p;
            fail_at(r, r->p, SC_ERR_LIMIT, NULL,
                    "the document is %zu bytes long, over the limit of %zu bytes (max_input)", len,
                    limits.max_input);
            r->rejected = true;
        }
    }
}

/* Where a value was expected but none starts. */
static int no_value(sc_reader *r, const char *at)
{
    if (at >= r->end)
        return syntax(r, at, "unexpected end of input, expected a JSON value");
    return unexpected(r, at, false, "expected a JSON value");
}

INLINE int hex_digit(unsigned char c)
{
    if ((unsigned)(c - '0') < 10)
        return c - '0';
    c |= 0x20; /* lower case */
    if ((unsigned)(c - 'a') < 6)
        return c - 'a' + 10;
    return -1;
}

/* Four hex digits at p (caller checked 4 bytes exist), or -1. */
INLINE long hex4(const unsigned char *p)
{
    int a = hex_digit(p[0]), b = hex_digit(p[1]), c = hex_digit(p[2]), d = hex_digit(p[3]);
    if ((a | b | c | d) < 0)
        return -1;
    return (long)a << 12 | (long)b << 8 | (long)c << 4 | (long)d;
}

/* Length of a valid UTF-8 sequence at s[0..n) with s[0] >= 0x80, or 0;
 * RFC 3629's table, so no overlongs, surrogates or code points > U+10FFFF. */
INLINE size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned c = s[0];

    if (c >= 0xC2 && c <= 0xDF)
        return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        return n >= 3 && s[1] >= lo && s[1] <= hi && (s[2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        return n >= 4 && s[1] >= lo && s[1] <= hi && (s[2] & 0xC0) == 0x80 && (s[3] & 0xC0) == 0x80
                   ? 4
                   : 0;
    }
    return 0;
}

/* ---- strings ---------------------------------------------------------- */

typedef struct str_info {
    const char *body; /* first byte after the opening quote */
    size_t raw_len;   /* bytes before the closing quote */
    size_t len;       /* bytes once unescaped */
    size_t chars;     /* code points */
    bool escaped;
} str_info;

/* A string (body: after its opening quote) over max_string. */
static int string_too_long(sc_reader *r, const unsigned char *body, size_t len)
{
    return fail_at(r, (const char *)body - 1, SC_ERR_LIMIT, NULL,
                   "string of %zu bytes, over the limit of %zu bytes (max_string)", len,
                   r->max_string);
}

/* scan_string past the plain ASCII prefix body..p: escapes, UTF-8, control
 * characters, the end of input. With lossy (the lenient reading,
 * reader_internal.h) what JSON's grammar allows and the strictness rules
 * refuse (\u0000, a lone surrogate escape, bytes that are not UTF-8) sets
 * *lossy and is stepped over; si->len and si->chars then mean nothing.
 * Strict callers pass a constant NULL, which takes those branches out. */
INLINE int string_rest(sc_reader *r, const unsigned char *body, const unsigned char *p,
                       str_info *si, bool *lossy)
{
    const unsigned char *end = (const unsigned char *)r->end;
    size_t savings = 0; /* raw bytes minus unescaped bytes */
    size_t extra = 0;   /* unescaped bytes minus code points */
    bool escaped = false;

    for (;;) {
        unsigned c;

        if (LIKELY(end - p >= 8)) {
            uint64_t v, t;
            memcpy(&v, p, 8);
            t = sc_run_enders(v);
            if (LIKELY(!t)) {
                p += 8;
                continue;
            }
#ifdef FIRST_FLAGGED_BYTE
            p += FIRST_FLAGGED_BYTE(t);
#else
            while (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
                p++;
#endif
        } else {
            if (UNLIKELY(p >= end))
                return syntax(r, (const char *)end, "unterminated string");
            c = *p;
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                p++;
                continue;
            }
        }
        c = *p;
        if (c == '"')
            break;
        if (c == '\\') {
            long cp;
            escaped = true;
            if (end - p < 2)
                return syntax(r, (const char *)end, "unterminated string");
            switch (p[1]) {
            case '"':
            case '\\':
            case '/':
            case 'b':
            case 'f':
            case 'n':
            case 'r':
            case 't':
                savings += 1;
                p += 2;
                continue;
            case 'u':
                break;
            default:
                return syntax(r, (const char *)p, "invalid escape sequence in string");
            }
            if (end - p < 6 || (cp = hex4(p + 2)) < 0)
                return syntax(r, (const char *)p, "invalid \\u escape: expected 4 hex digits");
            if (cp == 0) {
                if (!lossy)
                    return fail_at(r, (const char *)p, SC_ERR_NUL, NULL, "string contains U+0000");
                *lossy = true;
                p += 6;
                continue;
            }
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                long lo = -1;
                if (end - p >= 12 && p[6] == '\\' && p[7] == 'u')
                    lo = hex4(p + 8);
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    if (!lossy)
                        return fail_at(r, (const char *)p, SC_ERR_UTF8, NULL,
                                       "lone surrogate \\u%04lX in string (not followed by a low "
                                       "surrogate)",
                                       cp);
                    *lossy = true;
                    p += 6;
                    continue;
                }
                savings += 8; /* 12 escaped bytes -> 4 */
                extra += 3;
                p += 12;
                continue;
            }
            if (cp >= 0xDC00 && cp <= 0xDFFF) {
                if (!lossy)
                    return fail_at(
                        r, (const char *)p, SC_ERR_UTF8, NULL,
                        "lone surrogate \\u%04lX in string (no high surrogate before it)", cp);
                *lossy = true;
                p += 6;
                continue;
            }
            {
                size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
                savings += 6 - n;
                extra += n - 1;
            }
            p += 6;
            continue;
        }
        if (c < 0x20)
            return fail_at(r, (const char *)p, SC_ERR_SYNTAX, NULL,
                           "control character U+%04X must be escaped in a string", c);
        {
            size_t n = utf8_seq(p, (size_t)(end - p));
            if (UNLIKELY(n == 0)) {
                if (!lossy)
                    return fail_at(r, (const char *)p, SC_ERR_UTF8, NULL,
                                   "invalid UTF-8 in string");
                *lossy = true;
                n = 1; /* the byte alone: the next may start a sequence, or be the closing quote */
            }
            extra += n - 1;
            p += n;
        }
    }
    si->body = (const char *)body;
    si->raw_len = (size_t)(p - body);
    si->len = si->raw_len - savings;
    si->chars = si->len - extra;
    si->escaped = escaped;
    if (UNLIKELY(si->len > r->max_string))
        return string_too_long(r, body, si->len);
    r->p = (const char *)p + 1;
    return 0;
}

/* The strict reader's string_rest, out of line: scan_string inlines only
 * the plain ASCII run. */
static int scan_string_rest(sc_reader *r, const unsigned char *body, const unsigned char *p,
                            str_info *si)
{
    return string_rest(r, body, p, si, NULL);
}

/* Validates the string at r->p (on its opening quote) without copying it and
 * leaves r->p after the closing quote. Escapes are checked here, so that
 * unescape() below cannot fail. Inline: most strings (and nearly all keys)
 * are plain ASCII, found 8 bytes at a time, with their length as their
 * code point count; anything else continues out of line. */
INLINE int scan_string(sc_reader *r, str_info *si)
{
    const unsigned char *body = (const unsigned char *)r->p + 1, *p;
    const unsigned char *q = sc_plain_string_end(body, (const unsigned char *)r->end, &p);

    if (LIKELY(q != NULL)) {
        if (UNLIKELY((size_t)(q - body) > r->max_string))
            return string_too_long(r, body, (size_t)(q - body));
        si->body = (const char *)body;
        si->raw_len = si->len = si->chars = (size_t)(q - body);
        si->escaped = false;
        r->p = (const char *)q + 1;
        return 0;
    }
    return scan_string_rest(r, body, p, si);
}

/* Code point cp (at most U+10FFFF, no surrogate) as UTF-8 at dst; returns
 * the byte after it. */
INLINE char *put_utf8(char *dst, unsigned long cp)
{
    if (cp < 0x80) {
        *dst++ = (char)cp;
    } else if (cp < 0x800) {
        *dst++ = (char)(0xC0 | cp >> 6);
        *dst++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *dst++ = (char)(0xE0 | cp >> 12);
        *dst++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *dst++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *dst++ = (char)(0xF0 | cp >> 18);
        *dst++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *dst++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *dst++ = (char)(0x80 | (cp & 0x3F));
    }
    return dst;
}

/* Unescapes a string that scan_string accepted into dst (si->len bytes). */
static void unescape(const str_info *si, char *dst)
{
    const char *s = si->body, *end = si->body + si->raw_len;

    while (s < end) {
        const char *bs = memchr(s, '\\', (size_t)(end - s));
        size_t run = (size_t)((bs ? bs : end) - s);
        unsigned long cp;

        memcpy(dst, s, run);
        dst += run;
        if (!bs)
            break;
        s = bs;
        switch (s[1]) {
        case 'b':
            *dst++ = '\b';
            s += 2;
            continue;
        case 'f':
            *dst++ = '\f';
            s += 2;
            continue;
        case 'n':
            *dst++ = '\n';
            s += 2;
            continue;
        case 'r':
            *dst++ = '\r';
            s += 2;
            continue;
        case 't':
            *dst++ = '\t';
            s += 2;
            continue;
        case 'u':
            break;
        default:
            *dst++ = s[1];
            s += 2;
            continue; /* '"', '\\', '/' */
        }
        cp = (unsigned long)hex4((const unsigned char *)s + 2);
        s += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned long lo = (unsigned long)hex4((const unsigned char *)s + 2);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            s += 6;
        }
        dst = put_utf8(dst, cp);
    }
}

/* The string's bytes: in place when unescaped, else an arena copy. */
INLINE int string_bytes(sc_reader *r, const str_info *si, const char *at, sc_string *out)
{
    out->len = si->len;
    out->chars = si->chars;
    if (!si->escaped) {
        out->ptr = si->body;
        return 0;
    }
    {
        char *buf = r->arena ? sc_arena_alloc(r->arena, si->len) : NULL;
        if (!buf)
            return nomem(r, at);
        unescape(si, buf);
        out->ptr = buf;
    }
    return 0;
}

/* ---- numbers ---------------------------------------------------------- */

/* A literal that breaks RFC 8259's grammar for numbers, at stop. */
static int bad_number(sc_reader *r, sc_number_status status, const char *stop)
{
    switch (status) {
    case SC_NUM_NO_DIGIT:
        return syntax(r, stop, "expected a digit after '-'");
    case SC_NUM_LEADING_ZERO:
        return syntax(r, stop, "leading zeros are not allowed in numbers");
    case SC_NUM_NO_FRACTION_DIGIT:
        return syntax(r, stop, "expected a digit after the decimal point");
    default:
        return syntax(r, stop, "expected a digit in the exponent");
    }
}

/* Reads the number at r->p ('-' or a digit) in one pass: RFC 8259's
 * grammar, the value, and the I-JSON limits (finite, integer literals within
 * +-(2^53-1)). Without exact_ints (sc_skip_value_standard) an integer
 * literal beyond them is its nearest double, as JSON.parse reads it. */
static int parse_number(sc_reader *r, sc_number *num, bool exact_ints)
{
    const char *s = r->p, *stop;
    sc_number_status status = sc_number_read(s, r->end, num, &stop);

    if (UNLIKELY(status != SC_NUM_OK))
        return bad_number(r, status, stop);
    r->p = stop;
    if (LIKELY(num->int_exact))
        return 0;
    if (num->int_literal && exact_ints)
        return fail_at(r, s, SC_ERR_NUMBER, NULL,
                       "integer beyond +-(2^53-1) cannot be represented exactly");
    if (UNLIKELY(!(num->value - num->value == 0.0)))
        return fail_at(r, s, SC_ERR_NUMBER, NULL, "number too large");
    return 0;
}

/* Reads a number value, or reports why the value is not one. */
static int read_number(sc_reader *r, sc_number *num, const char *type_msg, const char **at);

/* ---- type errors --------------------------------------------------------- */

/* The value at r->p is not of the wanted type. If it is not valid JSON at
 * all, that is the error to report (syntax, not type); else SC_ERR_TYPE. */
static int type_error(sc_reader *r, const char *msg)
{
    const char *at = r->p;
    sc_reader probe = *r;
    int rc;

    if (at >= r->end)
        return no_value(r, at);
    rc = sc_skip_value(&probe);
    if (rc)
        return rc;
    if (r->err && r->err->all)
        r->p = probe.p; /* all-errors mode goes on after the value */
    return fail_at(r, at, SC_ERR_TYPE, "type", "%s", msg);
}

static int read_number(sc_reader *r, sc_number *num, const char *type_msg, const char **at)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    *at = p;
    if (UNLIKELY(p >= r->end || (*p != '-' && (unsigned)(*p - '0') >= 10)))
        return type_error(r, type_msg);
    return parse_number(r, num, true);
}

/* ---- scalars ---------------------------------------------------------- */

static int literal(sc_reader *r, const char *p, const char *lit, size_t n)
{
    if ((size_t)(r->end - p) >= n && memcmp(p, lit, n) == 0) {
        r->p = p + n;
        return 0;
    }
    return syntax(r, p, "invalid literal (expected true, false or null)");
}

int sc_reader_finish(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    if (p != r->end)
        return unexpected(r, p, false, "unexpected data after the JSON value");
    return 0;
}

sc_json_type sc_peek(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    if (p >= r->end)
        return SC_JSON_INVALID;
    switch (*p) {
    case 'n':
        return SC_JSON_NULL;
    case 'f':
        return SC_JSON_FALSE;
    case 't':
        return SC_JSON_TRUE;
    case '"':
        return SC_JSON_STRING;
    case '[':
        return SC_JSON_ARRAY;
    case '{':
        return SC_JSON_OBJECT;
    case '-':
        return SC_JSON_NUMBER;
    default:
        return (unsigned)(*p - '0') < 10 ? SC_JSON_NUMBER : SC_JSON_INVALID;
    }
}

int sc_read_null(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    if (p < r->end && *p == 'n')
        return literal(r, p, "null", 4);
    return type_error(r, "must be null");
}

int sc_read_bool(sc_reader *r, bool *out)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    if (p < r->end && *p == 't') {
        *out = true;
        return literal(r, p, "true", 4);
    }
    if (p < r->end && *p == 'f') {
        *out = false;
        return literal(r, p, "false", 5);
    }
    return type_error(r, "must be a boolean");
}

/* v, read at at, against the bounds of sc_read_int. */
INLINE int int_in_range(sc_reader *r, const char *at, int64_t v, int64_t min, int64_t max,
                        int64_t *out)
{
    if (UNLIKELY(v < min))
        return fail_at(r, at, SC_ERR_CONSTRAINT, "minimum", "must be >= %lld", (long long)min);
    if (UNLIKELY(v > max))
        return fail_at(r, at, SC_ERR_CONSTRAINT, "maximum", "must be <= %lld", (long long)max);
    *out = v;
    return 0;
}

/* sc_read_int for any literal and any error. */
SC_NOINLINE int sc_read_int_general(sc_reader *r, int64_t *out, int64_t min, int64_t max)
{
    sc_number num;
    const char *at;
    int64_t v;
    int rc;

    if ((rc = read_number(r, &num, "must be an integer", &at)))
        return rc;
    if (!num.integral)
        return fail_at(r, at, SC_ERR_TYPE, "type", "must be an integer");
    if (num.int_exact) {
        v = num.integer;
    } else if (num.value > (double)SC_MAX_SAFE_INTEGER) {
        /* 1e20 or 9007199254740993.0: integral, but beyond exact range. */
        if (max <= SC_MAX_SAFE_INTEGER)
            return fail_at(r, at, SC_ERR_CONSTRAINT, "maximum", "must be <= %lld", (long long)max);
        return fail_at(r, at, SC_ERR_NUMBER, NULL,
                       "integer beyond +-(2^53-1) cannot be represented exactly");
    } else if (num.value < -(double)SC_MAX_SAFE_INTEGER) {
        if (min >= -SC_MAX_SAFE_INTEGER)
            return fail_at(r, at, SC_ERR_CONSTRAINT, "minimum", "must be >= %lld", (long long)min);
        return fail_at(r, at, SC_ERR_NUMBER, NULL,
                       "integer beyond +-(2^53-1) cannot be represented exactly");
    } else {
        v = (int64_t)num.value;
    }
    return int_in_range(r, at, v, min, max, out);
}

int sc_read_int(sc_reader *r, int64_t *out, int64_t min, int64_t max)
{
    return sc_read_int_inline(r, out, min, max);
}

/* sc_read_double for any literal and any error. */
SC_NOINLINE int sc_read_double_general(sc_reader *r, double *out)
{
    sc_number num;
    const char *at;
    int rc;

    if ((rc = read_number(r, &num, "must be a number", &at)))
        return rc;
    *out = num.value;
    return 0;
}

int sc_read_double(sc_reader *r, double *out)
{
    return sc_read_double_inline(r, out);
}

int sc_read_float(sc_reader *r, float *out)
{
    sc_number num;
    const char *at, *stop;
    uint64_t digits;
    unsigned nfrac;
    int rc;

    at = sc_skip_ws(r->p, r->end);
    if (SC_NUMBER_CLINGER && LIKELY((stop = sc_short_number(r, at, &digits, &nfrac)) != NULL)) {
        /* below 10^15: far inside a float's range */
        *out = (float)sc_number_short_value(at, digits, nfrac);
        r->p = stop;
        return 0;
    }
    if ((rc = read_number(r, &num, "must be a number", &at)))
        return rc;
    if (num.value > (double)FLT_MAX)
        return fail_at(r, at, SC_ERR_CONSTRAINT, "maximum", "must be <= %.17g", (double)FLT_MAX);
    if (num.value < -(double)FLT_MAX)
        return fail_at(r, at, SC_ERR_CONSTRAINT, "minimum", "must be >= %.17g", -(double)FLT_MAX);
    *out = (float)num.value;
    return 0;
}

/* ---- strings ---------------------------------------------------------- */

/* Scans the string value at r->p, or reports a type or syntax error. */
INLINE int string_value(sc_reader *r, str_info *si, const char **at)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    *at = p;
    if (UNLIKELY(p >= r->end || *p != '"'))
        return type_error(r, "must be a string");
    return scan_string(r, si);
}

int sc_read_string(sc_reader *r, sc_string *out)
{
    str_info si;
    const char *at;
    int rc;

    if ((rc = string_value(r, &si, &at)))
        return rc;
    return string_bytes(r, &si, at, out);
}

int sc_read_string_dup(sc_reader *r, char **out, size_t *len, size_t *chars)
{
    str_info si;
    const char *at;
    char *buf;
    int rc;

    if ((rc = string_value(r, &si, &at)))
        return rc;
    buf = r->arena ? sc_arena_alloc(r->arena, si.len + 1) : NULL;
    if (!buf)
        return nomem(r, at);
    if (si.escaped)
        unescape(&si, buf);
    else
        memcpy(buf, si.body, si.len);
    buf[si.len] = '\0';
    *out = buf;
    if (len)
        *len = si.len;
    if (chars)
        *chars = si.chars;
    return 0;
}

int sc_read_string_buf(sc_reader *r, char *buf, size_t cap, size_t *len, size_t *chars)
{
    str_info si;
    const char *at;
    int rc;

    if (!buf || cap == 0)
        return fail_at(r, r->p, SC_ERR_ARGUMENT, NULL, "no room for the string");
    if ((rc = string_value(r, &si, &at)))
        return rc;
    if (si.len > cap - 1)
        return fail_at(r, at, SC_ERR_CONSTRAINT, "maxLength", "must be at most %zu %s long",
                       cap - 1, cap - 1 == 1 ? "byte" : "bytes");
    if (si.escaped)
        unescape(&si, buf);
    else
        memcpy(buf, si.body, si.len);
    buf[si.len] = '\0';
    if (len)
        *len = si.len;
    if (chars)
        *chars = si.chars;
    return 0;
}

/* ---- containers ----------------------------------------------------------- */

/* Whether the last token before r->p is the container's opening bracket,
 * i.e. no member or element was read yet: no value ends in '{' or '['. The
 * begin functions consume the bracket alone, so this is usually one byte
 * back; white space is stepped over in case sc_peek ran in between. */
INLINE bool just_opened(const sc_reader *r, char open)
{
    const char *q = r->p;

    if (UNLIKELY(q == r->begin))
        return false;
    if (q[-1] == open)
        return true;
    if (LIKELY((unsigned char)q[-1] > ' '))
        return false; /* the end of a member's value */
    while (q > r->begin && (q[-1] == ' ' || q[-1] == '\n' || q[-1] == '\r' || q[-1] == '\t'))
        q--;
    return q > r->begin && q[-1] == open;
}

static int open_container(sc_reader *r, const char *p)
{
    if (UNLIKELY(r->depth >= r->max_depth))
        return fail_at(r, p, SC_ERR_DEPTH, NULL, "nesting deeper than %d (max_depth)",
                       r->max_depth);
    r->depth++;
    r->p = p + 1;
    return 0;
}

int sc_read_object_begin(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    if (LIKELY(p < r->end && *p == '{'))
        return open_container(r, p);
    return type_error(r, "must be an object");
}

int sc_read_array_begin(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end);

    r->p = p;
    if (LIKELY(p < r->end && *p == '['))
        return open_container(r, p);
    return type_error(r, "must be an array");
}

/* The start of sc_next_member: 0 at '}' (consumed), 1 with *at on the
 * opening quote of the next key, -1 on error. */
INLINE int member_start(sc_reader *r, const char **at)
{
    const char *p = sc_skip_ws(r->p, r->end), *end = r->end;
    bool first = just_opened(r, '{');

    if (UNLIKELY(p >= end)) {
        syntax(r, p, "unexpected end of input in object");
        return -1;
    }
    if (*p == '}') {
        r->p = p + 1;
        r->depth--;
        return 0;
    }
    if (!first) {
        if (UNLIKELY(*p != ',')) {
            unexpected(r, p, false, "expected ',' or '}' after object member");
            return -1;
        }
        p = sc_skip_ws(p + 1, end);
        if (UNLIKELY(p >= end || *p != '"')) {
            unexpected(r, p, true, "expected a string key after ','");
            return -1;
        }
    } else if (UNLIKELY(*p != '"')) {
        unexpected(r, p, true, "expected a string key or '}'");
        return -1;
    }
    *at = p;
    r->in_object = true;
    return 1;
}

/* After the key, r->p just past its closing quote: the ':' and the white
 * space around it. */
INLINE int member_colon(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end);

    if (UNLIKELY(p >= r->end || *p != ':')) {
        unexpected(r, p, false, "expected ':' after object key");
        return -1;
    }
    r->p = sc_skip_ws(p + 1, r->end);
    return 1;
}

sc_next sc_next_member(sc_reader *r, sc_string *key)
{
    const char *p = NULL;
    str_info si;
    int rc = member_start(r, &p);

    if (rc <= 0)
        return rc;
    r->p = p;
    if (scan_string(r, &si) || string_bytes(r, &si, p, key))
        return -1;
    return member_colon(r);
}

/* sc_next_member_expect for any framing: white space anywhere, a member
 * out of order, an escaped key, errors. */
sc_next sc_next_member_expect_general(sc_reader *r, const sc_string *expected, sc_string *key)
{
    const char *p = NULL;
    str_info si;
    int rc = member_start(r, &p);

    if (rc <= 0)
        return rc;
    /* The raw bytes are the name and a closing quote: that is the key, as
     * the name holds no byte that would need an escape. */
    if ((size_t)(r->end - p) > expected->len + 1 && p[1 + expected->len] == '"' &&
        sc_same_bytes(p + 1, expected->ptr, expected->len)) {
        key->ptr = p + 1;
        key->len = expected->len;
        key->chars = expected->chars;
        r->p = p + 2 + expected->len;
        return member_colon(r) < 0 ? -1 : 2;
    }
    r->p = p;
    if (scan_string(r, &si) || string_bytes(r, &si, p, key))
        return -1;
    return member_colon(r);
}

sc_next sc_next_member_expect(sc_reader *r, const sc_string *expected, sc_string *key)
{
    return sc_next_member_expect_inline(r, expected, key);
}

/* sc_next_element for any framing. */
sc_next sc_next_element_general(sc_reader *r)
{
    const char *p = sc_skip_ws(r->p, r->end), *end = r->end;
    bool first = just_opened(r, '[');

    if (UNLIKELY(p >= end)) {
        syntax(r, p, "unexpected end of input in array");
        return -1;
    }
    if (*p == ']') {
        r->p = p + 1;
        r->depth--;
        return 0;
    }
    if (!first) {
        if (UNLIKELY(*p != ',')) {
            unexpected(r, p, false, "expected ',' or ']' after array element");
            return -1;
        }
        p = sc_skip_ws(p + 1, end);
        if (UNLIKELY(p < end && *p == ']')) {
            unexpected(r, p, false, "expected a value after ','");
            return -1;
        }
    }
    r->p = p;
    r->in_object = false;
    return 1;
}

sc_next sc_next_element(sc_reader *r)
{
    return sc_next_element_inline(r);
}

/* ---- skipping ----------------------------------------------------------- */

/* A key of an object being skipped, kept until the object closes. */
typedef struct key_ent {
    const char *ptr; /* unescaped bytes */
    size_t len;
    const char *at; /* the key in the input, for the error offset */
    uint64_t hash;
} key_ent;

#define LOCAL_KEYS 32
#define LOCAL_FRAMES 32
#define ARRAY_FRAME SIZE_MAX
#define PAIRWISE_MAX 16

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325); /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * UINT64_C(0x100000001b3);
    return h;
}

static bool key_eq(const key_ent *a, const key_ent *b)
{
    return a->hash == b->hash && a->len == b->len && memcmp(a->ptr, b->ptr, a->len) == 0;
}

static int key_cmp(const void *pa, const void *pb)
{
    const key_ent *a = pa, *b = pb;
    int c;

    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    if ((c = memcmp(a->ptr, b->ptr, a->len)) != 0)
        return c;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* Writes key as a quoted, escaped, possibly shortened text for a message. */
static void quote_key(char *out, size_t cap, const char *s, size_t n)
{
    size_t o = 0, i = 0;

    out[o++] = '"';
    while (i < n && o + 8 < cap) {
        unsigned char c = (unsigned char)s[i];
        size_t len = 1;
        if (c >= 0x80)
            len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2; /* s is valid UTF-8 */
        if (o + len + 8 >= cap)
            break;
        if (c == '"' || c == '\\') {
            out[o++] = '\\';
            out[o++] = (char)c;
        } else if (c < 0x20) {
            o += (size_t)snprintf(out + o, cap - o, "\\u%04X", c);
        } else {
            memcpy(out + o, s + i, len);
            o += len;
        }
        i += len;
    }
    if (i < n) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o++] = '"';
    out[o] = '\0';
}

static int duplicate(sc_reader *r, const key_ent *k)
{
    char q[80];

    quote_key(q, sizeof q, k->ptr, k->len);
    return fail_at(r, k->at, SC_ERR_DUPLICATE_KEY, NULL, "duplicate key %s", q);
}

/* Checks keys[0..n) of one closed object for duplicates. The reported key
 * is the earliest second occurrence, as a one-pass check would find it. */
static int check_keys(sc_reader *r, key_ent *keys, size_t n)
{
    const key_ent *dup = NULL;

    if (n <= PAIRWISE_MAX) {
        for (size_t j = 1; j < n; j++)
            for (size_t i = 0; i < j; i++)
                if (key_eq(&keys[i], &keys[j]))
                    return duplicate(r, &keys[j]);
        return 0;
    }
    /* Sorted by (hash, bytes, position): each group's second entry is its
     * first repeat. */
    qsort(keys, n, sizeof *keys, key_cmp);
    for (size_t i = 1; i < n; i++)
        if (key_eq(&keys[i - 1], &keys[i]) && (i < 2 || !key_eq(&keys[i - 2], &keys[i])))
            if (!dup || keys[i].at < dup->at)
                dup = &keys[i];
    return dup ? duplicate(r, dup) : 0;
}

/* Grows a scratch stack that starts in a local array and moves into the
 * arena when it outgrows it. */
static void *grow_stack(sc_reader *r, void *items, void *local, size_t *cap, size_t size)
{
    size_t ncap = *cap * 2;
    void *n;

    if (!r->arena || ncap > SIZE_MAX / size / 2)
        return NULL;
    if (items == local) {
        n = sc_arena_alloc(r->arena, ncap * size);
        if (n)
            memcpy(n, local, *cap * size);
    } else {
        n = sc_arena_grow(r->arena, items, *cap * size, ncap * size);
    }
    if (n)
        *cap = ncap;
    return n;
}

/* Elements or members past the limit, at the one that goes over. */
static int too_many(sc_reader *r, const char *at, bool object)
{
    if (object)
        return fail_at(r, at, SC_ERR_LIMIT, NULL, "object with more than %zu members (max_members)",
                       r->max_members);
    return fail_at(r, at, SC_ERR_LIMIT, NULL, "array with more than %zu items (max_items)",
                   r->max_items);
}

int sc_skip_value(sc_reader *r)
{
    return sc_skip_value_counted(r, NULL);
}

static int skip_value_loop(sc_reader *r, size_t *values, bool standard);
static void name_skip_error(const sc_reader *r, const char *start);

int sc_skip_value_counted(sc_reader *r, size_t *values)
{
    const char *start = r->p;
    int rc = skip_value_loop(r, values, false);
    if (UNLIKELY(rc != 0))
        name_skip_error(r, start);
    return rc;
}

int sc_skip_value_standard(sc_reader *r, size_t *values)
{
    const char *start = r->p;
    int rc = skip_value_loop(r, values, true);
    if (UNLIKELY(rc != 0))
        name_skip_error(r, start);
    return rc;
}

/* The skip itself. Its failures leave err->path empty; name_skip_error,
 * which runs on failures only, fills it in, so the loop carries nothing
 * for the path. */
INLINE int skip_value_loop(sc_reader *r, size_t *values, bool standard)
{
    /* frames[i] is ARRAY_FRAME or, for an object, the index in keys where
     * its keys start: an explicit stack instead of recursion. counts[i] is
     * the elements of an array frame so far. */
    size_t frames_local[LOCAL_FRAMES], *frames = frames_local;
    size_t counts_local[LOCAL_FRAMES], *counts = counts_local;
    size_t ccap = LOCAL_FRAMES;
    size_t nvalues = 0;
    size_t nframes = 0, fcap = LOCAL_FRAMES;
    key_ent keys_local[LOCAL_KEYS], *keys = keys_local;
    size_t nkeys = 0, kcap = LOCAL_KEYS;
    const char *p, *end = r->end;
    str_info si;
    int rc;

value:
    p = sc_skip_ws(r->p, end);
    r->p = p;
    if (UNLIKELY(p >= end))
        return no_value(r, p);
    nvalues++;
    if (nframes > 0 && frames[nframes - 1] == ARRAY_FRAME &&
        UNLIKELY(++counts[nframes - 1] > r->max_items))
        return too_many(r, p, false);
    switch (*p) {
    case '"':
        if ((rc = scan_string(r, &si)))
            return rc;
        break;
    case '{':
    case '[':
        if ((rc = open_container(r, p)))
            return rc;
        if (nframes == fcap) {
            size_t *nf = grow_stack(r, frames, frames_local, &fcap, sizeof *frames);
            size_t *nc = nf ? grow_stack(r, counts, counts_local, &ccap, sizeof *counts) : NULL;
            if (!nc)
                return nomem(r, p);
            frames = nf;
            counts = nc;
        }
        counts[nframes] = 0;
        frames[nframes++] = *p == '{' ? nkeys : ARRAY_FRAME;
        p = sc_skip_ws(r->p, end);
        r->p = p;
        if (p < end && *p == (frames[nframes - 1] == ARRAY_FRAME ? ']' : '}'))
            goto close; /* empty */
        if (frames[nframes - 1] == ARRAY_FRAME)
            goto value;
        goto key;
    case 't':
        if ((rc = literal(r, p, "true", 4)))
            return rc;
        break;
    case 'f':
        if ((rc = literal(r, p, "false", 5)))
            return rc;
        break;
    case 'n':
        if ((rc = literal(r, p, "null", 4)))
            return rc;
        break;
    default: {
        uint64_t digits;
        unsigned nfrac;
        const char *stop = sc_short_number(r, p, &digits, &nfrac);
        if (LIKELY(stop != NULL)) {
            r->p = stop;
            break;
        }
        if (*p != '-' && (unsigned)(*p - '0') >= 10)
            return no_value(r, p);
        {
            sc_number num;
            if ((rc = parse_number(r, &num, !standard)))
                return rc;
        }
        break;
    }
    }

after_value:
    if (nframes == 0) {
        if (values)
            *values = nvalues;
        return 0;
    }
    p = sc_skip_ws(r->p, end);
    r->p = p;
    if (UNLIKELY(p >= end))
        return syntax(r, p,
                      frames[nframes - 1] == ARRAY_FRAME ? "unexpected end of input in array"
                                                         : "unexpected end of input in object");
    if (*p == ',') {
        p = sc_skip_ws(p + 1, end);
        r->p = p;
        if (frames[nframes - 1] != ARRAY_FRAME)
            goto key;
        if (UNLIKELY(p < end && *p == ']'))
            return unexpected(r, p, false, "expected a value after ','");
        goto value;
    }
close:
    if (frames[nframes - 1] == ARRAY_FRAME) {
        if (UNLIKELY(*p != ']'))
            return unexpected(r, p, false, "expected ',' or ']' after array element");
    } else {
        size_t first = frames[nframes - 1];
        if (UNLIKELY(*p != '}'))
            return unexpected(r, p, false, "expected ',' or '}' after object member");
        if (!standard && nkeys - first > 1 && (rc = check_keys(r, keys + first, nkeys - first)))
            return rc;
        nkeys = first;
    }
    nframes--;
    r->depth--;
    r->p = p + 1;
    goto after_value;

key:
    /* p == r->p, after '{' or ',' and white space */
    if (UNLIKELY(p >= end || *p != '"'))
        return unexpected(r, p, true,
                          frames[nframes - 1] == nkeys ? "expected a string key or '}'"
                                                       : "expected a string key after ','");
    if ((rc = scan_string(r, &si)))
        return rc;
    if (UNLIKELY(nkeys - frames[nframes - 1] >= r->max_members))
        return too_many(r, p, true);
    if (nkeys == kcap) {
        key_ent *nk = grow_stack(r, keys, keys_local, &kcap, sizeof *keys);
        if (!nk)
            return nomem(r, p);
        keys = nk;
    }
    {
        key_ent *k = &keys[nkeys++];
        sc_string s = {NULL, 0, 0}; /* gcc -O3 cannot see that a failure returns first */
        if ((rc = string_bytes(r, &si, p, &s)))
            return rc;
        k->ptr = s.ptr;
        k->len = s.len;
        k->at = p;
        k->hash = hash_bytes(s.ptr, s.len);
    }
    p = sc_skip_ws(r->p, end);
    if (UNLIKELY(p >= end || *p != ':'))
        return unexpected(r, p, false, "expected ':' after object key");
    r->p = p + 1;
    goto value;
}

/* ---- lenient reading (reader_internal.h) ---------------------------------- */

/* The lenient reading is the strict reader's own tokens (string_rest with
 * lossy, sc_number_read's grammar without the I-JSON checks, literal) and
 * framing (member_start, member_colon, sc_next_element), walked without
 * limits, so that what JSON is cannot differ between the two. */

void sc_internal_reader_init_lenient(sc_reader *r, const char *json, size_t len, sc_arena *arena,
                                     sc_error *err)
{
    sc_reader_init(r, json, len, NULL, err); /* no limits, max_input included */
    r->arena = arena;                        /* scratch only */
    r->max_depth = INT_MAX;
}

/* The string at r->p (its opening quote), lossy allowed. */
static int scan_string_lenient(sc_reader *r, str_info *si, bool *lossy)
{
    const unsigned char *body = (const unsigned char *)r->p + 1;

    *lossy = false;
    return string_rest(r, body, body, si, lossy);
}

/* The string, number or literal at r->p (past white space), stepped over
 * as JSON's grammar reads it, or with strict as the strict reader does
 * (UTF-8, U+0000, surrogates, max_string, finite and exact numbers). */
INLINE int skip_scalar(sc_reader *r, bool strict)
{
    const char *p = r->p;
    str_info si;
    bool lossy;

    if (p >= r->end)
        return no_value(r, p);
    switch (*p) {
    case '"':
        if (strict)
            return scan_string(r, &si);
        return scan_string_lenient(r, &si, &lossy);
    case 't':
        return literal(r, p, "true", 4);
    case 'f':
        return literal(r, p, "false", 5);
    case 'n':
        return literal(r, p, "null", 4);
    default: {
        sc_number num;
        const char *stop;
        sc_number_status status;
        if (*p != '-' && (unsigned)(*p - '0') >= 10)
            return no_value(r, p);
        if (strict)
            return parse_number(r, &num, true);
        status = sc_number_read(p, r->end, &num, &stop);
        if (status != SC_NUM_OK)
            return bad_number(r, status, stop);
        r->p = stop; /* any magnitude: 1e400 and 2^64 are JSON */
        return 0;
    }
    }
}

static int lenient_scalar(sc_reader *r)
{
    return skip_scalar(r, false);
}

sc_next sc_internal_next_member_lenient(sc_reader *r, sc_string *key)
{
    const char *p = NULL;
    str_info si;
    bool lossy;
    int rc = member_start(r, &p);

    if (rc <= 0)
        return rc;
    r->p = p;
    if (scan_string_lenient(r, &si, &lossy))
        return -1;
    if (key != NULL) {
        if (lossy) {
            key->ptr = NULL; /* no UTF-8 text to give: it equals no name */
            key->len = key->chars = 0;
        } else if (string_bytes(r, &si, p, key)) {
            return -1;
        }
    }
    return member_colon(r);
}

/* sc_next_member with the key stepped over, not kept: strict, the strict
 * reader's checks of it; else the lenient reading's. */
INLINE sc_next next_member_unkept(sc_reader *r, bool strict)
{
    const char *p = NULL;
    str_info si;
    int rc;

    if (!strict)
        return sc_internal_next_member_lenient(r, NULL);
    if ((rc = member_start(r, &p)) <= 0)
        return rc;
    r->p = p;
    if (scan_string(r, &si))
        return -1;
    return member_colon(r);
}

/* Levels of nesting whose kinds a framed skip keeps on the C stack: more
 * than SC_MAX_DEPTH, so the strict one never needs the arena. */
#define LENIENT_LOCAL_WORDS 16

/* Without recursion: the open containers' kinds a bit each (set: an
 * object), which is all the framing needs; items go through the framing
 * functions the pull API uses. Strict: the strict reader's tokens, framing
 * and depth limit, but no key kept, so no duplicate-key check and no
 * max_items or max_members count (sc_reader_check_syntax). */
INLINE int skip_framed(sc_reader *r, bool strict)
{
    uint64_t local[LENIENT_LOCAL_WORDS], *objects = local;
    size_t cap = LENIENT_LOCAL_WORDS, open = 0;
    int rc;

    for (;;) {
        const char *p = sc_skip_ws(r->p, r->end);
        r->p = p;
        if (p < r->end && (*p == '{' || *p == '[')) {
            uint64_t bit = UINT64_C(1) << (open % 64);
            if ((rc = open_container(r, p)))
                return rc;
            if (open == cap * 64) {
                uint64_t *grown = grow_stack(r, objects, local, &cap, sizeof *objects);
                if (!grown)
                    return nomem(r, p);
                objects = grown;
            }
            objects[open / 64] = *p == '{' ? objects[open / 64] | bit : objects[open / 64] & ~bit;
            open++;
        } else if ((rc = skip_scalar(r, strict))) {
            return rc;
        }
        /* after a value or an opening bracket: the next item, or the end */
        for (;;) {
            sc_next next;
            if (open == 0)
                return 0;
            next = (objects[(open - 1) / 64] >> ((open - 1) % 64) & 1)
                       ? next_member_unkept(r, strict)
                       : sc_next_element(r);
            if (next == SC_NEXT_ERROR)
                return r->err ? r->err->code : SC_ERR_SYNTAX;
            if (next == SC_NEXT_ITEM)
                break;
            open--;
        }
    }
}

int sc_internal_skip_value_lenient(sc_reader *r)
{
    return skip_framed(r, false);
}

int sc_reader_check_syntax(const sc_reader *r, sc_error *err)
{
    /* from the start, under r's limits; no arena, so nothing is allocated
     * (an arena a decode filled cannot turn this into SC_ERR_NOMEM) */
    sc_reader s = *r;
    int rc;

    s.p = s.begin;
    s.depth = 0;
    s.in_object = false;
    s.arena = NULL;
    s.err = err;
    sc_error_clear(err);
    rc = skip_framed(&s, true);
    if (rc == 0)
        rc = sc_reader_finish(&s);
    if (rc != 0)
        name_skip_error(&s, s.begin);
    return rc;
}

/* ---- where a skip failed -------------------------------------------------- */

/* The frames of name_skip_error kept: a path has room for fewer segments
 * (each at least 2 bytes of SC_ERROR_PATH_MAX), and sc_error_push_* drops
 * the deepest segments of a path too long anyway. */
#define NAMED_FRAMES (SC_ERROR_PATH_MAX / 2)

/* A reader of r's text at p that records no error: name_skip_error's, to
 * read the tokens again with the reader's own code. */
static sc_reader token_reader(const sc_reader *r, const char *p)
{
    sc_reader t = *r;

    t.p = p;
    t.err = NULL;
    t.max_string = SIZE_MAX;
    return t;
}

/* The end of the string, number or literal token at p, or NULL when it
 * breaks JSON's grammar (the error then lies inside it). Lenient: a
 * strictness error inside a token leaves its end where it is. */
static const char *token_end(const sc_reader *r, const char *p)
{
    sc_reader t = token_reader(r, p);

    return lenient_scalar(&t) == 0 ? t.p : NULL;
}

/* The unescaped text of the key token at p (it passed the reader's checks)
 * into buf, at most cap bytes: its length, or more than cap when it does
 * not fit (a segment that long does not fit a path). */
static size_t key_text(const sc_reader *r, const char *p, char *buf, size_t cap)
{
    sc_reader t = token_reader(r, p);
    str_info si;

    if (scan_string(&t, &si) != 0 || si.len > cap)
        return cap + 1;
    if (si.escaped)
        unescape(&si, buf);
    else
        memcpy(buf, si.body, si.len);
    return si.len;
}

/* A skip that started at start failed at err->offset: err->path (empty)
 * becomes the JSON Pointer, relative to the skipped value, of what failed
 * there: the value that starts or lies there (a bad string, number or
 * literal, a container nested too deep), else the container being read (its
 * framing, a key, a duplicate key, one item or member too many). The text
 * before the offset passed the skip's checks, so it is walked again token
 * by token (token_end: the lenient reading's tokens, which step over a
 * strictness error inside a token), keeping each open container's current
 * index or key: only failures pay, and time stays linear. The caller prepends where the
 * skipped value is. */
GENERAL void name_skip_error(const sc_reader *r, const char *start)
{
    struct {
        const char *key; /* the member's key token, or NULL in an array */
        size_t index;
    } frames[NAMED_FRAMES];
    enum { VALUE, FIRST_VALUE, KEY, FIRST_KEY, COLON, AFTER } expect = VALUE;
    size_t depth = 0; /* open containers; the first NAMED_FRAMES kept */
    bool value_failed = false;
    const char *p = start, *end = r->end, *at;

    if (r->err == NULL || r->rejected || r->err->offset < (size_t)(start - r->begin) ||
        r->err->offset > (size_t)(end - r->begin))
        return;
    at = r->begin + r->err->offset;
    for (;;) {
        p = sc_skip_ws(p, end);
        if (p >= end || p > at)
            break; /* the document ends inside the containers open: theirs */
        bool here = p == at;
        char c = *p;
        if (expect == VALUE || expect == FIRST_VALUE) {
            if (expect == FIRST_VALUE && c == ']') {
                if (here)
                    break;
                goto close;
            }
            if (here) {
                /* no value where one was expected, or an item past
                 * max_items: the array's error, not the item's */
                value_failed =
                    c != ']' && c != '}' &&
                    !(r->err->code == SC_ERR_LIMIT && depth > 0 && depth <= NAMED_FRAMES &&
                      frames[depth - 1].key == NULL && frames[depth - 1].index >= r->max_items);
                break;
            }
            if (c == '{' || c == '[') {
                if (depth < NAMED_FRAMES) {
                    frames[depth].key = NULL;
                    frames[depth].index = 0;
                }
                depth++;
                expect = c == '{' ? FIRST_KEY : FIRST_VALUE;
                p++;
                continue;
            }
            const char *e = token_end(r, p);
            if (e == NULL || at < e) {
                value_failed = true; /* inside this string, number or literal */
                break;
            }
            p = e;
            expect = AFTER;
            continue;
        }
        if (here)
            break; /* a key, a ':' or what follows a value: the container's */
        if (expect == KEY || expect == FIRST_KEY) {
            if (expect == FIRST_KEY && c == '}')
                goto close;
            if (c != '"')
                break;
            const char *e = token_end(r, p);
            if (e == NULL || at < e)
                break;
            if (depth <= NAMED_FRAMES)
                frames[depth - 1].key = p;
            p = e;
            expect = COLON;
            continue;
        }
        if (expect == COLON) {
            if (c != ':')
                break;
            p++;
            expect = VALUE;
            continue;
        }
        /* AFTER a value */
        if (depth == 0)
            break;
        if (c == ',') {
            bool object = depth <= NAMED_FRAMES ? frames[depth - 1].key != NULL : false;
            if (depth <= NAMED_FRAMES && !object)
                frames[depth - 1].index++;
            /* deeper than the frames kept: which kind does not matter, the
             * path is cut above them; an object's ',' is followed by '"' */
            p = sc_skip_ws(p + 1, end);
            expect = object || (depth > NAMED_FRAMES && p < end && *p == '"') ? KEY : VALUE;
            continue;
        }
        if (c != ']' && c != '}')
            break;
    close:
        depth--;
        p++;
        expect = AFTER;
    }
    /* the open containers, innermost first; the innermost names its
     * current item only when that item's value failed */
    char key[SC_ERROR_PATH_MAX + 8];
    size_t kept = depth < NAMED_FRAMES ? depth : NAMED_FRAMES;
    for (size_t i = kept; i-- > 0;) {
        if (i + 1 == depth && !value_failed)
            continue;
        if (frames[i].key == NULL) {
            sc_error_push_index(r->err, frames[i].index);
        } else {
            size_t n = key_text(r, frames[i].key, key, SC_ERROR_PATH_MAX);
            sc_error_push_key_n(r->err, key, n);
        }
    }
}
