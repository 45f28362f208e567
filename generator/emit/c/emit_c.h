/* schemac generator: the C header and source of a model.
 *
 * For every opted-in struct T: T_decode, T_from_cjson, T_validate,
 * T_to_cjson, T_encode (static inline in the header, calls of libschemac
 * with T_descriptor) and T_schema_json (docs/generated-api.md). Reached
 * structs and enums get static descriptors, so two generated files that
 * reach the same type never clash at link time. */
#ifndef SCHEMAC_GENERATOR_EMIT_C_H
#define SCHEMAC_GENERATOR_EMIT_C_H

#include <stdbool.h>

#include "emit/json/emit_schema.h"
#include "model/model.h"

typedef struct c_names {
    const char *include_header; /* how the .h includes the user's header: "url.h" */
    const char *header_name;    /* the generated header's file name: "url.schemac.h" */
    const char *source_name;    /* the generated source's file name */
    const char *guard;          /* include guard: "URL_SCHEMAC_H" */
    /* The dialect texts of each @tool struct, the documents written to
     * files in the form the tool table embeds (JSON compact, the XML as is):
     * tool_texts[i * DIALECT_COUNT + d] for m->structs[i] (NULL when it is
     * not a tool or the dialect is not written). */
    char *const *tool_texts;
    schema_texts *schemas; /* the compact schema texts T_schema_json holds */
} c_names;

/* Both return malloc'd text. */
char *emit_c_header(const model *m, const c_names *names);
char *emit_c_source(const model *m, const c_names *names);

#endif /* SCHEMAC_GENERATOR_EMIT_C_H */
