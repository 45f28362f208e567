/* schemac generator: checks a parsed model before anything is emitted.
 *
 * Reports contradictions (minimum above maximum, a default the field's own
 * constraints reject, an enum default that is not in the enum), duplicate
 * JSON names, tool names providers reject, and keywords schemac cannot
 * check; and settles which bounds of the C types the schema states. */
#ifndef SCHEMAC_GENERATOR_CHECK_H
#define SCHEMAC_GENERATOR_CHECK_H

#include <stdbool.h>

#include "model/model.h"

void check_model(model *m);

/* True when value is accepted by n's type and constraints; else false
 * with the reason in why (e.g. "must be <= 100"). Defaults and consts are
 * checked with it; exposed for tests. */
bool check_value(const node *n, const cJSON *value, char *why, size_t why_size);

#endif /* SCHEMAC_GENERATOR_CHECK_H */
