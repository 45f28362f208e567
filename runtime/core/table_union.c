/* schemac runtime: tagged unions through their descriptors
 * (include/schemac/table.h): the tag, found ahead in the object, names the variant that reads the
 * whole object; errors say which variant they come from. */
#include "table_internal.h"

#include "support_internal.h"

/* The variant whose tag value is at p (the tag's width), or NULL. */
static const sc_table_variant *variant_of(const sc_table_union *u, const void *p)
{
    uint64_t bits = sc_table_load_int(p, u->tag_size, false);
    for (size_t i = 0; i < u->count; i++)
        if (sc_table_same_int(bits, u->tag_size, u->variants[i].value))
            return &u->variants[i];
    return NULL;
}

int sc_table_read_union(sc_reader *r, const sc_table_union *u, void *out)
{
    sc_reader probe = *r;
    int64_t which = 0; /* the tag as stored, in its own width */
    sc_next found = sc_find_member(&probe, u->tag);
    if (found == SC_NEXT_ERROR)
        return sc_reader_skip_failed(r); /* all-errors mode: listed, the value skipped */
    if (found == SC_NEXT_END) {
        sc_reader_fail(r, SC_ERR_REQUIRED, "required", "missing required property \"%s\"", u->tag);
        return sc_reader_skip_failed(r);
    }
    if (sc_table_read_enum(&probe, u->tag_enum, &which, u->tag_size) != 0) {
        sc_error_push_key(sc_reader_error(r), u->tag);
        return sc_reader_skip_failed(r);
    }
    const sc_table_variant *v = variant_of(u, &which);
    if (v == NULL) /* not reached: every value of the tag has a variant */
        return sc_reader_fail(r, SC_ERR_REQUIRED, "required", "missing required property \"%s\"",
                              u->tag);
    int rc = sc_table_read_struct(r, v->table, out);
    if (rc != 0)
        sc_reader_note(r, "when %s is \"%s\"", u->tag, v->name);
    return rc;
}

int sc_table_check_union(const sc_table_union *u, const void *value, sc_error *err, bool full,
                         const bool *seen, int depth)
{
    const char *tag = (const char *)value + u->tag_offset;
    const sc_table_variant *v = variant_of(u, tag);
    if (v == NULL) {
        (void)sc_table_check_enum(u->tag_enum, tag, u->tag_size, err);
        return sc_error_push_key(err, u->tag);
    }
    int rc = sc_table_check(v->table, value, err, full, seen, depth);
    if (rc != 0)
        sc_error_note(err, "when %s is \"%s\"", u->tag, v->name);
    return rc;
}

cJSON *sc_table_build_union(const sc_table_union *u, const void *value, int depth)
{
    const sc_table_variant *v = variant_of(u, (const char *)value + u->tag_offset);
    return v != NULL ? sc_table_build(v->table, value, depth)
                     : NULL; /* NULL: not a value of the tag */
}
