/* schemac runtime: checking a struct through its descriptor
 * (include/schemac/table.h): when a member is checked (present, not null),
 * the error of a NULL that must be a value, the member's name counted
 * against max_input, and the catch points of the all-errors mode; and
 * each member's check, its keywords through table_rules.c. */
#include "table_internal.h"

#include "schemac/check.h"
#include "schemac/json.h"
#include "support_internal.h"

/* The levels of the all-errors mode's catch points (collect.c) in a struct
 * checked at depth: three a struct, so that a nested struct's lie above
 * them. The struct's own errors (a missing member) are listed at its
 * level, below its members', so only its parent's catch point names them;
 * a member's at the member level; an item's or a map entry's at the item
 * level, which the member's catch point then names. */
static inline int struct_level(int depth)
{
    return 3 * depth;
}
static inline int member_level(int depth)
{
    return 3 * depth + 1;
}
static inline int item_level(int depth)
{
    return 3 * depth + 2;
}

/* count > 0, for a count of any width and signedness (an unsigned 64-bit
 * one beyond INT64_MAX included). */
static bool count_positive(const char *v, const sc_table_array *a)
{
    int64_t n = sc_table_count_at(v, a);
    return a->count_signed ? n > 0 : n != 0;
}

/* An array that holds items: a pointer or a count. */
static bool sequence_present(const char *v, const sc_table_member *m)
{
    return (m->array->fixed_size == 0 && sc_table_pointer_at(v + m->offset) != NULL) ||
           count_positive(v, m->array);
}

/* Whether member i is to be checked; a NULL that must be a value is an
 * error, listed in all-errors mode (*rc then says whether to stop). */
static bool member_present(const char *v, const sc_table_member *m, size_t i, const char *name,
                           sc_error *err, const bool *seen, int depth, int *rc)
{
    bool pointer_like = m->storage == SC_TABLE_STORED_POINTER;
    bool null_means_absent =
        m->presence == SC_TABLE_POINTER || (m->presence == SC_TABLE_OPTIONAL && pointer_like);
    bool guard = true;
    if (m->presence == SC_TABLE_HAS_FLAG)
        guard = *(const bool *)(v + m->has_offset);
    else if (m->presence == SC_TABLE_OPTIONAL && m->storage == SC_TABLE_STORED_SEQUENCE)
        guard = sequence_present(v, m);
    else if (m->presence == SC_TABLE_OPTIONAL && !pointer_like)
        guard = seen == NULL || seen[i];
    if (pointer_like && (m->nullable || null_means_absent))
        return guard && sc_table_pointer_at(v + m->offset) != NULL;
    if (m->nullable && m->storage == SC_TABLE_STORED_SEQUENCE)
        return guard && sequence_present(v, m);
    if (pointer_like) {
        if (guard && sc_table_pointer_at(v + m->offset) == NULL) {
            if (m->presence == SC_TABLE_HAS_FLAG) {
                sc_fail(err, SC_ERR_TYPE, "type", "must not be null");
                *rc = sc_catch_key(err, member_level(depth), name);
            } else {
                sc_fail(err, SC_ERR_REQUIRED, "required", "missing required property \"%s\"", name);
                *rc = sc_catch_here(err, struct_level(depth));
            }
            return false;
        }
        return guard;
    }
    return guard;
}

/* The check of the value at p (for a string or cJSON member, at the
 * pointer), by its kind. */
static int check_value(const sc_table_value *t, const void *p, sc_error *err, bool full, int depth)
{
    switch (t->kind) {
    case SC_TABLE_STRUCT:
        return sc_table_check(sc_table_struct_of(t), p, err, full, NULL, depth + 1);
    case SC_TABLE_STRING:
        return sc_table_check_string(t, t->rules, t->nrules, (const char *)sc_table_pointer_at(p),
                                     err, full);
    case SC_TABLE_CHARBUF:
        return sc_table_check_string(t, t->rules, t->nrules, (const char *)p, err, full);
    case SC_TABLE_OBJECT:
        if (!cJSON_IsObject((const cJSON *)sc_table_pointer_at(p)))
            return sc_fail(err, SC_ERR_TYPE, "type", "must be an object");
        /* fall through */
    case SC_TABLE_ANY:
        return sc_check_cjson((const cJSON *)sc_table_pointer_at(p), err);
    case SC_TABLE_ENUM:
        if (full && sc_table_check_enum(t->enumeration, p, t->size, err) != 0)
            return err->code;
        /* fall through */
    default:
        return sc_table_check_scalar(t, p, err, full);
    }
}

/* The key of a map's entry (char key[N] or char *key). */
static const char *entry_key(const sc_table_array *a, const char *entry)
{
    return a->key_size > 0 ? entry + a->key_offset
                           : (const char *)sc_table_pointer_at(entry + a->key_offset);
}

/* A map's key against its rules, as propertyNames. */
static int check_key(const sc_table_array *a, const char *entry, sc_error *err, bool full)
{
    const char *key = entry_key(a, entry);
    sc_table_value as_string = {.kind = a->key_size > 0 ? SC_TABLE_CHARBUF : SC_TABLE_STRING};
    if (sc_table_check_string(&as_string, a->key_rules, a->nkey_rules, key, err, full) == 0)
        return 0;
    err->keyword = "propertyNames";
    return sc_error_note(err, "property name \"%s\"", key);
}

static int fail_count(sc_error *err, bool least, uint64_t bound, bool map)
{
    return sc_fail(
        err, SC_ERR_CONSTRAINT,
        least ? (map ? "minProperties" : "minItems") : (map ? "maxProperties" : "maxItems"),
        "must have %s %llu %s", least ? "at least" : "at most", (unsigned long long)bound,
        map ? (bound == 1 ? "property" : "properties") : (bound == 1 ? "item" : "items"));
}

int sc_table_check_value(const sc_table_value *t, const void *p, sc_error *err, bool full,
                         int depth)
{
    return check_value(t, p, err, full, depth);
}

int sc_table_check_sequence(const sc_table_member *m, const char *v, sc_error *err, bool full,
                            int depth)
{
    const sc_table_array *a = m->array;
    const char *items =
        a->fixed_size > 0 ? v + m->offset : (const char *)sc_table_pointer_at(v + m->offset);
    size_t count = (size_t)sc_table_count_at(v, a), size = a->map ? a->entry_size : m->value.size;
    bool item_check = m->value.checked;
    int rc;
    if (full && count > 0 && items == NULL)
        return sc_fail(err, SC_ERR_TYPE, "type", a->map ? "must be an object" : "must be an array");
    if (a->fixed_size > 0 && full && count > a->fixed_size)
        return fail_count(err, false, a->fixed_size, false);
    if (full &&
        sc_check_count(err, count, a->map) != 0) /* max_items (max_members), the text so far */
        return err->code;
    if (a->map) {
        if (a->has_min && count < a->min_items)
            return fail_count(err, true, a->min_items, true);
        if (a->has_max && count > a->max_items)
            return fail_count(err, false, a->max_items, true);
        for (size_t i = 0; i < count; i++) {
            const char *entry = items + i * size;
            if ((rc = check_key(a, entry, err, full)) != 0)
                return rc;
            if (full && item_check &&
                check_value(&m->value, entry + a->value_offset, err, full, depth) != 0 &&
                (rc = sc_catch_key(err, item_level(depth), entry_key(a, entry))) != 0)
                return rc;
        }
        if (count > 1) { /* keys are the entries' first member: the entries compare as keys */
            size_t dup = sc_find_duplicate(items, count, size,
                                           a->key_size > 0 ? SC_UNIQUE_CHARBUF : SC_UNIQUE_STRPTR);
            if (dup == count + 1)
                return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
            if (dup < count)
                return sc_fail(err, SC_ERR_DUPLICATE_KEY, NULL, "duplicate key \"%s\"",
                               entry_key(a, items + dup * size));
        }
        return item_check && full ? sc_collected(err, member_level(depth)) : 0;
    }
    for (size_t i = 0; full && item_check && i < count;
         i++) /* the decoder checked each item as it read it */
        if (check_value(&m->value, items + i * size, err, full, depth) != 0 &&
            (rc = sc_catch_index(err, item_level(depth), i)) != 0)
            return rc;
    if (a->has_min && count < a->min_items)
        return fail_count(err, true, a->min_items, false);
    if (a->has_max && (a->fixed_size == 0 || a->max_items < a->fixed_size) && count > a->max_items)
        return fail_count(err, false, a->max_items, false);
    if (a->unique && count > 1) {
        size_t dup = sc_find_duplicate(items, count, size, (sc_unique_kind)a->unique_kind);
        if (dup == count + 1)
            return sc_fail(err, SC_ERR_NOMEM, "uniqueItems", "out of memory");
        if (dup < count)
            return sc_fail(err, SC_ERR_CONSTRAINT, "uniqueItems",
                           "must not contain duplicates: item %zu repeats an earlier one", dup);
    }
    return item_check && full ? sc_collected(err, member_level(depth)) : 0;
}

/* Member m of the struct at v: the call of its check. */
static int check_member(const sc_table_member *m, const char *v, sc_error *err, bool full,
                        int depth)
{
    if (m->array != NULL)
        return sc_table_check_sequence(m, v, err, full, depth);
    return check_value(&m->value,
                       m->by_pointer ? sc_table_pointer_at(v + m->offset) : v + m->offset, err,
                       full, depth);
}

int sc_table_check(const sc_table_struct *t, const void *value, sc_error *err, bool full,
                   const bool *seen, int depth)
{
    const char *v = value;
    int rc = 0;
    if (t->tagged != NULL)
        return sc_table_check_union(t->tagged, value, err, full, seen, depth);
    if (t->untagged != NULL)
        return sc_table_check_untagged(t->untagged, value, err, full, depth);
    if (full && (rc = sc_check_enter(err, depth, t->min_text)) != 0)
        return rc;
    for (size_t i = 0; i < t->count; i++) {
        const sc_table_member *m = &t->members[i];
        const char *name = t->names[i];
        if (!m->checked)
            continue;
        if (!member_present(v, m, i, name, err, seen, depth, &rc)) {
            if (rc != 0)
                return rc;
            continue;
        }
        if (m->presence != SC_TABLE_REQUIRED && full &&
            (rc = sc_check_member(err, t->keys[i].len)) != 0)
            return rc;
        if (m->full_only && !full)
            continue;
        if (m->array != NULL && m->array->count_signed && full &&
            sc_table_count_at(v, m->array) < 0)
            rc = sc_fail(err, SC_ERR_TYPE, "type", "has a negative item count");
        else
            rc = check_member(m, v, err, full, depth);
        if (rc != 0 && (rc = sc_catch_key(err, member_level(depth), name)) != 0)
            return rc;
    }
    return sc_collected(err, struct_level(depth)); /* all-errors mode: whether a member failed */
}
