/* schemac pattern engine: JSON Schema `pattern` regexes compiled into DFAs.
 *
 * Patterns use the ECMA-262 dialect (with the "u" flag, as JSON Schema
 * validators such as ajv do) and, as JSON Schema says, match anywhere in
 * the string unless anchored. schemac supports the subset schemas use in
 * practice and rejects the rest at generation time, so a schema never
 * carries a pattern that the generated decoder would check differently.
 * Matching code runs in time linear in the input (no backtracking) and
 * needs no regex library at run time.
 *
 * A static library of its own (runtime/pattern, one file per stage: rx.h
 * lists them) that includes nothing of the generator: the generator links
 * it (@pattern, --compat, overlaps, its C emitter emit/c/emit_c_pattern.c
 * prints pattern_dfa as tables), and so does libschemac-validate, hidden
 * inside it. Strings it returns are malloc'd, freed by the caller.
 */
#ifndef SCHEMAC_PATTERN_PATTERN_H
#define SCHEMAC_PATTERN_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* The compiled pattern, read-only and owned by p: its source and, unless
 * constant says the answer, its minimised DFA over bytes. pattern_match
 * walks it: st = start; for each byte b, st = next[st * k + cls[b]],
 * done when st < 2 (state 0: no match possible any more, 1: matched);
 * at the end of the input end[st] is the answer. The generator's C
 * emitter (emit/c/emit_c_pattern.c) prints these tables and that loop. */
typedef struct {
    const char *source;
    int constant;         /* 1: matches every string, 0: none; -1: the DFA decides */
    size_t n;             /* states */
    unsigned k;           /* byte classes */
    uint32_t start;       /* >= 2 when constant is -1 */
    const uint8_t *cls;   /* [256]: byte -> class */
    const uint32_t *next; /* [n * k]: state x class -> state */
    const bool *end;      /* [n]: whether the input may end in the state */
} pattern_dfa;
pattern_dfa pattern_dfa_of(const pattern *p);

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
 * (UINT64_MAX: no bound): a shortest one in bytes, NUL-terminated and
 * malloc'd into *witness (witness NULL: only the answer is wanted; *witness
 * is NULL unless 1 is returned). 1 found, 0 there is none, -1 the search
 * would be too large to tell (or memory ran out). */
int pattern_common_string(const pattern *a, const pattern *b, uint64_t min_chars,
                          uint64_t max_chars, uint64_t max_bytes, char **witness);

/* The same for a string a matches (NULL: any) and b does not (NULL: b
 * matches every string, so there is none): the product search of the two
 * minimal DFAs, b's complemented, which decides the inclusion of a's
 * language (within the bounds) in b's: 0 means every such string of a is
 * one of b. Used by the compatibility check (--compat). */
int pattern_difference_string(const pattern *a, const pattern *b, uint64_t min_chars,
                              uint64_t max_chars, uint64_t max_bytes, char **witness);

#endif /* SCHEMAC_PATTERN_PATTERN_H */
