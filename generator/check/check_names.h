/* schemac generator: names the generated C would clash on (check_names.c). */
#ifndef SCHEMAC_GENERATOR_CHECK_NAMES_H
#define SCHEMAC_GENERATOR_CHECK_NAMES_H

#include "model/model.h"

/* Reports header type and enumerator names that generated code also uses
 * for its variables, and structs, enums and members whose generated
 * function names would be the same (a.b_c and a_b.c). */
void check_generated_names(diag_state *diag, const model *m);

#endif /* SCHEMAC_GENERATOR_CHECK_NAMES_H */
