/* schemac runtime: OpenAI's strict mode sends null for an absent optional
 * member; with SC_CALL_NULL_IS_ABSENT those nulls are deleted from the
 * arguments' tree before decoding, through the arguments' descriptor
 * (include/schemac/table.h). The generator wrote this per struct once. */
#include "table_internal.h"

#include "schemac/arena.h" /* SC_MAX_DEPTH */

/* Every member key of object whose value is null. */
static void drop_null(cJSON *object, const char *key)
{
    cJSON *item = object->child;
    while (item != NULL) {
        cJSON *next = item->next;
        if (item->string != NULL && strcmp(item->string, key) == 0 && cJSON_IsNull(item))
            cJSON_Delete(cJSON_DetachItemViaPointer(object, item));
        item = next;
    }
}

/* The members of t (a struct, or a tagged union's variant) in object:
 * a member that may be absent and is not @nullable loses its null; with
 * descend, a struct, or an array's or map's struct items, is walked one
 * level down. */
static void drop_members(const sc_table_struct *t, cJSON *object, int depth, bool descend)
{
    for (size_t i = 0; i < t->count; i++) {
        const sc_table_member *m = &t->members[i];
        if (m->presence != SC_TABLE_REQUIRED && !m->nullable)
            drop_null(object, t->names[i]);
        if (!descend || m->value.kind != SC_TABLE_STRUCT)
            continue;
        const sc_table_struct *inner = sc_table_struct_of(&m->value);
        cJSON *value = cJSON_GetObjectItemCaseSensitive(object, t->names[i]);
        if (m->array == NULL) {
            sc_table_drop_nulls(inner, value, depth + 1);
            continue;
        }
        cJSON *item = NULL;
        cJSON_ArrayForEach(item, value) sc_table_drop_nulls(inner, item, depth + 1);
    }
}

/* An untagged union's value is an object variant itself, chosen by its
 * select member as the decoder chooses (or the only object variant), or
 * an array of objects: the first such variant, the one tried first. */
static void drop_untagged(const sc_table_untagged *u, cJSON *value, int depth)
{
    const sc_table_member *array = NULL;
    for (size_t i = 0; i < u->count; i++) {
        const sc_table_member *m = u->choices[i].member;
        if (m == NULL || m->value.kind != SC_TABLE_STRUCT)
            continue;
        if (m->array == NULL && cJSON_IsObject(value) &&
            (u->choices[i].select == NULL ||
             cJSON_GetObjectItemCaseSensitive(value, u->choices[i].select) != NULL)) {
            sc_table_drop_nulls(sc_table_struct_of(&m->value), value, depth + 1);
            return;
        }
        if (m->array != NULL && !m->array->map && array == NULL)
            array = m;
    }
    cJSON *item = NULL;
    if (array != NULL && cJSON_IsArray(value))
        cJSON_ArrayForEach(item, value)
            sc_table_drop_nulls(sc_table_struct_of(&array->value), item, depth + 1);
}

void sc_table_drop_nulls(const sc_table_struct *t, cJSON *value, int depth)
{
    if (value == NULL || depth > SC_MAX_DEPTH)
        return;
    if (t->untagged != NULL) {
        drop_untagged(t->untagged, value, depth);
        return;
    }
    if (!cJSON_IsObject(value))
        return;
    if (t->tagged == NULL) {
        drop_members(t, value, depth, true);
        return;
    }
    /* A tagged union: the nulls of every variant's members go, as OpenAI's
     * strict mode may send another variant's as null; only the variant the
     * tag names is walked down, as the decoder reads it (walking every
     * variant's would cost variants^depth on a recursive union). */
    const sc_table_union *u = t->tagged;
    const cJSON *tag = cJSON_GetObjectItemCaseSensitive(value, u->tag);
    for (size_t v = 0; v < u->count; v++)
        drop_members(u->variants[v].table, value, depth,
                     cJSON_IsString(tag) && strcmp(tag->valuestring, u->variants[v].name) == 0);
}
