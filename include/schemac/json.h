/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: JSON helpers for applications. Any JSON value, read as
 * strictly as the generated decoders read theirs (I-JSON: no duplicate
 * keys, no U+0000, valid UTF-8, exact integers, bounded depth; see
 * docs/strictness.md), and printed with every number exact. */
#ifndef SCHEMAC_JSON_H
#define SCHEMAC_JSON_H

#include <stddef.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The kinds of JSON value (schemac/reader.h's sc_peek; the descriptors). */
typedef enum sc_json_type {
    SC_JSON_INVALID = 0, /* not the start of any JSON value */
    SC_JSON_NULL,
    SC_JSON_FALSE,
    SC_JSON_TRUE,
    SC_JSON_NUMBER,
    SC_JSON_STRING,
    SC_JSON_ARRAY,
    SC_JSON_OBJECT
} sc_json_type;

/* A decoded string: ptr[0..len) is valid UTF-8 without NUL bytes, chars is
 * its length in code points. ptr points into the input when the string has
 * no escapes, else into the arena; it is not NUL-terminated. */
typedef struct sc_string {
    const char *ptr;
    size_t len;
    size_t chars;
} sc_string;

/* Any JSON value, under every strictness rule, into a cJSON tree that the
 * arena deletes on reset or release. For applications that need an untyped
 * value checked as strictly as a typed one (a JSON-RPC envelope, a provider's
 * response; JSONTestSuite is run through it). */
SC_API int sc_parse_json(sc_arena *arena, const char *json, size_t len, cJSON **out,
                         sc_error *err) SC_NODISCARD;

/* Flags of sc_parse_json_ex. SC_PARSE_STANDARD reads the text with JSON's
 * own semantics (RFC 8259, as JSON.parse reads it) instead of the decoders'
 * I-JSON rules, for JSON that is not a tool call, such as a JSON Schema
 * whose bound is 2^53:
 * - a key may repeat: its last member wins, at the place of its first
 *   ({"a": 1, "b": 2, "a": 3} reads as {"a": 3, "b": 2}), as JSON.parse
 *   and so ajv read it;
 * - an integer beyond +-(2^53-1) is the nearest double
 *   (9007199254740993 reads as 9007199254740992), as JSON.parse reads it.
 * Still errors, as what a cJSON tree cannot hold: invalid UTF-8 (not JSON
 * text, RFC 8259 section 8.1), U+0000 and lone surrogates in strings (a
 * cJSON string is NUL-terminated UTF-8), a number beyond a double's range
 * (1e400); and the arena's limits (depth, sizes) apply as in strict mode. */
#define SC_PARSE_STANDARD 1u

/* sc_parse_json with flags: 0 (the same as sc_parse_json) or
 * SC_PARSE_STANDARD; any other bit is SC_ERR_ARGUMENT. */
SC_API int sc_parse_json_ex(sc_arena *arena, const char *json, size_t len, unsigned flags,
                            cJSON **out, sc_error *err) SC_NODISCARD;

/* Checks a tree built in C by the same rules (finite numbers, valid UTF-8,
 * no duplicate keys, no U+0000, bounded depth). */
SC_API int sc_check_cjson(const cJSON *item, sc_error *err);

/* Compact JSON text of item with every number exact (cJSON's own printer
 * may round doubles) and only valid UTF-8. Returns 0 and a string to free
 * with sc_free_string, or SC_ERR_NUMBER (a non-finite number), SC_ERR_UTF8,
 * SC_ERR_DEPTH, SC_ERR_ARGUMENT (raw or malformed items), SC_ERR_NOMEM. */
SC_API int sc_print_json(const cJSON *item, char **text);

/* Reads the whole file at path (a config file, a document) into the arena,
 * for T_decode: *text gets its bytes, followed by a NUL that is not part
 * of *len. A file over the arena's max_input is refused before it is read:
 * a regular file by its size, any other (a pipe, a device) after
 * max_input + 1 bytes at most. Returns 0; SC_ERR_LIMIT over max_input
 * ("the document is 20000121 bytes long, over the limit of 16777216 bytes
 * (max_input)") or max_bytes; SC_ERR_ARGUMENT when the file cannot be
 * opened or read, the message with the system's reason ("cannot open the
 * file: No such file or directory"; the path is the caller's to print, as
 * sc_error_format_at does); SC_ERR_NOMEM. On failure *text is NULL and
 * *len 0. The bytes live until the arena is reset or released. */
SC_API int sc_read_file(sc_arena *arena, const char *path, const char **text, size_t *len,
                        sc_error *err) SC_NODISCARD;

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_JSON_H */
