/* schemac runtime: what the descriptor walkers (table_read.c,
 * table_check.c, table_write.c) share; not part of the public API. */
#ifndef SCHEMAC_TABLE_INTERNAL_H
#define SCHEMAC_TABLE_INTERNAL_H

#include "schemac/table.h"

/* A string's rules on text whose length (len bytes, chars code points)
 * is known: the decoder's check as it reads (full false). */
int sc_table_check_text(const sc_table_value *v, const sc_table_rule *rules, size_t n, const char *text, size_t len,
                        size_t chars, sc_error *err);

/* The string text (NULL: a type error) against n rules: within the limits
 * and valid UTF-8 when full, then its keywords. */
int sc_table_check_string(const sc_table_value *v, const sc_table_rule *rules, size_t n, const char *text,
                          sc_error *err, bool full);

/* A number's rules on the double the document held (a float's). */
int sc_table_check_number(const sc_table_value *v, double number, sc_error *err, bool full);

/* The rules of the bool, integer, number or enumerator at p. */
int sc_table_check_scalar(const sc_table_value *v, const void *p, sc_error *err, bool full);

/* An array's or map's own keywords and (full) its items, as the default
 * mode's check of the member: v is the struct. */
int sc_table_check_sequence(const sc_table_member *m, const char *v, sc_error *err, bool full, int depth);

#endif /* SCHEMAC_TABLE_INTERNAL_H */
