/* schemac generator: the canonical JSON Schema (draft 2020-12) of a struct:
 * exactly the documents its generated decoder accepts (see
 * docs/annotations.md for the few documented divergences). */
#ifndef SCHEMAC_GENERATOR_EMIT_SCHEMA_H
#define SCHEMAC_GENERATOR_EMIT_SCHEMA_H

#include <stdbool.h>

#include <cJSON.h>

#include "model.h"

/* The schema document of s (caller deletes). */
cJSON *schema_document(const struct_def *s);

/* schema_print of that document: pretty (the .schema.json; caller frees)
 * and compact (the embedded T_schema_json; kept until schema_cache_free).
 * The pretty text asked for first, both come from one walk. */
char *schema_pretty_text(const struct_def *s);
const char *schema_compact_text(const struct_def *s);

/* Frees the compact texts kept. */
void schema_cache_free(void);

/* {"description": <p's>, "anyOf": [p, {"type": "null"}]}: null added to a
 * schema whose type cannot be widened in place (a $ref, say). Takes p. */
cJSON *schema_or_null(cJSON *p);

/* Deterministic text: two-space indentation when pretty, else compact;
 * integers printed as integers, other numbers in their shortest exact
 * form. Caller frees. */
char *schema_print(const cJSON *doc, int pretty);

/* Both texts of doc in one walk: what schema_print(doc, 1) and
 * schema_print(doc, 0) return. Caller frees both. */
void schema_print_both(const cJSON *doc, char **pretty, char **compact);

#endif /* SCHEMAC_GENERATOR_EMIT_SCHEMA_H */
