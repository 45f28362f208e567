/* schemac generator: reads a header with libclang into the model. */
#ifndef SCHEMAC_GENERATOR_PARSE_H
#define SCHEMAC_GENERATOR_PARSE_H

#include "model/model.h"
#include "util/diag.h"

typedef struct parse_options {
    const char *const *clang_args; /* -I, -D, -std, --target, ... as the compiler gets them */
    int nclang_args;
    const char *resource_dir; /* NULL: the one found when schemac was built */
} parse_options;

/* Parses header into m. Returns -1 when the header cannot be read or does
 * not compile (clang's diagnostics were reported), else 0; errors in the
 * annotations are reported through diag, and the model stays complete
 * enough for check_model to report more. */
int parse_header(const char *header, const parse_options *opts, diag_state *diag, model *m);

#endif /* SCHEMAC_GENERATOR_PARSE_H */
