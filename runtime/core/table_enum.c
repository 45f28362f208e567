/* schemac runtime: enums through their descriptors
 * (include/schemac/table.h): a name read, written and checked. */
#include "table_internal.h"

#include "support_internal.h"

size_t sc_table_enum_index(const sc_table_enum *e, const sc_string *s)
{
    size_t i = 0;
    while (i < e->count &&
           !(e->names[i].len == s->len && sc_same_bytes(e->names[i].ptr, s->ptr, s->len)))
        i++;
    return i;
}

int sc_table_enum_fail(sc_reader *r, const sc_table_enum *e, size_t at)
{
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
