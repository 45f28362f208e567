/* schemac generator: a cJSON tree as deterministic JSON text, the printer
 * the schema and dialect emitters and the keyword table (a value's text)
 * share. */
#ifndef SCHEMAC_GENERATOR_JSON_PRINT_H
#define SCHEMAC_GENERATOR_JSON_PRINT_H

#include <cJSON.h>

/* Deterministic text: two-space indentation when pretty, else compact;
 * integers printed as integers, other numbers in their shortest exact
 * form. Caller frees. */
char *json_print(const cJSON *doc, int pretty);

/* Both texts of doc in one walk: what json_print(doc, 1) and
 * json_print(doc, 0) return. Caller frees both. */
void json_print_both(const cJSON *doc, char **pretty, char **compact);

#endif /* SCHEMAC_GENERATOR_JSON_PRINT_H */
