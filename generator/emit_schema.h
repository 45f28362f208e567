/* schemac generator: the canonical JSON Schema (draft 2020-12) of a struct:
 * exactly the documents its generated decoder accepts (see
 * docs/annotations.md for the few documented divergences). */
#ifndef SCHEMAC_GENERATOR_EMIT_SCHEMA_H
#define SCHEMAC_GENERATOR_EMIT_SCHEMA_H

#include <cJSON.h>

#include "model.h"

/* The schema document of s (caller deletes). */
cJSON *schema_document(const struct_def *s);

/* {"description": <p's>, "anyOf": [p, {"type": "null"}]}: null added to a
 * schema whose type cannot be widened in place (a $ref, say). Takes p. */
cJSON *schema_or_null(cJSON *p);

/* Deterministic text: two-space indentation when pretty, else compact;
 * integers printed as integers, other numbers in their shortest exact
 * form. Caller frees. */
char *schema_print(const cJSON *doc, int pretty);

#endif /* SCHEMAC_GENERATOR_EMIT_SCHEMA_H */
