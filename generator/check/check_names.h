/* schemac generator: names the generated C would clash on (check_names.c). */
#ifndef SCHEMAC_GENERATOR_CHECK_NAMES_H
#define SCHEMAC_GENERATOR_CHECK_NAMES_H

#include "model/model.h"

/* Reports header file-scope names that generated code also uses (its
 * variables, its prefixes, the public names of the roots), and structs,
 * enums and members whose generated static names would be the same (a.b_c
 * and a_b.c, each with rules). */
void check_generated_names(diag_state *diag, const model *m);

#endif /* SCHEMAC_GENERATOR_CHECK_NAMES_H */
