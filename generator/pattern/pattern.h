/* schemac generator: compiles JSON Schema `pattern` regexes into C code.
 *
 * Patterns use the ECMA-262 dialect (with the "u" flag, as JSON Schema
 * validators such as ajv do) and, as JSON Schema says, match anywhere in
 * the string unless anchored. schemac supports the subset schemas use in
 * practice and rejects the rest at generation time, so a schema never
 * carries a pattern that the generated decoder would check differently.
 * Matching code runs in time linear in the input (no backtracking) and
 * needs no regex library at run time.
 *
 * The compiler lives in this folder, one file per stage (rx.h lists them).
 */
#ifndef SCHEMAC_GENERATOR_PATTERN_PATTERN_H
#define SCHEMAC_GENERATOR_PATTERN_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/strbuf.h"

typedef struct pattern pattern;

/* Compiles src (NUL-terminated). On failure returns NULL, writes a message
 * such as "unsupported: lookahead (?=...)" into errbuf and the byte offset
 * in src where the problem starts into *erroffset. */
pattern *pattern_compile(const char *src, char *errbuf, size_t errsize, size_t *erroffset);

/* pattern_compile with options: PATTERN_UNICODE_PROPERTIES accepts
 * \p{...} and \P{...} of a General_Category value (\p{L},
 * \p{Letter}, \p{gc=Lu}, \p{General_Category=digit}) and Any, ASCII,
 * Assigned, with the tables of unicode_gc.h. libschemac-validate sets it;
 * the generator does not (yet), so @pattern still rejects them.
 * budget (NULL: RX_SUBSET_BUDGET for this pattern) is the DFA
 * construction's work allowed, lowered by what it did: a caller compiling
 * many patterns from one untrusted source bounds them together. */
#define PATTERN_UNICODE_PROPERTIES 1u
pattern *pattern_compile_ex(const char *src, unsigned flags, unsigned long long *budget,
                            char *errbuf, size_t errsize, size_t *erroffset);

/* Appends to out a C11 function definition
 *     static bool FN_NAME(const char *s, size_t len)
 * returning whether the compiled pattern matches s[0..len) (valid UTF-8,
 * no NUL bytes). The code compiles cleanly with -Wall -Wextra -Wpedantic
 * -Werror under gcc and clang and needs only <stdbool.h>, <stddef.h> and
 * <stdint.h>. */
void pattern_emit_c(const pattern *p, const char *fn_name, strbuf *out);

/* Whether p matches s[0..len) (valid UTF-8): what the emitted function
 * returns, available at generation time to check @default and @const. */
bool pattern_match(const pattern *p, const char *s, size_t len);

/* The code point at s[*i] (advancing *i past it), or -1 for bytes that
 * are not UTF-8 (overlong forms and surrogates included; *i unchanged):
 * the one UTF-8 decoder of the patterns and libschemac-validate's formats. */
int32_t pattern_utf8_next(const char *s, size_t len, size_t *i);

void pattern_free(pattern *p);

/* A string both a and b match (NULL: any string), valid UTF-8 without
 * U+0000, of min_chars..max_chars code points and at most max_bytes bytes
 * (UINT64_MAX: no bound), appended to witness: a shortest one in bytes.
 * 1 found, 0 there is none, -1 the search would be too large to tell. */
int pattern_common_string(const pattern *a, const pattern *b, uint64_t min_chars,
                          uint64_t max_chars, uint64_t max_bytes, strbuf *witness);

/* The same for a string a matches (NULL: any) and b does not (NULL: b
 * matches every string, so there is none): the product search of the two
 * minimal DFAs, b's complemented, which decides the inclusion of a's
 * language (within the bounds) in b's: 0 means every such string of a is
 * one of b. Used by the compatibility check (--compat). */
int pattern_difference_string(const pattern *a, const pattern *b, uint64_t min_chars,
                              uint64_t max_chars, uint64_t max_bytes, strbuf *witness);

#endif /* SCHEMAC_GENERATOR_PATTERN_PATTERN_H */
