/* schemac runtime: building a struct's cJSON tree through its descriptor
 * (include/schemac/table.h): which members are written (presence), null
 * for a @nullable member that holds none, arrays item by item, and NULL
 * when memory runs out. */
#include "table_internal.h"

#include "support_internal.h"

/* An integer member or item as a double (cJSON's number). */
static double int_at(const void *p, const sc_table_value *t)
{
    uint64_t bits = sc_table_load_int(p, t->size, t->is_signed);
    return t->is_signed ? (double)(int64_t)bits : (double)bits;
}

/* A count member, as a size_t. */
static size_t count_at(const char *v, const sc_table_array *a)
{
    int64_t n = sc_table_count_at(v, a);
    /* T_encode checked first: a negative count never gets here */
    return a->count_signed && n < 0 ? 0 : (size_t)n;
}

/* The tree of the value at p. */
static cJSON *build_value(const sc_table_value *t, const void *p, int depth)
{
    switch (t->kind) {
    case SC_TABLE_BOOL:
        return cJSON_CreateBool(*(const bool *)p);
    case SC_TABLE_INT:
        return cJSON_CreateNumber(int_at(p, t));
    case SC_TABLE_DOUBLE:
        return cJSON_CreateNumber(*(const double *)p);
    case SC_TABLE_FLOAT:
        return cJSON_CreateNumber((double)*(const float *)p);
    case SC_TABLE_STRING:
        return cJSON_CreateString((const char *)sc_table_pointer_at(p));
    case SC_TABLE_CHARBUF:
        return cJSON_CreateString((const char *)p);
    case SC_TABLE_ENUM: {
        const char *name = sc_table_enum_name(t->enumeration, p, t->size);
        return name != NULL ? cJSON_CreateString(name) : NULL;
    }
    case SC_TABLE_STRUCT:
        return sc_table_build(sc_table_struct_of(t), p, depth + 1);
    case SC_TABLE_ANY:
    case SC_TABLE_OBJECT:
        return cJSON_Duplicate((const cJSON *)sc_table_pointer_at(p), 1);
    }
    return NULL;
}

/* Whether the member is written at all (its presence). */
static bool member_written(const char *v, const sc_table_member *m)
{
    switch (m->presence) {
    case SC_TABLE_POINTER:
        return sc_table_pointer_at(v + m->offset) != NULL;
    case SC_TABLE_HAS_FLAG:
        return *(const bool *)(v + m->has_offset);
    case SC_TABLE_OPTIONAL:
        if (m->storage == SC_TABLE_STORED_POINTER)
            return sc_table_pointer_at(v + m->offset) != NULL;
        if (m->storage == SC_TABLE_STORED_SEQUENCE)
            return sc_table_pointer_at(v + m->offset) != NULL || count_at(v, m->array) > 0;
        return true;
    default:
        return true;
    }
}

cJSON *sc_table_member_tree(const char *v, const sc_table_member *m, int depth)
{
    cJSON *tree = NULL;
    if (m->array != NULL && m->array->map) {
        const sc_table_array *a = m->array;
        const char *items = sc_table_pointer_at(v + m->offset);
        size_t n = count_at(v, a);
        tree = cJSON_CreateObject();
        for (size_t i = 0; tree != NULL && i < n; i++) {
            const char *entry = items + i * a->entry_size;
            const char *name = a->key_size > 0
                                   ? entry + a->key_offset
                                   : (const char *)sc_table_pointer_at(entry + a->key_offset);
            if (!sc_cjson_add_copy(tree, name,
                                   build_value(&m->value, entry + a->value_offset, depth))) {
                cJSON_Delete(tree);
                tree = NULL;
            }
        }
        return tree;
    }
    if (m->array != NULL) {
        const char *items = m->array->fixed_size > 0
                                ? v + m->offset
                                : (const char *)sc_table_pointer_at(v + m->offset);
        size_t n = count_at(v, m->array);
        tree = cJSON_CreateArray();
        for (size_t i = 0; tree != NULL && i < n; i++) {
            if (!sc_cjson_append(tree, build_value(&m->value, items + i * m->value.size, depth))) {
                cJSON_Delete(tree);
                tree = NULL;
            }
        }
        return tree;
    }
    const void *p = v + m->offset;
    if (m->by_pointer) {
        p = sc_table_pointer_at(v + m->offset);
        if (p == NULL) /* a present value behind a NULL pointer cannot be encoded */
            return NULL;
    }
    return build_value(&m->value, p, depth);
}

static bool build_member(cJSON *o, const char *v, const sc_table_member *m, const char *key,
                         int depth)
{
    if (m->nullable) {
        bool none = sc_table_pointer_at(v + m->offset) == NULL &&
                    (m->storage != SC_TABLE_STORED_SEQUENCE || count_at(v, m->array) == 0);
        if (none)
            return sc_cjson_add(o, key, cJSON_CreateNull());
    }
    return sc_cjson_add(o, key, sc_table_member_tree(v, m, depth));
}

cJSON *sc_table_build(const sc_table_struct *t, const void *value, int depth)
{
    const char *v = value;
    cJSON *o;
    if (t->tagged != NULL)
        return sc_table_build_union(t->tagged, value, depth);
    if (t->untagged != NULL)
        return sc_table_build_untagged(t->untagged, value, depth);
    if (depth > SC_MAX_DEPTH)
        return NULL; /* a cycle, or deeper than any document we accept */
    o = cJSON_CreateObject();
    if (o == NULL)
        return NULL;
    for (size_t i = 0; i < t->count; i++) {
        const sc_table_member *m = &t->members[i];
        if (member_written(v, m) && !build_member(o, v, m, t->names[i], depth)) {
            cJSON_Delete(o);
            return NULL;
        }
    }
    return o;
}
