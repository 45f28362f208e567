/* schemac generator: `schemac --list`, a readable table of the tools and
 * @schema types of a header (see docs/tools.md). For each: its name, C type,
 * description and tool metadata, then one line per member: JSON name, JSON
 * type (`[]` arrays, `{}` maps, `?` optional, `| null` nullable), required /
 * optional / default, and the constraints in short form (`1..100`,
 * `len <= 2048`, `format uri`, `items 1..3`, `one of a, b`). Nested objects
 * are indented below their member, tagged unions listed per variant, and a
 * recursive type is expanded once. Plain text, no colour, lines of at most
 * 100 columns where the content allows. Reads the model only. */
#ifndef SCHEMAC_GENERATOR_EMIT_LIST_H
#define SCHEMAC_GENERATOR_EMIT_LIST_H

#include <stddef.h>

#include "model/model.h"

/* The listing of every @schema and @tool struct of m, in the model's order;
 * *count gets how many were listed. Caller frees. */
char *list_text(const model *m, size_t *count);

#endif /* SCHEMAC_GENERATOR_EMIT_LIST_H */
