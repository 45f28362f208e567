/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: the strict JSON pull reader under the decoders.
 *
 * Why a reader of our own instead of cJSON_Parse + a tree walk: cJSON
 * discards exactly what a validating decoder must see (duplicate keys, the
 * text of a number, U+0000 inside strings, invalid UTF-8), and building its
 * tree costs more than the whole decode is allowed to. The reader walks the
 * text once, enforces the I-JSON rules of docs/generated-api.md as it goes,
 * and hands values straight to libschemac's descriptor walker, which
 * stores them in the caller's struct. cJSON is still used for trees
 * (T_from_cjson, T_to_cjson).
 *
 * Rules enforced here, whatever the schema: RFC 8259 grammar only; strings
 * are valid UTF-8 with no U+0000 and no lone surrogate escapes; numbers are
 * finite doubles, and integer literals stay within +-(2^53-1); no duplicate
 * keys among skipped members (the walker checks the members it knows);
 * nesting at most max_depth; nothing but white space after the root value.
 * The arena's limits (sc_limits) are enforced too: input size, string
 * length, items and members, depth and, through the arena, bytes.
 *
 * Generated code does not include this header: the walker in libschemac
 * is the reader's one user among decoders, so sc_reader's layout can
 * change without regenerating anyone's code. Programs may use it to read
 * JSON their own way under the decoders' rules (libschemac-mcp does, for a
 * request's envelope and a provider's response); for them sc_reader's
 * layout is part of libschemac's ABI, the soname's version
 * (docs/generated-api.md, "Versions and ABI").
 *
 * Each function returns 0 (or a count, where said) on success and an
 * sc_code on failure with the error recorded in r->err (offset set, path
 * empty but inside a skipped value).
 */
#ifndef SCHEMAC_READER_H
#define SCHEMAC_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "arena.h"
#include "error.h"
#include "json.h" /* sc_string, sc_json_type */

#ifdef __cplusplus
extern "C" {
#endif

/* SC_MAX_DEPTH, the ceiling of the depth limit: schemac/arena.h. */

/* The largest integer I-JSON allows: 2^53 - 1. */
#define SC_MAX_SAFE_INTEGER INT64_C(9007199254740991)

typedef struct sc_reader {
    const char *begin;
    const char *p; /* next unread byte */
    const char *end;
    sc_arena *arena; /* strings and grown arrays come from here */
    sc_error *err;
    int depth;
    int max_depth;
    /* The rest of the arena's limits (all SIZE_MAX without an arena). */
    size_t max_string;
    size_t max_items;
    size_t max_members;
    bool in_object; /* the innermost container stepped through is an object */
    bool rejected;  /* the input is over max_input: every read fails with that */
} sc_reader;

/* Takes its limits from arena (none without one). Input over max_input
 * makes the first read fail with SC_ERR_LIMIT. */
SC_API void sc_reader_init(sc_reader *r, const char *json, size_t len, sc_arena *arena,
                           sc_error *err);

/* After the root value: only white space may remain. */
SC_API int sc_reader_finish(sc_reader *r) SC_NODISCARD;

/* Skips white space and tells what the next value is, without consuming it. */
SC_API sc_json_type sc_peek(sc_reader *r);

SC_API int sc_read_null(sc_reader *r) SC_NODISCARD;
SC_API int sc_read_bool(sc_reader *r, bool *out) SC_NODISCARD;

/* An integer (1, -3, also 1.0 and 1e2, which JSON Schema counts as
 * integers) within [min, max]: outside it fails with keyword "minimum" or
 * "maximum" (the bounds of the C type, stated in the schema too). */
SC_API int sc_read_int(sc_reader *r, int64_t *out, int64_t min, int64_t max) SC_NODISCARD;

/* Any finite number. */
SC_API int sc_read_double(sc_reader *r, double *out) SC_NODISCARD;
/* A number that fits a float's finite range (rounding is allowed). */
SC_API int sc_read_float(sc_reader *r, float *out) SC_NODISCARD;

SC_API int sc_read_string(sc_reader *r, sc_string *out) SC_NODISCARD;
/* Where the reader is: the offset of the value it is on, after
 * SC_NEXT_ITEM. */
static inline size_t sc_reader_offset(const sc_reader *r_)
{
    return (size_t)(r_->p - r_->begin);
}
/* A NUL-terminated arena copy; *len gets its bytes and *chars its code
 * points (either may be NULL), which the string's checks need and would
 * otherwise count again. */
SC_API int sc_read_string_dup(sc_reader *r, char **out, size_t *len, size_t *chars) SC_NODISCARD;
/* Into buf of size cap (cap - 1 bytes plus the NUL); longer fails with
 * keyword "maxLength". */
SC_API int sc_read_string_buf(sc_reader *r, char *buf, size_t cap, size_t *len,
                              size_t *chars) SC_NODISCARD;

/* What a step through an object or array found. Not an sc_code, so the
 * two cannot be mixed up: on SC_NEXT_ERROR the code is sc_reader_code(r). */
typedef enum sc_next {
    SC_NEXT_ERROR = -1,
    SC_NEXT_END = 0,     /* the closing brace or bracket, consumed */
    SC_NEXT_ITEM = 1,    /* a member (its key in *key) or an element: the reader is on its value */
    SC_NEXT_EXPECTED = 2 /* sc_next_member_expect: the expected member */
} sc_next;

/* Objects: sc_read_object_begin, then sc_next_member until SC_NEXT_END.
 * SC_NEXT_ITEM comes with the member's key (unescaped) in *key. */
SC_API int sc_read_object_begin(sc_reader *r) SC_NODISCARD;
SC_API sc_next sc_next_member(sc_reader *r, sc_string *key) SC_NODISCARD;
/* sc_next_member with a guess: `expected` is the member most likely to
 * come next (documents mostly follow declaration order). When the key's
 * raw bytes are exactly expected's bytes, the key is not scanned at all and
 * the call returns SC_NEXT_EXPECTED (*key set, pointing into the input);
 * otherwise it behaves as sc_next_member. expected must be valid UTF-8
 * with no '"', '\\' or control character (bytes that a JSON key could only
 * hold escaped), and expected->chars its code point count. */
SC_API sc_next sc_next_member_expect(sc_reader *r, const sc_string *expected,
                                     sc_string *key) SC_NODISCARD;

/* Arrays: sc_read_array_begin, then sc_next_element until SC_NEXT_END. */
SC_API int sc_read_array_begin(sc_reader *r) SC_NODISCARD;
SC_API sc_next sc_next_element(sc_reader *r) SC_NODISCARD;

/* Validates and skips any value, duplicate keys included. A failure's
 * err->path is the JSON Pointer of where it is inside the skipped value
 * ("/a/0/b"; "" for the value itself), for the caller to prepend to. */
SC_API int sc_skip_value(sc_reader *r) SC_NODISCARD;

/* A check of the caller's that failed on the value just read, recorded at
 * the current offset. Returns code. */
SC_API int sc_reader_fail(sc_reader *r, int code, const char *keyword, const char *fmt, ...)
    SC_PRINTF(4, 5);
/* The code of the error a failed read recorded: what it returned, and
 * after SC_NEXT_ERROR the only way to know it. */
static inline int sc_reader_code(const sc_reader *r_)
{
    return r_->err->code;
}

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_READER_H */
