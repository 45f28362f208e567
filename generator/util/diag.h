/* schemac generator: diagnostics in the gcc format, on stderr.
 *     file:line:col: error: message
 * Errors make schemac exit non-zero; warnings do too under --Werror. */
#ifndef SCHEMAC_GENERATOR_DIAG_H
#define SCHEMAC_GENERATOR_DIAG_H

#include <stdbool.h>

#include "util/strbuf.h"

typedef struct src_loc {
    const char *file; /* owned by the model; NULL when unknown */
    unsigned line;
    unsigned col;
} src_loc;

typedef struct diag_state {
    unsigned errors;
    unsigned warnings;
    bool warnings_are_errors;
} diag_state;

extern diag_state diag;

void diag_error(src_loc where, const char *fmt, ...) GEN_PRINTF(2, 3);
void diag_warning(src_loc where, const char *fmt, ...) GEN_PRINTF(2, 3);
void diag_note(src_loc where, const char *fmt, ...) GEN_PRINTF(2, 3);
/* A diagnostic formatted elsewhere (clang's), with the same escaping of
 * control characters, on a line of its own. */
void diag_print(const char *line);
/* Frees the memory of which diagnostics were printed (one that was is
 * printed only once). */
void diag_forget(void);
/* True when errors (or warnings under -Werror) were reported. */
bool diag_failed(void);

#endif /* SCHEMAC_GENERATOR_DIAG_H */
