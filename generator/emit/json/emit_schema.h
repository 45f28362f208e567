/* schemac generator: the canonical JSON Schema (draft 2020-12) of a struct:
 * exactly the documents its generated decoder accepts (see
 * docs/annotations.md for the few documented divergences). */
#ifndef SCHEMAC_GENERATOR_EMIT_SCHEMA_H
#define SCHEMAC_GENERATOR_EMIT_SCHEMA_H

#include <stdbool.h>

#include <cJSON.h>

#include "model/model.h"
#include "util/json_print.h" /* json_print, the printer of its texts */

/* The schema document of s (caller deletes). */
cJSON *schema_document(const struct_def *s);

/* The compact texts of a run's structs, by the struct's address: made with
 * the pretty text, kept for the generated C. All zeros is empty. */
typedef struct schema_texts {
    struct cached_text *slots; /* open addressing */
    size_t cap;                /* a power of two, at least twice count */
    size_t count;
} schema_texts;

/* json_print of that document: pretty (the .schema.json; caller frees)
 * and compact (the embedded T_schema_json; kept in texts until
 * schema_texts_free). The pretty text asked for first, both come from one
 * walk. */
char *schema_pretty_text(schema_texts *texts, const struct_def *s);
const char *schema_compact_text(schema_texts *texts, const struct_def *s);

/* Frees the compact texts kept, leaving texts empty. */
void schema_texts_free(schema_texts *texts);

/* {"description": <p's>, "anyOf": [p, {"type": "null"}]}: null added to a
 * schema whose type cannot be widened in place (a $ref, say). Takes p. */
cJSON *schema_or_null(cJSON *p);

#endif /* SCHEMAC_GENERATOR_EMIT_SCHEMA_H */
