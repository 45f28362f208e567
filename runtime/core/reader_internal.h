/* schemac runtime, internal: the reader's tokenizer read leniently, for
 * libschemac-mcp (runtime/mcp/mcp.c, provider.c); not installed, not part
 * of the public API. libschemac exports these three (libschemac-mcp links
 * it as a shared library) under the prefix sc_internal_, marked
 * SC_INTERNAL_API and declared only here: tests/abi checks that every
 * symbol libschemac exports is in an installed header or is one of these,
 * and that these carry the prefix. libschemac-mcp is built and shipped
 * with the libschemac of the same version (Debian: the same source), so
 * they may change with any release.
 *
 * Why a lenient mode: the strict reader (reader.h) refuses JSON that
 * breaks a strictness rule, and two callers must still find their way
 * through such text: the MCP server recovers a refused request's id so
 * that its error reply can carry it, and a provider's response has the
 * arguments of a call the strict reader refused cut out so that the other
 * calls of the turn run. Both must see the text as JSON exactly when
 * JavaScript's JSON.parse would (the client's view): RFC 8259's grammar
 * with no strictness rule and no limit. So these functions accept any depth,
 * numbers of any size (1e400, 2^64), any \u escape (lone surrogates,
 * \u0000), any byte from 0x20 up in a string (bytes that are not UTF-8,
 * which a client decoding the text reads as U+FFFD), and duplicate keys;
 * they refuse what JSON.parse refuses (a control character in a string, a
 * bad escape, a bad number or literal, a missing or extra ',' or ':',
 * comments, data after the value), with the strict reader's messages and
 * offsets, since every token goes through the same code.
 *
 * Time is linear in the text; memory is a bit per level of nesting past
 * the first 1024 (from the arena) and the unescaped keys
 * sc_internal_next_member_lenient returns (from the arena).
 *
 * Below those, the strict reader's fast paths as inline functions
 * (reader.c's public functions call them; the descriptor walker,
 * runtime/core/table_read.c, inlines them). Above them, the reader's
 * state as the walker reaches it, not exported: generated code never
 * includes reader.h, so none of this is compiled into it. */
#ifndef SCHEMAC_READER_INTERNAL_H
#define SCHEMAC_READER_INTERNAL_H

#include <string.h>

#include "number.h"
#include "schemac/export.h"
#include "schemac/reader.h"

/* Exported by libschemac, for libschemac-mcp only (SC_API: dllexport while
 * libschemac is built, on Windows). */
#define SC_INTERNAL_API SC_API

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the reader's state, for libschemac's walker (hidden) ---- */
/* The error a failed read set. */
static inline sc_error *sc_reader_error(sc_reader *r_)
{
    return r_->err;
}
/* A check that failed on the value that started at offset at (taken with
 * sc_reader_offset before reading it). Returns the error's code. */
static inline int sc_reader_place_error_at(sc_reader *r_, size_t at_)
{
    r_->err->offset = at_;
    return r_->err->code;
}
/* An allocation from r->arena failed: records SC_ERR_LIMIT when max_bytes
 * refused it, else SC_ERR_NOMEM, and returns the code. */
int sc_reader_out_of_memory(sc_reader *r);
/* A NUL-terminated arena copy of s_[0..len_), or NULL with the error set. */
static inline char *sc_reader_strndup(sc_reader *r_, const char *s_, size_t len_)
{
    char *copy_ = sc_arena_strndup(r_->arena, s_, len_);
    if (copy_ == NULL)
        sc_reader_out_of_memory(r_);
    return copy_;
}
/* sc_skip_value, counting the values skipped (containers and scalars, not
 * keys) into *values (may be NULL): what a cJSON tree of the value holds. */
int sc_skip_value_counted(sc_reader *r, size_t *values) SC_NODISCARD;

/* Whether the whole document of r (read or not: r's position does not
 * matter) is JSON under the strict reader's rules and r's max_depth and
 * max_string: 0, or the first error found, with its JSON Pointer, in *err.
 * Not checked: duplicate keys, max_items, max_members (each needs memory
 * or counts per level); nothing is allocated. Runs after a decode's
 * verdict only, so that a malformed document is reported as malformed
 * (docs/strictness.md). */
int sc_reader_check_syntax(const sc_reader *r, sc_error *err) SC_NODISCARD;

/* A reader for the lenient functions: no limit (max_depth, max_string,
 * max_input, ...) whatever the arena's, which only gives scratch memory
 * (it may be NULL: then nesting deeper than 1024 and escaped keys fail
 * with SC_ERR_NOMEM). The framing functions of reader.h (sc_peek,
 * sc_read_object_begin and sc_read_array_begin on a value sc_peek
 * classified, sc_next_element, sc_reader_finish) read the same on it;
 * values go through sc_internal_skip_value_lenient, keys through
 * sc_internal_next_member_lenient. */
SC_INTERNAL_API void sc_internal_reader_init_lenient(sc_reader *r, const char *json, size_t len,
                                                     sc_arena *arena, sc_error *err);

/* Skips the value at r->p (white space before it stepped over), leaving
 * r->p just after it: 0, or SC_ERR_SYNTAX (not JSON) or SC_ERR_NOMEM with
 * r->err set. */
SC_INTERNAL_API int sc_internal_skip_value_lenient(sc_reader *r) SC_NODISCARD;

/* sc_next_member for a lenient reader. On SC_NEXT_ITEM *key (may be NULL:
 * the key is only stepped over) is the unescaped key when the strict reader
 * would accept it, else {NULL, 0, 0} (a lone surrogate, \u0000, bytes that
 * are not UTF-8): such a key equals no name written as UTF-8 text. */
SC_INTERNAL_API sc_next sc_internal_next_member_lenient(sc_reader *r, sc_string *key) SC_NODISCARD;

/* Not lenient, for sc_parse_json_ex's SC_PARSE_STANDARD (any.c): the
 * strict skip (sc_skip_value_counted: grammar, UTF-8, U+0000, surrogates,
 * finite numbers, every limit) without the two I-JSON rules a cJSON tree
 * does not need: duplicate keys pass (any.c keeps the last), and an
 * integer beyond +-(2^53-1) is its nearest double. */
int sc_skip_value_standard(sc_reader *r, size_t *values) SC_NODISCARD;

/* ---- the reader's fast paths, inline ----------------------------------
 * reader.c's public functions are these, each with its general path out
 * of line; the descriptor walker (table_read.c) inlines them, saving a
 * call, its argument set-up and its out-parameters on every member and
 * item. */

#if defined(__GNUC__) || defined(__clang__)
#define SC_LIKELY(x) __builtin_expect(!!(x), 1)
#define SC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SC_INLINE static inline __attribute__((always_inline))
#define SC_NOINLINE __attribute__((noinline))
#else
#define SC_LIKELY(x) (x)
#define SC_UNLIKELY(x) (x)
#define SC_INLINE static inline
#define SC_NOINLINE
#endif

/* The first byte at or after p that is not JSON white space (or end). */
SC_INLINE const char *sc_skip_ws(const char *p, const char *end)
{
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (SC_LIKELY(c > ' ') || (c != ' ' && c != '\n' && c != '\r' && c != '\t'))
            break;
        p++;
    }
    return p;
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) &&                        \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SC_FIRST_FLAGGED_BYTE(t) ((size_t)__builtin_ctzll(t) >> 3)
#endif

#define SC_ONES UINT64_C(0x0101010101010101)
#define SC_HIGHS UINT64_C(0x8080808080808080)

/* Bytes of v (8 input bytes) that end a plain ASCII run: '"', '\\', < 0x20
 * or >= 0x80, each flagged by its high bit. Borrows can flag bytes above the
 * first true hit too, so only the lowest flag is to be trusted. */
SC_INLINE uint64_t sc_run_enders(uint64_t v)
{
    uint64_t q = v ^ (SC_ONES * '"'), b = v ^ (SC_ONES * '\\');
    return (((q - SC_ONES) & ~q) | ((b - SC_ONES) & ~b) | ((v - SC_ONES * 0x20) & ~v) | v) &
           SC_HIGHS;
}

/* The closing quote of a plain string (ASCII, no escape, no control
 * character) whose body starts at p, found 8 bytes at a time; NULL for any
 * other, or fewer than 8 bytes left, with *stop where the plain run ends. */
SC_INLINE const unsigned char *sc_plain_string_end(const unsigned char *p, const unsigned char *end,
                                                   const unsigned char **stop)
{
#ifdef SC_FIRST_FLAGGED_BYTE
    while (SC_LIKELY(end - p >= 8)) {
        uint64_t v, t;
        memcpy(&v, p, 8);
        t = sc_run_enders(v);
        if (SC_LIKELY(!t)) {
            p += 8;
            continue;
        }
        p += SC_FIRST_FLAGGED_BYTE(t);
        if (SC_LIKELY(*p == '"')) {
            *stop = p;
            return p;
        }
        break;
    }
#else
    (void)end;
#endif
    *stop = p;
    return NULL;
}

/* memcmp(a, b, n) == 0 inline: 8 bytes at a time, the last 8 overlapping,
 * or two overlapping loads of 4 or 2 from each side, instead of a call
 * (keys are short, the call was a fifth of the fast path, and a function
 * that calls nothing needs no registers saved; the descriptor walker's
 * enum lookup too). Both sides must hold n bytes. */
SC_INLINE bool sc_same_bytes(const char *a, const char *b, size_t n)
{
    if (n >= 8) {
        uint64_t a0, b0;
        for (size_t i = 0; i < n - 8; i += 8) {
            memcpy(&a0, a + i, 8);
            memcpy(&b0, b + i, 8);
            if (a0 != b0)
                return false;
        }
        memcpy(&a0, a + n - 8, 8);
        memcpy(&b0, b + n - 8, 8);
        return a0 == b0;
    }
    if (n >= 4) {
        uint32_t a0, a1, b0, b1;
        memcpy(&a0, a, 4);
        memcpy(&b0, b, 4);
        memcpy(&a1, a + n - 4, 4);
        memcpy(&b1, b + n - 4, 4);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    if (n >= 2) {
        uint16_t a0, a1, b0, b1;
        memcpy(&a0, a, 2);
        memcpy(&b0, b, 2);
        memcpy(&a1, a + n - 2, 2);
        memcpy(&b1, b + n - 2, 2);
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    return n == 0 || a[0] == b[0];
}

/* The general paths (any framing and white space, a key out of order or
 * escaped, any number literal, errors), in reader.c. */
sc_next sc_next_member_expect_general(sc_reader *r, const sc_string *expected, sc_string *key);
sc_next sc_next_element_general(sc_reader *r);
SC_NOINLINE int sc_read_int_general(sc_reader *r, int64_t *out, int64_t min, int64_t max);
SC_NOINLINE int sc_read_double_general(sc_reader *r, double *out);

/* What a fast path returns when the general path must run instead. */
#define SC_NEXT_GENERAL (-2)

/* sc_next_member_expect's fast path: SC_NEXT_EXPECTED (the key, expected's
 * name, at *name), SC_NEXT_END, or SC_NEXT_GENERAL when the general path
 * must read the member (nothing consumed). The walker needs no key when
 * it is the expected one, and so stores none. */
SC_INLINE int sc_next_member_expect_fast(sc_reader *r, const sc_string *expected, const char **name)
{
    const char *p = r->p, *q;
    size_t n = expected->len;

    /* The framing writers use, inline: the expected key right after the
     * '{' or after a ',' and at most one space, then ':' and the value
     * (white space before it is stepped over); or the '}'. The byte before
     * p tells the first member from the others (just_opened). Room for
     * ", \"name\":" and one byte more; anything else, and a key that is not
     * the expected one, take the general path from the start. */
    if (SC_LIKELY(p != r->begin && (size_t)(r->end - p) > n + 5)) {
        unsigned char prev = (unsigned char)p[-1];
        if (*p == ',' && prev > ' ' && prev != '{') {
            q = p + 1;
            q += *q == ' ';
        } else if (*p == '"' && prev == '{') {
            q = p;
        } else if (*p == '}') {
            r->p = p + 1;
            r->depth--;
            return SC_NEXT_END;
        } else {
            return SC_NEXT_GENERAL;
        }
        if (*q == '"' && q[n + 1] == '"' && q[n + 2] == ':' &&
            sc_same_bytes(q + 1, expected->ptr, n)) {
            const char *v = q + n + 3;
            if (SC_UNLIKELY((unsigned char)*v <= ' '))
                v = sc_skip_ws(v, r->end);
            *name = q + 1;
            r->p = v;
            r->in_object = true;
            return SC_NEXT_EXPECTED;
        }
    }
    return SC_NEXT_GENERAL;
}

/* sc_next_member_expect. */
SC_INLINE sc_next sc_next_member_expect_inline(sc_reader *r, const sc_string *expected,
                                               sc_string *key)
{
    const char *name = NULL;
    int next = sc_next_member_expect_fast(r, expected, &name);

    if (next == SC_NEXT_GENERAL)
        return sc_next_member_expect_general(r, expected, key);
    if (next == SC_NEXT_EXPECTED) {
        key->ptr = name;
        key->len = expected->len;
        key->chars = expected->chars;
    }
    return (sc_next)next;
}

/* sc_next_element. */
SC_INLINE sc_next sc_next_element_inline(sc_reader *r)
{
    const char *p = r->p;

    /* Inline: the next value right after the '[' or the ',', or the ']'.
     * Anything else (white space, errors) takes the general path. */
    if (SC_LIKELY(p != r->begin && r->end - p >= 2)) {
        unsigned char prev = (unsigned char)p[-1], c = (unsigned char)*p;
        if (c == ',' && prev > ' ' && prev != '[') {
            c = (unsigned char)p[1];
            if (SC_LIKELY(c > ' ' && c != ']')) {
                r->p = p + 1;
                r->in_object = false;
                return SC_NEXT_ITEM;
            }
        } else if (c == ']') {
            r->p = p + 1;
            r->depth--;
            return SC_NEXT_END;
        } else if (prev == '[' && c > ' ') {
            r->in_object = false;
            return SC_NEXT_ITEM;
        }
    }
    return sc_next_element_general(r);
}

/* A short literal (sc_number_short) at p, past any white space: its end,
 * or NULL when it is something else or too near the end of the input. */
SC_INLINE const char *sc_short_number(const sc_reader *r, const char *p, uint64_t *digits,
                                      unsigned *nfrac)
{
    if (SC_UNLIKELY(r->end - p < SC_NUMBER_SHORT_ROOM))
        return NULL;
    return sc_number_short(p, digits, nfrac);
}

/* sc_read_bool: true or false right at r->p inline, anything else (white
 * space, errors) through it. */
SC_INLINE int sc_read_bool_inline(sc_reader *r, bool *out)
{
    const char *p = r->p;

    if (SC_LIKELY(r->end - p >= 5)) {
        if (memcmp(p, "true", 4) == 0) {
            *out = true;
            r->p = p + 4;
            return 0;
        }
        if (memcmp(p, "false", 5) == 0) {
            *out = false;
            r->p = p + 5;
            return 0;
        }
    }
    return sc_read_bool(r, out);
}

/* sc_read_int. */
SC_INLINE int sc_read_int_inline(sc_reader *r, int64_t *out, int64_t min, int64_t max)
{
    const char *at = sc_skip_ws(r->p, r->end), *stop;
    uint64_t digits;
    unsigned nfrac;

    if (SC_LIKELY((stop = sc_short_number(r, at, &digits, &nfrac)) != NULL && nfrac == 0)) {
        int64_t v = *at == '-' ? -(int64_t)digits : (int64_t)digits;
        if (SC_LIKELY(v >= min && v <= max)) {
            r->p = stop;
            *out = v;
            return 0;
        }
    }
    return sc_read_int_general(r, out, min, max);
}

/* sc_read_double. */
SC_INLINE int sc_read_double_inline(sc_reader *r, double *out)
{
    const char *at = sc_skip_ws(r->p, r->end), *stop;
    uint64_t digits;
    unsigned nfrac;

    if (SC_NUMBER_CLINGER && SC_LIKELY((stop = sc_short_number(r, at, &digits, &nfrac)) != NULL)) {
        *out = sc_number_short_value(at, digits, nfrac);
        r->p = stop;
        return 0;
    }
    return sc_read_double_general(r, out);
}

/* The plain string (sc_plain_string_end) at r->p, white space before it
 * stepped over: its body and length, r->p after it; NULL for any other
 * string, or one over max_string, or not a string (nothing consumed). */
SC_INLINE const char *sc_plain_string(sc_reader *r, size_t *len)
{
    const char *p = sc_skip_ws(r->p, r->end);
    const unsigned char *body = (const unsigned char *)p + 1, *stop, *q;

    if (SC_UNLIKELY(p >= r->end || *p != '"'))
        return NULL;
    q = sc_plain_string_end(body, (const unsigned char *)r->end, &stop);
    if (SC_UNLIKELY(q == NULL || (size_t)(q - body) > r->max_string))
        return NULL;
    *len = (size_t)(q - body);
    r->p = (const char *)q + 1;
    return (const char *)body;
}

/* sc_read_string: a plain string inline, any other through it. */
SC_INLINE int sc_read_string_inline(sc_reader *r, sc_string *out)
{
    if (SC_LIKELY((out->ptr = sc_plain_string(r, &out->len)) != NULL)) {
        out->chars = out->len;
        return 0;
    }
    return sc_read_string(r, out);
}

/* sc_read_string_dup: a plain string copied inline, any other through it. */
SC_INLINE int sc_read_string_dup_inline(sc_reader *r, char **out, size_t *len, size_t *chars)
{
    const char *p = r->p, *body;
    size_t n = 0;
    char *buf;

    if (SC_LIKELY((body = sc_plain_string(r, &n)) != NULL)) {
        if (SC_LIKELY(r->arena != NULL &&
                      (buf = (char *)sc_arena_alloc(r->arena, n + 1)) != NULL)) {
            memcpy(buf, body, n);
            buf[n] = '\0';
            *out = buf;
            if (len)
                *len = n;
            if (chars)
                *chars = n;
            return 0;
        }
        r->p = p; /* no memory: the general path says so */
    }
    return sc_read_string_dup(r, out, len, chars);
}

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_READER_INTERNAL_H */
