/* schemac generator: whether a node accepts a JSON value (value.c). */
#ifndef SCHEMAC_GENERATOR_VALUE_H
#define SCHEMAC_GENERATOR_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "model/model.h"

/* True when value is accepted by n's type and constraints; else false
 * with the reason in why (e.g. "must be <= 100"). Defaults, consts, @enum
 * and @examples values are checked with it, and variants compared. */
bool node_accepts(const node *n, const cJSON *value, char *why, size_t why_size);

#endif /* SCHEMAC_GENERATOR_VALUE_H */
