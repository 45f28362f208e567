/* schemac generator: the decisions the model needs before it is checked
 * and emitted, taken once (resolve.c). Parse builds the model as the
 * header says it; resolve settles what follows from it; the checks then
 * only read it. */
#ifndef SCHEMAC_GENERATOR_RESOLVE_H
#define SCHEMAC_GENERATOR_RESOLVE_H

#include "model/model.h"

/* For every node, field and untagged union of m:
 *   - the bounds of a C type: a user bound looser than the type's range is
 *     dropped (number.beyond_type: check.c warns), and the node states the
 *     type's own bounds where no user bound is as strict (state_type_min,
 *     state_type_max);
 *   - an enum value written as its C name (@enum, @const, @examples,
 *     @default) becomes its JSON name;
 *   - the member that selects each object variant (select_member) and
 *     which @acceptOverlap variants are read back (read_back).
 * Reports nothing: what it could not decide the checks report. */
void resolve_model(model *m);

#endif /* SCHEMAC_GENERATOR_RESOLVE_H */
