/* schemac runtime: enums through their descriptors (schemac
 * --optimize=size, include/schemac/table.h): what the default mode's
 * generated sc_gen_read_E, sc_gen_name_E and sc_gen_check_E do
 * (generator/emit/c/emit_c_read.c's emit_enum_read, emit_c_check.c's
 * emit_enum_check), with the same messages. */
#include "table_internal.h"

#include <string.h>

#include "schemac/support.h"

int sc_table_read_enum(sc_reader *r, const sc_table_enum *e, void *p, size_t size)
{
    sc_string s;
    size_t at = sc_reader_offset(r);
    int rc = sc_read_string(r, &s);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < e->count; i++) {
        if (e->names[i].len == s.len && memcmp(e->names[i].ptr, s.ptr, s.len) == 0) {
            sc_table_store_int(p, size, e->values[i]);
            return 0;
        }
    }
    sc_reader_fail(r, SC_ERR_CONSTRAINT, "enum", "must be one of: %s", e->choices);
    return sc_reader_place_error_at(r, at); /* at the value, not after it */
}

const char *sc_table_enum_name(const sc_table_enum *e, const void *p, size_t size)
{
    uint64_t bits = sc_table_load_int(p, size, false);
    for (size_t i = 0; i < e->count; i++)
        if (sc_table_same_int(bits, size, e->values[i]))
            return e->names[i].ptr;
    return NULL;
}

int sc_table_check_enum(const sc_table_enum *e, const void *p, size_t size, sc_error *err)
{
    if (sc_table_enum_name(e, p, size) == NULL)
        return sc_fail(err, SC_ERR_CONSTRAINT, "enum", "must be one of: %s", e->choices);
    return 0;
}
