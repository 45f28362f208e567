/* schemac generator: a run on one header, as `schemac [OPTIONS] HEADER`
 * asks (main.c hands it everything but import and validate). */
#ifndef SCHEMAC_GENERATOR_GENERATE_H
#define SCHEMAC_GENERATOR_GENERATE_H

#include "check/dialect_names.h"
#include "emit/json/emit_schema.h"
#include "util/diag.h"

/* The state of a run, passed down to the stages that need each part:
 * nothing of a run is kept in a global, so runs (tests) can follow one
 * another in one process. All zeros is a fresh generator. */
typedef struct generator {
    diag_state diag;           /* what was reported, and how it is shown */
    dialect_warnings dialects; /* -Wdialect options and the losses counted */
    schema_texts schemas;      /* compact schema texts, for the generated C */
} generator;

/* Runs schemac on argv (as main gets it: argv[0] the program), printing
 * and writing as the command line does; the exit status. */
int generate_main(generator *g, int argc, char **argv);
/* Frees what g kept and leaves it fresh. */
void generator_free(generator *g);

#endif /* SCHEMAC_GENERATOR_GENERATE_H */
