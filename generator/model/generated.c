/* schemac generator: what the generated C declares for a node (which check
 * functions exist), a fact about the model that the C emitter writes by and
 * check_names.c checks names against. */
#include "model/generated.h"

bool has_value_keywords(const node *n)
{
    const constraints *c = &n->c;
    return c->minimum.set || c->maximum.set || c->exclusive_minimum.set || c->exclusive_maximum.set ||
           c->multiple_of.set || c->has_min_length || c->has_max_length || c->pattern != NULL ||
           c->format >= 0 || c->has_min_items || c->has_max_items || c->unique_items ||
           c->enum_values != NULL || c->const_value != NULL;
}

/* Whether a check function exists for n. Strings (UTF-8), enums (valid
 * value), 64-bit integers and numbers (range, finiteness) always have work
 * when validating a struct built in C. */
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

bool string_checked_on_read(const node *n)
{
    return n->kind == NODE_STRING && has_value_keywords(n);
}
