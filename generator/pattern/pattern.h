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

#include "../strbuf.h"

typedef struct pattern pattern;

/* Compiles src (NUL-terminated). On failure returns NULL, writes a message
 * such as "unsupported: lookahead (?=...)" into errbuf and the byte offset
 * in src where the problem starts into *erroffset. */
pattern *pattern_compile(const char *src, char *errbuf, size_t errsize, size_t *erroffset);

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

void pattern_free(pattern *p);

#endif /* SCHEMAC_GENERATOR_PATTERN_PATTERN_H */
