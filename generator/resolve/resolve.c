/* schemac generator: the decisions the model needs before it is checked. */
#include "resolve/resolve.h"

#include <float.h>
#include <string.h>

#include <cJSON.h>

#include "model/overlap.h"

/* A user bound looser than the C type's is dropped: the type's bound
 * applies. For integers an exclusive bound one past the type's is as
 * strict as it. */
static void settle_type_bounds(node *n, double lo, double hi, double slack)
{
    constraints *c = &n->c;
    number *lower[] = {&c->minimum, &c->exclusive_minimum};
    number *upper[] = {&c->maximum, &c->exclusive_maximum};
    for (int i = 0; i < 2; i++) {
        double limit_lo = i == 0 ? lo : lo - slack;
        double limit_hi = i == 0 ? hi : hi + slack;
        if (lower[i]->set && lower[i]->value < limit_lo)
            *lower[i] = (number){false, lower[i]->value, lower[i]->where, true};
        if (upper[i]->set && upper[i]->value > limit_hi)
            *upper[i] = (number){false, upper[i]->value, upper[i]->where, true};
    }
    n->state_type_min = !c->minimum.set && !c->exclusive_minimum.set;
    n->state_type_max = !c->maximum.set && !c->exclusive_maximum.set;
}

/* An enum value may be written as its C name; store the JSON name. */
static void normalise_enum_value(const node *n, cJSON *value)
{
    if (n->kind != NODE_ENUM || !cJSON_IsString(value))
        return;
    for (size_t i = 0; i < n->enum_type->nvalues; i++) {
        const enum_value *v = &n->enum_type->values[i];
        if (strcmp(v->c_name, value->valuestring) == 0) {
            cJSON_SetValuestring(value, v->json_name);
            return;
        }
    }
}

static void normalise_enum_list(const node *n, cJSON *list)
{
    cJSON *item;
    cJSON_ArrayForEach(item, list) normalise_enum_value(n, item);
}

static void resolve_node(node *n)
{
    switch (n->kind) {
    case NODE_INT:
        settle_type_bounds(n, (double)n->c_min, (double)n->c_max, 1);
        break;
    case NODE_NUMBER:
        if (n->is_float)
            settle_type_bounds(n, -FLT_MAX, FLT_MAX, 0);
        break;
    case NODE_ARRAY:
        resolve_node(n->items);
        break;
    case NODE_MAP:
        resolve_node(n->map_key);
        resolve_node(n->map_value);
        break;
    default:
        break;
    }
    normalise_enum_list(n, n->c.enum_values);
    if (n->c.const_value != NULL)
        normalise_enum_value(n, n->c.const_value);
    normalise_enum_list(n, n->c.examples);
}

static bool is_property(const struct_def *s, const char *json_name)
{
    for (size_t i = 0; i < s->nfields; i++)
        if (strcmp(s->fields[i].json_name, json_name) == 0)
            return true;
    return false;
}

/* When several variants read an object, each plain one (no variants, no
 * @additionalProperties) is selected by the first required member no
 * other object variant has; check.c reports those left without one. */
static void select_object_variants(struct_def *s)
{
    size_t objects = 0;
    for (size_t i = 0; i < s->nvariants; i++)
        objects += untagged_variant_type(s->variants[i]) == VARIANT_OBJECT;
    if (objects < 2)
        return;
    for (size_t i = 0; i < s->nvariants; i++) {
        struct_def *v = s->variants[i];
        if (untagged_variant_type(v) != VARIANT_OBJECT)
            continue;
        const struct_def *obj = v->fields[0].type->struct_type;
        if (obj->nvariants > 0 || obj->additional_properties)
            continue;
        for (size_t j = 0; j < obj->nfields && v->select_member == NULL; j++) {
            const field *f = &obj->fields[j];
            bool own = f->presence == PRESENCE_REQUIRED;
            for (size_t k = 0; k < s->nvariants && own; k++) {
                const struct_def *other = s->variants[k];
                if (k != i && untagged_variant_type(other) == VARIANT_OBJECT &&
                    is_property(other->fields[0].type->struct_type, f->json_name))
                    own = false;
            }
            if (own)
                v->select_member = f->json_name;
        }
    }
}

static void resolve_struct(struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++) {
        field *f = &s->fields[i];
        resolve_node(f->type);
        if (f->default_value != NULL)
            normalise_enum_value(f->type, f->default_value);
    }
    if (!s->untagged)
        return;
    select_object_variants(s);
    for (size_t j = 0; j < s->nvariants; j++) {
        struct_def *v = s->variants[j];
        v->read_back = v->accept_overlap && variant_overlaps_earlier(s, j);
    }
}

void resolve_model(model *m)
{
    for (size_t i = 0; i < m->nstructs; i++) {
        resolve_struct(m->structs[i]);
        for (size_t v = 0; v < m->structs[i]->nvariants; v++)
            resolve_struct(m->structs[i]->variants[v]);
    }
}
