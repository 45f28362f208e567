/* schemac runtime: untagged unions through their descriptors
 * (include/schemac/table.h).
 *
 * The variants of the value's JSON type are read in the enum's order,
 * each on a copy of the reader: the first that accepts the value keeps
 * it, so the decoder accepts what anyOf accepts; when all fail, the last
 * one's error stands. A failure that is not a verdict on the value
 * (malformed JSON, I-JSON, depth, memory) ends the tries. Object variants
 * are not tried: the member that selects each says which one reads it. */
#include "table_internal.h"

#include <stdlib.h>

#include "schemac/check.h"
#include "schemac/json.h"
#include "schemac/schemac.h"
#include "support_internal.h"

static const sc_table_choice *choice_of(const sc_table_untagged *u, const void *value)
{
    uint64_t bits = sc_table_load_int((const char *)value + u->tag_offset, u->tag_size, false);
    for (size_t i = 0; i < u->count; i++)
        if (sc_table_same_int(bits, u->tag_size, u->choices[i].value))
            return &u->choices[i];
    return NULL;
}

/* One variant's value, then (it holds one) its checks on the whole union. */
static int read_choice(sc_reader *r, const sc_table_untagged *u, const sc_table_choice *c,
                       char *out)
{
    size_t at = sc_reader_offset(r); /* where errors of the value are placed */
    int rc = c->member == NULL ? sc_read_null(r) : sc_table_read_member(r, c->member, out);
    if (rc != 0)
        return rc;
    sc_table_store_int(out + u->tag_offset, u->tag_size, c->value);
    if (c->member != NULL && sc_table_check_untagged(u, out, sc_reader_error(r), false, 0) != 0)
        return sc_reader_place_error_at(r, at);
    return 0;
}

int sc_table_read_untagged(sc_reader *r, const sc_table_untagged *u, void *out, size_t size)
{
    sc_json_type type = sc_peek(r);
    const sc_table_choice *last = NULL;
    size_t count = 0;
    int rc;
    memset(out, 0, size);
    if (type == SC_JSON_FALSE)
        type = SC_JSON_TRUE;
    for (size_t i = 0; i < u->count; i++)
        if (u->choices[i].json_type == type) {
            last = &u->choices[i];
            count++;
        }
    if (last == NULL) {
        sc_reader probe = *r;
        if ((rc = sc_skip_value(&probe)) != 0)
            return rc; /* not JSON at all */
        sc_reader_fail(r, SC_ERR_TYPE, "type", "must be %s", u->expected);
        return sc_reader_skip_failed(r);
    }
    if (type == SC_JSON_OBJECT && count > 1) {
        for (size_t i = 0; i < u->count; i++) {
            const sc_table_choice *c = &u->choices[i];
            if (c->json_type != SC_JSON_OBJECT || c->select == NULL)
                continue;
            sc_reader probe = *r;
            sc_next found = sc_find_member(&probe, c->select);
            if (found == SC_NEXT_ITEM)
                return read_choice(r, u, c, (char *)out);
            if (found == SC_NEXT_ERROR)
                return sc_reader_skip_failed(r);
        }
        sc_reader_fail(r, SC_ERR_REQUIRED, "required", "must have one of the properties %s",
                       u->selectors);
        return sc_reader_skip_failed(r); /* all-errors mode: listed, the value skipped */
    }
    for (const sc_table_choice *c = u->choices; c != last; c++) {
        if (c->json_type != type)
            continue;
        sc_reader probe = *r;
        sc_errors *paused = sc_reader_pause_collect(r); /* a try's errors are no one's */
        rc = read_choice(&probe, u, c, (char *)out);
        if (sc_is_verdict(rc))
            sc_error_clear(sc_reader_error(r)); /* the next variant may accept it */
        sc_reader_resume_collect(r, paused);
        if (rc == 0) {
            *r = probe;
            return 0;
        }
        if (sc_reader_code(r) != 0)
            return rc; /* the document or the memory failed, not this variant */
        memset(out, 0, size);
    }
    return read_choice(r, u, last, (char *)out);
}

/* tree read back through the union into back: as T_encode would print it, in an arena of its own.
 */
static int read_back(const sc_table_untagged *u, const cJSON *tree, void *back)
{
    char *text = NULL;
    sc_arena arena;
    sc_error err;
    sc_reader r;
    int rc = sc_print_json(tree, &text);
    if (rc != 0)
        return rc;
    sc_arena_init(&arena, NULL);
    sc_error_clear(&err);
    sc_reader_init(&r, text, strlen(text), &arena, &err);
    rc = sc_table_read_untagged(&r, u, back, u->size);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    sc_arena_release(&arena);
    sc_free_string(text);
    return rc;
}

static bool same_tag(const sc_table_untagged *u, const void *a, const void *b)
{
    return memcmp((const char *)a + u->tag_offset, (const char *)b + u->tag_offset, u->tag_size) ==
           0;
}

/* A float variant's number that reads back as it: 0 and *out, SC_ERR_NOMEM, or SC_ERR_CONSTRAINT.
 */
static int float_form(const sc_table_untagged *u, const sc_table_choice *c, const void *value,
                      double *out)
{
    const char *at = (const char *)value + c->member->offset;
    float f;
    double forms[SC_FLOAT_FORMS(8)], *many = NULL, *use = forms;
    int rc = SC_ERR_CONSTRAINT;
    void *back = malloc(u->size);
    memcpy(&f, at, sizeof f);
    if (c->nmarks > 8 && (use = many = malloc(SC_FLOAT_FORMS(c->nmarks) * sizeof *many)) == NULL)
        rc = SC_ERR_NOMEM;
    if (back == NULL)
        rc = SC_ERR_NOMEM;
    size_t n = rc == SC_ERR_NOMEM ? 0 : sc_float_forms(f, c->marks, c->nmarks, use);
    for (size_t i = 0; i < n; i++) {
        cJSON *tree = cJSON_CreateNumber(use[i]);
        int back_rc;
        if (tree == NULL) {
            rc = SC_ERR_NOMEM;
            break;
        }
        back_rc = read_back(u, tree, back);
        cJSON_Delete(tree);
        if (back_rc == SC_ERR_NOMEM) {
            rc = back_rc;
            break;
        }
        if (back_rc == 0 && same_tag(u, back, value) &&
            memcmp((const char *)back + c->member->offset, at, sizeof f) == 0) {
            *out = use[i];
            rc = 0;
            break;
        }
    }
    free(many);
    free(back);
    return rc;
}

/* What encode writes must read back as this variant: not as an earlier one that takes the same
 * JSON. */
static int keep(const sc_table_untagged *u, const sc_table_choice *c, const void *value,
                sc_error *err)
{
    const sc_table_value *t = &c->member->value;
    if (c->member->array == NULL && t->kind == SC_TABLE_FLOAT) {
        double form;
        int rc = float_form(u, c, value, &form);
        if (rc == SC_ERR_NOMEM)
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        if (rc != 0)
            return sc_fail(
                err, SC_ERR_CONSTRAINT, "anyOf",
                "has no number that reads back as this variant: each one that rounds to it is an earlier "
                "variant's value or out of its bounds");
        return 0;
    }
    cJSON *tree = sc_table_build_untagged(u, value, 0);
    void *back = malloc(u->size);
    int rc = SC_ERR_NOMEM;
    if (tree != NULL && back != NULL)
        rc = read_back(u, tree, back);
    cJSON_Delete(tree);
    if (rc == SC_ERR_NOMEM) {
        free(back);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    if (rc == 0 && same_tag(u, back, value)) {
        free(back);
        return 0;
    }
    const sc_table_choice *as = rc == 0 ? choice_of(u, back) : NULL;
    free(back);
    return sc_fail(
        err, SC_ERR_CONSTRAINT, "anyOf",
        "is also a valid '%s', an earlier variant, which is what it would decode as: give it as that variant",
        as != NULL ? as->name : "none");
}

/* The checks of the variant's value. */
static int check_choice(const sc_table_choice *c, const char *v, sc_error *err, bool full,
                        int depth)
{
    const sc_table_member *m = c->member;
    int rc;
    if (m == NULL)
        return 0; /* null */
    if (m->storage == SC_TABLE_STORED_POINTER && sc_table_pointer_at(v + m->offset) == NULL)
        return sc_fail(err, SC_ERR_TYPE, "type", "must be a string, not NULL");
    if (m->storage == SC_TABLE_STORED_SEQUENCE && m->array->count_signed && full &&
        sc_table_count_at(v, m->array) < 0)
        return sc_fail(err, SC_ERR_TYPE, "type", "has a negative item count");
    if (!m->checked)
        return 0;
    if (m->array != NULL) {
        /* a container: a level of the JSON (and where a cycle through the
         * union's arrays ends) */
        if (full && (rc = sc_check_enter(err, depth, 0)) != 0)
            return rc;
        return sc_table_check_sequence(m, v, err, full, depth);
    }
    const sc_table_value *t = &m->value;
    if (t->kind == SC_TABLE_STRUCT) {
        /* checked as it was read; at the union's depth: the union is its
         * variant's value, no level of the JSON of its own */
        return full ? sc_table_check(sc_table_struct_of(t), v + m->offset, err, full, NULL, depth)
                    : 0;
    }
    if (m->full_only && !full) {
        if (t->kind == SC_TABLE_OBJECT &&
            !cJSON_IsObject((const cJSON *)sc_table_pointer_at(v + m->offset)))
            return sc_fail(err, SC_ERR_TYPE, "type", "must be an object");
        return 0;
    }
    return sc_table_check_value(t, v + m->offset, err, full, depth);
}

int sc_table_check_untagged(const sc_table_untagged *u, const void *value, sc_error *err, bool full,
                            int depth)
{
    const sc_table_choice *c = choice_of(u, value);
    if (c == NULL)
        return sc_fail(err, SC_ERR_CONSTRAINT, "enum", "holds no value of %s", u->tag_type);
    int rc = check_choice(c, value, err, full, depth);
    if (rc == 0 && full && c->read_back) /* what encode writes must read back as this variant */
        rc = keep(u, c, value, err);
    return rc;
}

cJSON *sc_table_build_untagged(const sc_table_untagged *u, const void *value, int depth)
{
    const sc_table_choice *c;
    if (depth > SC_MAX_DEPTH)
        return NULL; /* a cycle, or deeper than any document we accept */
    if ((c = choice_of(u, value)) == NULL)
        return NULL; /* not a value of the enum member */
    if (c->member == NULL)
        return cJSON_CreateNull();
    if (c->read_back && c->member->array == NULL && c->member->value.kind == SC_TABLE_FLOAT) {
        double form; /* a number that reads back as this variant (validate found one) */
        return float_form(u, c, value, &form) == 0 ? cJSON_CreateNumber(form) : NULL;
    }
    return sc_table_member_tree((const char *)value, c->member, depth);
}
