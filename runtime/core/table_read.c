/* schemac runtime: reading a struct through its descriptor
 * (include/schemac/table.h): the calls into the reader, where errors are
 * placed (the value's offset) and the catch points of the all-errors
 * mode. */
#include "table_internal.h"

#include <string.h>

#include "reader_internal.h"

#include "schemac/check.h"
#include "support_internal.h"

/* read_value is the walker's inner step, called from three places: inlined
 * into each, it saves the call and its register saves on every value (6%
 * of the batch document's instructions). */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* After a value at p was read from offset at: its keywords (those a
 * decoded value does not hold already), the error placed at the value. */
static int check_after_read(sc_reader *r, const sc_table_value *v, const void *p, int rc, size_t at)
{
    if (rc == 0 && v->nrules > 0 && sc_table_check_scalar(v, p, sc_reader_error(r), false) != 0)
        rc = sc_reader_place_error_at(r, at);
    return rc;
}

/* A decoded number's rules past those its range passes (full: a float's
 * full_only ones too), the error placed at the value. */
static inline int check_number(sc_reader *r, const sc_table_value *v, double number, bool full,
                               int rc, size_t at)
{
    size_t passed = sc_table_passed(v, number);
    if (rc == 0 && passed < v->nrules &&
        sc_table_check_number(v, v->rules + passed, v->nrules - passed, number, r, at, full) != 0)
        rc = sc_reader_place_error_at(r, at);
    return rc;
}

/* A decoded string's rules past those its code point count passes. */
static inline int check_text(sc_reader *r, const sc_table_value *v, const char *text, size_t len,
                             size_t chars, int rc, size_t at)
{
    size_t passed;
    const sc_table_rule *rule;
    if (rc != 0 || (passed = sc_table_passed(v, (double)chars)) == v->nrules)
        return rc;
    rule = v->rules + passed;
    if (passed + 1 ==
        v->nrules) { /* a pattern or format alone is left: its test without the loop */
        if (rule->op == SC_TABLE_PATTERN ? rule->match(text, len)
                                         : rule->op == SC_TABLE_FORMAT &&
                                               sc_format_valid((sc_format)rule->format, text, len))
            return 0;
    }
    if (sc_table_check_text(v, rule, v->nrules - passed, text, len, chars, sc_reader_error(r)) != 0)
        rc = sc_reader_place_error_at(r, at);
    return rc;
}

/* Reads one value into p, with its checks. */
static ALWAYS_INLINE int read_value(sc_reader *r, const sc_table_value *v, void *p, size_t at)
{
    int rc = 0;
    switch (v->kind) {
    case SC_TABLE_BOOL:
        rc = sc_read_bool_inline(r, (bool *)p);
        break;
    case SC_TABLE_INT: { /* its rules on the number read, (double)value as the checks compare */
        int64_t number = 0;
        rc = sc_read_int_inline(r, &number, v->min, v->max);
        sc_table_store_int(p, v->size, number);
        return check_number(r, v, (double)number, false, rc, at);
    }
    case SC_TABLE_DOUBLE: {
        double number = 0;
        rc = sc_read_double_inline(r, &number);
        memcpy(p, &number, sizeof number);
        return check_number(r, v, number, false, rc, at);
    }
    case SC_TABLE_FLOAT: {
        double number = 0;
        rc = sc_read_double_inline(r, &number);
        rc = check_number(r, v, number, true, rc, at);
        *(float *)p = (float)number;
        return rc;
    }
    case SC_TABLE_STRING: {
        char *text = NULL;
        size_t len, chars; /* set when the read succeeds, and only then checked */
        if (v->nrules > 0) {
            rc = sc_read_string_dup_inline(r, &text, &len, &chars);
            rc = check_text(r, v, text, len, chars, rc, at);
        } else {
            rc = sc_read_string_dup_inline(r, &text, NULL, NULL);
        }
        memcpy(p, &text, sizeof text);
        return rc;
    }
    case SC_TABLE_CHARBUF: {
        size_t len = 0, chars = 0;
        if (v->nrules == 0)
            return sc_read_string_buf(r, (char *)p, v->size, NULL, NULL);
        rc = sc_read_string_buf(r, (char *)p, v->size, &len, &chars);
        return check_text(r, v, (const char *)p, len, chars, rc, at);
    }
    case SC_TABLE_ENUM:
        rc = sc_table_read_enum(r, v->enumeration, p, v->size);
        break;
    case SC_TABLE_STRUCT:
        rc = sc_table_read_struct(r, sc_table_struct_of(v), p);
        break;
    case SC_TABLE_OBJECT:
        if (sc_peek(r) != SC_JSON_OBJECT)
            return sc_read_object_begin(r); /* fails as a struct's would */
        /* fall through */
    case SC_TABLE_ANY: {
        cJSON *tree = NULL;
        rc = sc_read_cjson(r, &tree);
        memcpy(p, &tree, sizeof tree);
        return rc;
    }
    }
    return check_after_read(r, v, p, rc, at);
}

/* Reads an array member: items at the member (T[N]) or
 * in the arena (T *), the count stored, then the array's own keywords. */
static int read_array(sc_reader *r, const sc_table_member *m, char *out, size_t at)
{
    const sc_table_array *a = m->array;
    size_t n = 0, cap = 0, size = m->value.size;
    char *items = a->fixed_size > 0 ? out + m->offset : NULL;
    sc_next next = SC_NEXT_END;
    /* Items that are structs: their keys usually come in one order, which
     * the first item teaches the others (read_object) through a copy of
     * their descriptor with a copy of its next to learn in (a generated
     * descriptor is constant). */
    enum { LEARN = 32 };
    const sc_table_value *v = &m->value;
    sc_table_value value;
    sc_table_struct learner;
    uint32_t order[LEARN + 1];
    if (v->kind == SC_TABLE_STRUCT) {
        const sc_table_struct *t = sc_table_struct_of(v);
        if (t->tagged == NULL && t->untagged == NULL && t->count <= LEARN) {
            learner = *t;
            learner.next = learner.learn = memcpy(order, t->next, (t->count + 1) * sizeof *order);
            value = *v;
            value.table = &learner;
            v = &value;
        }
    }
    int rc = sc_read_array_begin(r);
    while (rc == 0 && (next = sc_next_element_inline(r)) == SC_NEXT_ITEM) {
        if (a->has_max && n == a->max_items) {
            rc = sc_fail_too_many(r, at, "maxItems", (unsigned long long)a->max_items, "item",
                                  "items");
            break;
        }
        if (a->fixed_size == 0 && n == cap &&
            (items = sc_reader_grow(r, items, &cap, size)) == NULL) {
            rc = sc_reader_abandon(r);
            break;
        }
        rc = read_value(r, v, items + n * size, sc_reader_offset(r));
        if (rc != 0 && (rc = sc_reader_catch_index(r, n)) != 0)
            break;
        n++;
    }
    if (rc == 0 && next == SC_NEXT_ERROR)
        rc = sc_reader_abandon(r);
    if (a->fixed_size == 0) {
        if (rc == 0 && items == NULL && (items = sc_reader_empty(r)) == NULL)
            rc = sc_reader_code(r);
        memcpy(out + m->offset, &items, sizeof items);
    }
    sc_table_store_int(out + a->count_offset, a->count_size, (int64_t)n);
    if (rc == 0)
        rc = sc_reader_collected(r);
    /* the array's own keywords, when n can fail them (maxItems stopped the
     * read already) */
    if (rc == 0 && ((a->has_min && n < a->min_items) || (a->unique && n > 1)) &&
        sc_table_check_sequence(m, out, sc_reader_error(r), false, 0) != 0)
        rc = sc_reader_place_error_at(r, at);
    return rc;
}

/* Reads a map member: each JSON member an entry { key,
 * value } in the arena, the count stored, then the map's own keywords. */
static int read_map(sc_reader *r, const sc_table_member *m, char *out, size_t at)
{
    const sc_table_array *a = m->array;
    size_t n = 0, cap = 0;
    char *items = NULL;
    sc_string name;
    sc_next next = SC_NEXT_END;
    int rc = sc_read_object_begin(r);
    while (rc == 0 && (next = sc_next_member(r, &name)) == SC_NEXT_ITEM) {
        if (a->has_max && n == a->max_items) {
            rc = sc_fail_too_many(r, at, "maxProperties", (unsigned long long)a->max_items,
                                  "property", "properties");
            break;
        }
        if (n == cap && (items = sc_reader_grow(r, items, &cap, a->entry_size)) == NULL) {
            rc = sc_reader_abandon(r);
            break;
        }
        char *entry = items + n * a->entry_size;
        const char *key = entry + a->key_offset;
        if (a->key_size > 0) {
            if (name.len >= a->key_size) {
                if ((rc = sc_fail_long_key(r, a->key_size - 1)) != 0)
                    break;
                continue;
            }
            memcpy(entry + a->key_offset, name.ptr, name.len);
            entry[a->key_offset + name.len] = '\0';
        } else {
            char *copy = sc_reader_strndup(r, name.ptr, name.len);
            memcpy(entry + a->key_offset, &copy, sizeof copy);
            if (copy == NULL) {
                rc = sc_reader_abandon(r);
                break;
            }
            key = copy;
        }
        rc = read_value(r, &m->value, entry + a->value_offset, sc_reader_offset(r));
        if (rc != 0 && (rc = sc_reader_catch_key(r, key)) != 0)
            break;
        n++;
    }
    if (rc == 0 && next == SC_NEXT_ERROR)
        rc = sc_reader_abandon(r);
    if (rc == 0 && items == NULL && (items = sc_reader_empty(r)) == NULL)
        rc = sc_reader_code(r);
    memcpy(out + m->offset, &items, sizeof items);
    sc_table_store_int(out + a->count_offset, a->count_size, (int64_t)n);
    if (rc == 0 && sc_table_check_sequence(m, out, sc_reader_error(r), false, 0) != 0)
        rc = sc_reader_place_error_at(r, at);
    if (rc == 0)
        rc = sc_reader_collected(r);
    return rc;
}

/* A member that is not nullable failed on a JSON null: say to leave it
 * out, if it may be. */
static inline int hint_null(sc_reader *r, const sc_table_member *m, int rc, size_t at)
{
    if (rc == SC_ERR_TYPE && m->presence != SC_TABLE_REQUIRED && !m->nullable)
        sc_reader_hint_null(r, at);
    return rc;
}

/* One member's value, r at it. */
static ALWAYS_INLINE int read_member(sc_reader *r, const sc_table_member *m, char *out)
{
    size_t at = sc_reader_offset(r);
    void *p = out + m->offset;
    if (!m->plain) { /* the usual member skips these tests */
        if (m->nullable && sc_peek(r) == SC_JSON_NULL)
            return sc_read_null(r); /* null: the pointer stays NULL */
        if (m->array != NULL)
            return hint_null(
                r, m, m->array->map ? read_map(r, m, out, at) : read_array(r, m, out, at), at);
        if (m->by_pointer) {
            void *value = sc_reader_alloc(r, m->value.size);
            memcpy(p, &value, sizeof value);
            if (value == NULL)
                return sc_reader_code(r);
            p = value;
        }
    }
    return hint_null(r, m, read_value(r, &m->value, p, at), at);
}

/* sc_same_bytes out of line: the lookup below inlined into read_object
 * with a call left in it leaves the loop's registers as they were. */
static SC_NOINLINE bool same_bytes(const char *a, const char *b, size_t n)
{
    return sc_same_bytes(a, b, n);
}

/* The member called key, or t->count: the names of its length only, as
 * the generated code's switch on the length. */
static size_t member_index(const sc_table_struct *t, const sc_string *key)
{
    size_t n = key->len;
    if (n < t->lengths)
        for (size_t k = t->by_length[n], end = t->by_length[n + 1]; k < end; k++)
            if (same_bytes(t->keys[t->by_length[k]].ptr, key->ptr, n))
                return t->by_length[k];
    return t->count;
}

/* An absent member's default (a @default). */
static void store_default(const sc_table_member *m, char *out)
{
    char *p = out + m->offset;
    switch (m->value.kind) {
    case SC_TABLE_CHARBUF:
        memcpy(p, m->fallback.s, strlen(m->fallback.s) + 1);
        break;
    case SC_TABLE_STRING: {
        const char *s = m->fallback.s;
        memcpy(p, &s, sizeof s);
        break;
    }
    case SC_TABLE_BOOL:
        *(bool *)p = m->fallback.i != 0;
        break;
    case SC_TABLE_INT:
    case SC_TABLE_ENUM:
        sc_table_store_int(p, m->value.size, m->fallback.i);
        break;
    case SC_TABLE_DOUBLE:
        *(double *)p = m->fallback.d;
        break;
    case SC_TABLE_FLOAT:
        *(float *)p = (float)m->fallback.d;
        break;
    default:
        break;
    }
}

/* Reads the object at r into out (a T, not a union) through t. seen: t->count flags, all
 * false, which members were found. */
static int read_object(sc_reader *r, const sc_table_struct *t, void *out_v, bool *seen)
{
    char *out = out_v;
    sc_skipped skipped = {NULL, 0, 0};
    sc_string key;
    sc_next more;
    size_t member = t->count, found = 0; /* the member read last: none yet */
    int rc = 0;

    memset(out, 0, t->size);
    if ((rc = sc_read_object_begin(r)) != 0)
        return rc;
    for (;;) {
        size_t last = member;
        member = t->next[last];
        if (t->expect) { /* the expected key is t's own: not copied out */
            const char *name;
            int next = sc_next_member_expect_fast(r, &t->keys[member], &name);
            more = next != SC_NEXT_GENERAL
                       ? (sc_next)next
                       : sc_next_member_expect_general(r, &t->keys[member], &key);
            if (more <= SC_NEXT_END)
                break;
        } else if ((more = sc_next_member(r, &key)) != SC_NEXT_ITEM) {
            break;
        }
        if (SC_UNLIKELY(more != SC_NEXT_EXPECTED)) {
            if ((member = member_index(t, &key)) == t->count) {
                member = last; /* the same member expected after it */
                if (t->additional_properties) {
                    if (sc_skip_member(r, &skipped, &key) != 0)
                        return sc_reader_abandon(r);
                    continue;
                }
                if ((rc = sc_fail_unknown_member(r, &key, t->count > 0 ? t->names : NULL,
                                                 t->count)) != 0)
                    return rc;
                continue; /* all-errors mode: listed, the value skipped */
            }
            if (t->learn != NULL) /* the next item of an array tries it first */
                t->learn[last] = (uint32_t)member;
        }
        if (SC_UNLIKELY(seen[member])) {
            sc_fail_duplicate_member(r, t->names[member]);
            return sc_reader_abandon(r);
        }
        seen[member] = true;
        found++;
        /* a has_ flag */
        if (!t->members[member].plain && t->members[member].presence == SC_TABLE_HAS_FLAG)
            *(bool *)(out + t->members[member].has_offset) = true;
        rc = read_member(r, &t->members[member], out);
        if (SC_UNLIKELY(rc != 0) && (rc = sc_reader_catch_key(r, t->names[member])) != 0)
            return rc;
    }
    if (more == SC_NEXT_ERROR)
        return sc_reader_abandon(r);
    if (t->additional_properties && (rc = sc_check_skipped(r, &skipped)) != 0)
        return rc;
    /* the absent members, in declaration order: an error or a default
     * (a has_ flag of one stays false from the memset) */
    for (size_t i = 0; found < t->count && i < t->count; i++) {
        const sc_table_member *m = &t->members[i];
        if (seen[i])
            continue;
        if (m->presence == SC_TABLE_REQUIRED && (rc = sc_fail_missing_member(r, t->names[i])) != 0)
            return rc;
        if (m->presence == SC_TABLE_DEFAULT)
            store_default(m, out);
    }
    return sc_reader_collected(r); /* all-errors mode: whether a member failed */
}

int sc_table_read_member(sc_reader *r, const sc_table_member *m, char *out)
{
    return read_member(r, m, out);
}

int sc_table_read_struct(sc_reader *r, const sc_table_struct *t, void *out)
{
    if (t->tagged != NULL)
        return sc_table_read_union(r, t->tagged, out);
    if (t->untagged != NULL)
        return sc_table_read_untagged(r, t->untagged, out, t->size);
    /* what one read needs: a struct of more members than this takes them
     * from the arena, where they stay until its reset */
    enum { ON_STACK = 64 };
    bool on_stack[ON_STACK];
    bool *seen = on_stack;
    if (t->count > ON_STACK && (seen = (bool *)sc_reader_alloc(r, t->count)) == NULL)
        return sc_reader_code(r);
    if (t->count <= 16)
        memset(seen, 0, 16); /* the usual struct: two stores, no call */
    else
        memset(seen, 0, t->count);
    return read_object(r, t, out, seen);
}
