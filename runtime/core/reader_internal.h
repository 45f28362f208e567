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
 * sc_internal_next_member_lenient returns (from the arena). */
#ifndef SCHEMAC_READER_INTERNAL_H
#define SCHEMAC_READER_INTERNAL_H

#include "schemac/export.h"
#include "schemac/reader.h"

/* Exported by libschemac, for libschemac-mcp only (SC_API: dllexport while
 * libschemac is built, on Windows). */
#define SC_INTERNAL_API SC_API

#ifdef __cplusplus
extern "C" {
#endif

/* A reader for the lenient functions: no limit (max_depth, max_string,
 * max_input, ...) whatever the arena's, which only gives scratch memory
 * (it may be NULL: then nesting deeper than 1024 and escaped keys fail
 * with SC_ERR_NOMEM). The framing functions of reader.h (sc_peek,
 * sc_read_object_begin and sc_read_array_begin on a value sc_peek
 * classified, sc_next_element, sc_reader_finish) read the same on it;
 * values go through sc_internal_skip_value_lenient, keys through
 * sc_internal_next_member_lenient. */
SC_INTERNAL_API void sc_internal_reader_init_lenient(sc_reader *r, const char *json, size_t len, sc_arena *arena,
                                                     sc_error *err);

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

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_READER_INTERNAL_H */
