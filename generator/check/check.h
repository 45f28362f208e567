/* schemac generator: checks a parsed model before anything is emitted.
 *
 * Reports contradictions (minimum above maximum, a default the field's own
 * constraints reject, an enum default that is not in the enum), duplicate
 * JSON names, tool names providers reject, and keywords schemac cannot
 * check. */
#ifndef SCHEMAC_GENERATOR_CHECK_H
#define SCHEMAC_GENERATOR_CHECK_H

#include <stdbool.h>

#include "check/dialect_names.h"
#include "model/model.h"
#include "util/diag.h"

/* Reports what m may not say, reading it only: resolve_model has taken
 * the decisions (resolve/resolve.h). */
void check_model(diag_state *d, dialect_warnings *dialects, const model *m);

#endif /* SCHEMAC_GENERATOR_CHECK_H */
