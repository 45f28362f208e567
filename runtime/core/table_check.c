/* schemac runtime: checking a struct through its descriptor (schemac
 * --optimize=size, include/schemac/table.h).
 *
 * Step for step what generator/emit/c/emit_c_check.c's emit_struct_check
 * writes for one struct in the default mode: when a member is checked
 * (present, not null), the error of a NULL that must be a value, the
 * member's name counted against max_input, and the catch points of the
 * all-errors mode. The members' own checks are the generated ones. */
#include "schemac/table.h"

#include <string.h>

#include "schemac/support.h"

static const void *pointer_at(const char *v, size_t offset)
{
    const void *p;
    memcpy(&p, v + offset, sizeof p);
    return p;
}

/* A count member of size bytes, signed or not. */
static int64_t count_at(const char *v, const sc_table_array *a)
{
    const char *p = v + a->count_offset;
    switch (a->count_size) {
    case 1: {
        uint8_t u;
        memcpy(&u, p, 1);
        return a->count_signed ? (int64_t)(int8_t)u : (int64_t)u;
    }
    case 2: {
        uint16_t u;
        memcpy(&u, p, 2);
        return a->count_signed ? (int64_t)(int16_t)u : (int64_t)u;
    }
    case 4: {
        uint32_t u;
        memcpy(&u, p, 4);
        return a->count_signed ? (int64_t)(int32_t)u : (int64_t)u;
    }
    default: {
        int64_t x;
        memcpy(&x, p, 8);
        return x;
    }
    }
}

/* count > 0, for a count of any width and signedness (an unsigned 64-bit
 * one beyond INT64_MAX included). */
static bool count_positive(const char *v, const sc_table_array *a)
{
    int64_t n = count_at(v, a);
    return a->count_signed ? n > 0 : n != 0;
}

/* An array that holds items: a pointer or a count (the default mode's
 * `v_->x != NULL || v_->x_count > 0`). */
static bool sequence_present(const char *v, const sc_table_member *m)
{
    return (m->array->fixed_size == 0 && pointer_at(v, m->offset) != NULL) || count_positive(v, m->array);
}

/* Whether member i is to be checked; a NULL that must be a value is an
 * error, listed in all-errors mode (*rc then says whether to stop). */
static bool member_present(const char *v, const sc_table_member *m, size_t i, const char *name, sc_error *err,
                           const bool *seen, int depth, int *rc)
{
    bool pointer_like = m->storage == SC_TABLE_STORED_POINTER;
    bool null_means_absent = m->presence == SC_TABLE_POINTER || (m->presence == SC_TABLE_OPTIONAL && pointer_like);
    bool guard = true;
    if (m->presence == SC_TABLE_HAS_FLAG)
        guard = *(const bool *)(v + m->has_offset);
    else if (m->presence == SC_TABLE_OPTIONAL && m->storage == SC_TABLE_STORED_SEQUENCE)
        guard = sequence_present(v, m);
    else if (m->presence == SC_TABLE_OPTIONAL && !pointer_like)
        guard = seen == NULL || seen[i];
    if (pointer_like && (m->nullable || null_means_absent))
        return guard && pointer_at(v, m->offset) != NULL;
    if (m->nullable && m->storage == SC_TABLE_STORED_SEQUENCE)
        return guard && sequence_present(v, m);
    if (pointer_like) {
        if (guard && pointer_at(v, m->offset) == NULL) {
            if (m->presence == SC_TABLE_HAS_FLAG) {
                sc_fail(err, SC_ERR_TYPE, "type", "must not be null");
                *rc = sc_catch_key(err, 3 * depth + 1, name);
            } else {
                sc_fail(err, SC_ERR_REQUIRED, "required", "missing required property \"%s\"", name);
                *rc = sc_catch_here(err, 3 * depth);
            }
            return false;
        }
        return guard;
    }
    return guard;
}

int sc_table_check(const sc_table_struct *t, const void *value, sc_error *err, bool full, const bool *seen, int depth)
{
    const char *v = value;
    int rc = 0;
    if (full && (rc = sc_check_enter(err, depth, t->min_text)) != 0)
        return rc;
    for (size_t i = 0; i < t->count; i++) {
        const sc_table_member *m = &t->members[i];
        const char *name = t->names[i];
        if (m->check == NULL)
            continue;
        if (!member_present(v, m, i, name, err, seen, depth, &rc)) {
            if (rc != 0)
                return rc;
            continue;
        }
        if (m->presence != SC_TABLE_REQUIRED && full && (rc = sc_check_member(err, t->keys[i].len)) != 0)
            return rc;
        if (m->full_only && !full)
            continue;
        if (m->array != NULL && m->array->count_signed && full && count_at(v, m->array) < 0)
            rc = sc_fail(err, SC_ERR_TYPE, "type", "has a negative item count");
        else
            rc = m->check(v, err, full, depth);
        if (rc != 0 && (rc = sc_catch_key(err, 3 * depth + 1, name)) != 0)
            return rc;
    }
    return sc_collected(err, 3 * depth); /* all-errors mode: whether a member failed */
}
