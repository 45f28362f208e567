/* schemac runtime: what the descriptor walkers (table_read.c,
 * table_check.c, table_write.c) share; not part of the public API. */
#ifndef SCHEMAC_TABLE_INTERNAL_H
#define SCHEMAC_TABLE_INTERNAL_H

#include <string.h>

#include "reader_internal.h"
#include "schemac/table.h"

/* The descriptor of a struct value: its own, or (written later in the
 * generated file) the one its tables function gives. */
static inline const sc_table_struct *sc_table_struct_of(const sc_table_value *v)
{
    return v->table != NULL ? v->table : v->tables(v->table_index);
}

/* The pointer stored at p (any alignment). */
static inline const void *sc_table_pointer_at(const void *p)
{
    const void *q;
    memcpy(&q, p, sizeof q);
    return q;
}

/* An integer of size bytes at p (1, 2, 4 or 8), sign-extended when
 * is_signed: each width through its own type, for any endianness. */
static inline uint64_t sc_table_load_int(const void *p, size_t size, bool is_signed)
{
    switch (size) {
    case 1: {
        uint8_t u;
        memcpy(&u, p, 1);
        return is_signed ? (uint64_t)(int64_t)(int8_t)u : u;
    }
    case 2: {
        uint16_t u;
        memcpy(&u, p, 2);
        return is_signed ? (uint64_t)(int64_t)(int16_t)u : u;
    }
    case 4: {
        uint32_t u;
        memcpy(&u, p, 4);
        return is_signed ? (uint64_t)(int64_t)(int32_t)u : u;
    }
    default: {
        uint64_t u;
        memcpy(&u, p, 8);
        return u;
    }
    }
}

/* Whether the integer bits (loaded from size bytes) is value in that
 * width: an enum's type may be unsigned, its enumerators are int64_t. */
static inline bool sc_table_same_int(uint64_t bits, size_t size, int64_t value)
{
    uint64_t mask = size >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * size)) - 1;
    return (bits & mask) == ((uint64_t)value & mask);
}

/* The count member of an array or map member of the struct at v, of any
 * width and signedness (an unsigned 64-bit one beyond INT64_MAX reads as
 * negative). */
static inline int64_t sc_table_count_at(const char *v, const sc_table_array *a)
{
    return (int64_t)sc_table_load_int(v + a->count_offset, a->count_size, a->count_signed);
}

/* v into the integer of size bytes at p, truncated as a C cast would. */
static inline void sc_table_store_int(void *p, size_t size, int64_t v)
{
    switch (size) {
    case 1: {
        int8_t x = (int8_t)v;
        memcpy(p, &x, 1);
        break;
    }
    case 2: {
        int16_t x = (int16_t)v;
        memcpy(p, &x, 2);
        break;
    }
    case 4: {
        int32_t x = (int32_t)v;
        memcpy(p, &x, 4);
        break;
    }
    default:
        memcpy(p, &v, sizeof v);
        break;
    }
}

/* Reads the object at r into out through t, with a seen flag per member
 * of its own (on the stack, or in the arena for a large struct). */
int sc_table_read_struct(sc_reader *r, const sc_table_struct *t, void *out);
/* Checks the T at v through its descriptor. full: also what a decode
 * guarantees (a value built in C); seen: the members a decode found, or
 * NULL; depth: the struct's nesting. */
int sc_table_check(const sc_table_struct *t, const void *v, sc_error *err, bool full,
                   const bool *seen, int depth);

/* A member's value read from r into the struct at out (table_read.c). */
int sc_table_read_member(sc_reader *r, const sc_table_member *m, char *out);
/* The check of the value at p (for a string or cJSON member, at the
 * pointer), a struct's one level deeper (table_check.c). */
int sc_table_check_value(const sc_table_value *t, const void *p, sc_error *err, bool full,
                         int depth);
/* The tree of member m of the struct at v: its value, array or map
 * (table_write.c); NULL when memory runs out. */
cJSON *sc_table_member_tree(const char *v, const sc_table_member *m, int depth);

/* An untagged union (table_untagged.c): what sc_table_read_struct (size bytes
 * at out), sc_table_check and sc_table_build do for one. */
int sc_table_read_untagged(sc_reader *r, const sc_table_untagged *u, void *out, size_t size);
int sc_table_check_untagged(const sc_table_untagged *u, const void *value, sc_error *err, bool full,
                            int depth);
cJSON *sc_table_build_untagged(const sc_table_untagged *u, const void *value, int depth);

/* A tagged union through its variants (table_union.c): what
 * sc_table_read_struct, sc_table_check and sc_table_build do for one. */
int sc_table_read_union(sc_reader *r, const sc_table_union *u, void *out);
int sc_table_check_union(const sc_table_union *u, const void *value, sc_error *err, bool full,
                         const bool *seen, int depth);
cJSON *sc_table_build_union(const sc_table_union *u, const void *value, int depth);

/* SC_CALL_NULL_IS_ABSENT (table_nulls.c): deletes from value, a T's
 * tree, the nulls of members that may be absent and are not @nullable,
 * in nested structs, arrays and maps of them and union variants too. */
void sc_table_drop_nulls(const sc_table_struct *t, cJSON *value, int depth);

/* The index of the name s in e, or e->count for none. */
size_t sc_table_enum_index(const sc_table_enum *e, const sc_string *s);
/* The "enum" error for the value at offset at that names none of e. */
int sc_table_enum_fail(sc_reader *r, const sc_table_enum *e, size_t at);

/* An enum's value (size bytes at p) read from r: its JSON name. The
 * string read inline, the lookup a call that saves no registers. */
SC_INLINE int sc_table_read_enum(sc_reader *r, const sc_table_enum *e, void *p, size_t size)
{
    sc_string s;
    size_t at = sc_reader_offset(r), i;
    int rc = sc_read_string_inline(r, &s);
    if (rc != 0)
        return rc;
    if ((i = sc_table_enum_index(e, &s)) == e->count)
        return sc_table_enum_fail(r, e, at);
    sc_table_store_int(p, size, e->values[i]);
    return 0;
}

/* The JSON name of the enum value at p, NULL for a value outside e. */
const char *sc_table_enum_name(const sc_table_enum *e, const void *p, size_t size);
/* An "enum" error for a value outside e. */
int sc_table_check_enum(const sc_table_enum *e, const void *p, size_t size, sc_error *err);

/* A string's rules on text whose length (len bytes, chars code points)
 * is known: the decoder's check as it reads (full false). */
int sc_table_check_text(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                        const char *text, size_t len, size_t chars, sc_error *err);

/* The string text (NULL: a type error) against n rules: within the limits
 * and valid UTF-8 when full, then its keywords. */
int sc_table_check_string(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                          const char *text, sc_error *err, bool full);

/* A number r just read (from offset at, white space before it allowed):
 * its n rules on the double the document held (a float's), multipleOf on
 * its text; the error in r's. */
int sc_table_check_number(const sc_table_value *v, const sc_table_rule *rules, size_t n,
                          double number, const sc_reader *r, size_t at, bool full);

/* How many of v's first rules a decoded x (a number, an integer as a
 * double, a string's code point count) passes without running them: the
 * fused ones when x is within their range. */
static inline size_t sc_table_passed(const sc_table_value *v, double x)
{
    return x >= v->lo && x <= v->hi ? v->fused : 0;
}

/* The rules of the bool, integer, number or enumerator at p. */
int sc_table_check_scalar(const sc_table_value *v, const void *p, sc_error *err, bool full);

/* An array's or map's own keywords and (full) its items, as the default
 * mode's check of the member: v is the struct. */
int sc_table_check_sequence(const sc_table_member *m, const char *v, sc_error *err, bool full,
                            int depth);

#endif /* SCHEMAC_TABLE_INTERNAL_H */
