/* schemac generator: a pattern's matcher as C (emit_c_pattern.c), which
 * emit_c_table.c writes for every @pattern a rule points to. */
#ifndef SCHEMAC_GENERATOR_EMIT_C_PATTERN_H
#define SCHEMAC_GENERATOR_EMIT_C_PATTERN_H

#include "pattern/pattern.h"
#include "util/strbuf.h"

/* Appends to out a C11 function definition
 *     static bool FN_NAME(const char *s, size_t len)
 * returning whether the compiled pattern matches s[0..len) (valid UTF-8,
 * no NUL bytes), as pattern_match says. The code compiles cleanly with
 * -Wall -Wextra -Wpedantic -Werror under gcc and clang and needs only
 * <stdbool.h>, <stddef.h> and <stdint.h>. */
void emit_c_pattern(const pattern *p, const char *fn_name, strbuf *out);

#endif /* SCHEMAC_GENERATOR_EMIT_C_PATTERN_H */
