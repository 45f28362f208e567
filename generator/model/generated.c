/* schemac generator: what the generated C declares for a node (whether it
 * is checked, whether it has rules) and for a root (its public functions),
 * facts about the model that the C emitter writes by and check_names.c
 * checks names against. */
#include "model/generated.h"

bool has_value_keywords(const node *n)
{
    const constraints *c = &n->c;
    return c->minimum.set || c->maximum.set || c->exclusive_minimum.set ||
           c->exclusive_maximum.set || c->multiple_of.set || c->has_min_length ||
           c->has_max_length || c->pattern != NULL || c->format >= 0 || c->has_min_items ||
           c->has_max_items || c->unique_items || c->enum_values != NULL || c->const_value != NULL;
}

/* Whether a value of n is checked when validating a struct built in C.
 * Strings (UTF-8), enums (valid value), 64-bit integers and numbers (range,
 * finiteness) always have work. */
bool needs_check(const node *n)
{
    switch (n->kind) {
    case NODE_STRING:
    case NODE_ENUM:
    case NODE_ARRAY:
    case NODE_NUMBER:
        return true;
    case NODE_INT:
        return n->int_bytes >= 7 || has_value_keywords(n);
    case NODE_BOOL:
        return has_value_keywords(n);
    case NODE_STRUCT:
    case NODE_ANY:
    case NODE_MAP:
        return true;
    }
    return true;
}

bool value_has_rules(const node *n)
{
    const constraints *c = &n->c;
    bool numeric = n->kind == NODE_INT || n->kind == NODE_NUMBER;
    return (n->kind == NODE_INT && n->int_bytes >= 7) || n->kind == NODE_NUMBER ||
           (numeric && (c->minimum.set || c->maximum.set || c->exclusive_minimum.set ||
                        c->exclusive_maximum.set || c->multiple_of.set)) ||
           (n->kind == NODE_STRING &&
            ((c->has_min_length && c->min_length > 0) || c->has_max_length || c->format >= 0 ||
             c->pattern != NULL)) ||
           c->enum_values != NULL || c->const_value != NULL;
}

const public_function public_functions[] = {
    {NULL, "int ", "_decode",
     "sc_arena *arena_, const char *json_, size_t len_, @ *out_, sc_error *err_", true},
    {NULL, "int ", "_from_cjson", "sc_arena *arena_, const cJSON *node_, @ *out_, sc_error *err_",
     true},
    {NULL, "int ", "_validate", "const @ *value_, sc_error *err_", true},
    {NULL, "cJSON *", "_to_cjson", "const @ *value_", false},
    {NULL, "char *", "_encode", "const @ *value_", false},
    {"All errors at once, up to errs->max (docs/generated-api.md); encoding that says why it failed.",
     "int ", "_decode_all",
     "sc_arena *arena_, const char *json_, size_t len_, @ *out_, sc_errors *errs_", true},
    {NULL, "int ", "_from_cjson_all",
     "sc_arena *arena_, const cJSON *node_, @ *out_, sc_errors *errs_", true},
    {NULL, "int ", "_validate_all", "const @ *value_, sc_errors *errs_", true},
    {NULL, "cJSON *", "_to_cjson_ex", "const @ *value_, sc_error *err_", false},
    {NULL, "char *", "_encode_ex", "const @ *value_, sc_error *err_", false},
    {"The same under limits other than the defaults (NULL: the defaults; docs/security.md).",
     "int ", "_validate_within", "const @ *value_, const sc_limits *limits_, sc_error *err_", true},
    {NULL, "int ", "_validate_all_within",
     "const @ *value_, const sc_limits *limits_, sc_errors *errs_", true},
    {NULL, "cJSON *", "_to_cjson_within",
     "const @ *value_, const sc_limits *limits_, sc_error *err_", false},
    {NULL, "char *", "_encode_within", "const @ *value_, const sc_limits *limits_, sc_error *err_",
     false},
};
const size_t public_function_count = sizeof public_functions / sizeof *public_functions;
