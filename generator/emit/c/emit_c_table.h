/* schemac generator: the descriptors of --optimize=size (emit_c_table.c),
 * which libschemac's table walker reads (include/schemac/table.h). */
#ifndef SCHEMAC_GENERATOR_EMIT_C_TABLE_H
#define SCHEMAC_GENERATOR_EMIT_C_TABLE_H

#include <stdbool.h>

#include "emit/c/emit_c_internal.h"

/* Whether s is read, checked and built through a descriptor in that mode: a plain struct
 * (not a union or a union's variant) without map members or arrays of
 * arrays, which keep their generated readers for now. */
bool table_reads(const struct_def *s);
/* s's descriptor, its sc_gen_read_T, sc_gen_check_T and sc_gen_build_T
 * (calls into sc_table_read, sc_table_check and sc_table_build), with the small adapters the
 * descriptor points to; emit_member_checks writes the members' checks
 * before. */
void emit_table_struct(strbuf *sb, const struct_def *s);
/* Forgets the adapters emitted so far: called before and after each
 * source file, as they are shared within one. */
void emit_table_reset(void);

#endif /* SCHEMAC_GENERATOR_EMIT_C_TABLE_H */
