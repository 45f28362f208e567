/* schemac generator, compat: whether a JSON value is valid under a schema
 * schemac emitted (its subset of draft 2020-12: type, enum, const, the
 * numeric, string, array and object keywords, anyOf, oneOf, local $ref).
 * The compatibility check proposes witness documents by heuristics; this
 * decides each one before it is printed, so a witness shown is one the
 * two schemas really disagree on (tests/compat checks them with ajv too). */
#ifndef SCHEMAC_GENERATOR_COMPAT_JSON_VALID_H
#define SCHEMAC_GENERATOR_COMPAT_JSON_VALID_H

#include <stdbool.h>

#include <cJSON.h>

#include "pattern/pattern.h"

/* value under schema, whose "$ref"s resolve in root (the whole document). */
bool json_valid(const cJSON *schema, const cJSON *root, const cJSON *value);

/* The schema a local "$ref" ("#", "#/$defs/NAME") names in root; NULL if
 * it names none. */
const cJSON *json_ref_target(const cJSON *root, const char *ref);

/* The compiled pattern of src, compiled once and kept until
 * compat_patterns_free; NULL if it does not compile. */
const pattern *compat_pattern(const char *src);
void compat_patterns_free(void);

/* Code points of a valid UTF-8 string, as minLength and maxLength count. */
double json_string_chars(const char *s);

#endif /* SCHEMAC_GENERATOR_COMPAT_JSON_VALID_H */
