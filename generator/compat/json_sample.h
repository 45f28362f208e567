/* schemac generator, compat: documents a schema accepts, to fill a witness
 * around the member that changed (the other required members, the items
 * an array needs). */
#ifndef SCHEMAC_GENERATOR_COMPAT_JSON_SAMPLE_H
#define SCHEMAC_GENERATOR_COMPAT_JSON_SAMPLE_H

#include <cJSON.h>

/* A value schema accepts (checked with json_valid), the k-th of a few
 * distinct ones where the schema allows several (k = 0, 1, 2, ...); NULL
 * when none was found. Caller deletes. */
cJSON *json_sample(const cJSON *schema, const cJSON *root, unsigned k);

/* The same among the values of JSON type `type` ("integer", "string",
 * ...; "number" includes the integers). */
cJSON *json_sample_of_type(const cJSON *schema, const cJSON *root, const char *type, unsigned k);

/* A canned string valid for format name, the k-th of a few; NULL past
 * them or for an unknown format. */
const char *format_sample(const char *format, unsigned k);

#endif /* SCHEMAC_GENERATOR_COMPAT_JSON_SAMPLE_H */
