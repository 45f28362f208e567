/* libschemac-validate: the keywords that hold subschemas, per dialect. The
 * index walk (compile.c) follows exactly these, so "$id" or "$anchor"
 * inside a "const" or an unknown keyword never names a resource. */
#include "validate_internal.h"

#include <string.h>

const sv_keyword sv_subschema_keywords[] = {
    {"$defs", SV_2020, 0, SV_SH_MAP},
    {"definitions", SV_07, 0, SV_SH_MAP},
    {"allOf", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_ARRAY},
    {"anyOf", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_ARRAY},
    {"oneOf", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_ARRAY},
    {"not", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"if", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"then", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"else", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"properties", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_MAP},
    {"patternProperties", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_MAP},
    {"additionalProperties", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"propertyNames", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"dependentSchemas", SV_2020, SV_V_APPLICATOR, SV_SH_MAP},
    {"dependencies", SV_2020 | SV_07, SV_V_APPLICATOR,
     SV_SH_MAP_MIXED}, /* 2020-12: for compatibility */
    {"prefixItems", SV_2020, SV_V_APPLICATOR, SV_SH_ARRAY},
    {"items", SV_2020, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"items", SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA_OR_ARRAY},
    {"additionalItems", SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"contains", SV_2020 | SV_07, SV_V_APPLICATOR, SV_SH_SCHEMA},
    {"unevaluatedProperties", SV_2020, SV_V_UNEVALUATED, SV_SH_SCHEMA},
    {"unevaluatedItems", SV_2020, SV_V_UNEVALUATED, SV_SH_SCHEMA},
    {NULL, 0, 0, SV_SH_SCHEMA},
};

/* The "$schema" URIs of the dialects, with and without the empty fragment
 * draft-07 writes. */
static const struct {
    const char *uri;
    unsigned dialect;
} dialects[] = {
    {"https://json-schema.org/draft/2020-12/schema", SV_2020},
    {"http://json-schema.org/draft-07/schema", SV_07},
};

unsigned sv_dialect_of(const char *uri)
{
    size_t n = strlen(uri);
    if (n > 0 && uri[n - 1] == '#')
        n--;
    for (size_t i = 0; i < sizeof dialects / sizeof dialects[0]; i++)
        if (strlen(dialects[i].uri) == n && memcmp(dialects[i].uri, uri, n) == 0)
            return dialects[i].dialect;
    return 0;
}

unsigned sv_dialect_vocab(unsigned dialect)
{
    /* draft-07 lets format assert, 2020-12's format-annotation vocabulary
     * does not */
    return dialect == SV_07 ? SV_V_ALL : SV_V_ALL & ~(unsigned)SV_V_FORMAT;
}
