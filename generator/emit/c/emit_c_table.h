/* schemac generator: the descriptors of --optimize=size (emit_c_table.c),
 * which libschemac's table walker reads (include/schemac/table.h). */
#ifndef SCHEMAC_GENERATOR_EMIT_C_TABLE_H
#define SCHEMAC_GENERATOR_EMIT_C_TABLE_H

#include <stdbool.h>

#include "emit/c/emit_c_internal.h"

/* Whether s is read, checked and built through a descriptor in that
 * mode: a struct or a tagged union's variant without arrays of arrays,
 * arrays or maps behind a pointer or stand-in members, or a tagged union
 * whose variants all are, or an untagged union whose variants' values
 * are such members and do not overlap (@acceptOverlap reads them back,
 * which stays generated). */
bool table_reads(const struct_def *s);
/* Notes which of m's structs are written as descriptors, in emit_c.c's
 * order: a value of a struct type points to the descriptor when it comes
 * earlier in the file, to the struct's functions otherwise. */
void emit_table_plan(const model *m);
/* Whether s is written as a descriptor (emit_table_plan). */
bool table_planned(const struct_def *s);
/* Whether s has generated sc_gen_read_T, sc_gen_check_T and
 * sc_gen_build_T: when other code than descriptors calls them (a union,
 * a struct without a descriptor, a tool's result, a descriptor written
 * before s's). Its public functions call the descriptor itself. */
bool table_struct_has_functions(const model *m, const struct_def *s);
/* s's descriptor, what it points to (the rules of its members' keywords,
 * enum descriptors, adapters) and, when functions, its sc_gen_read_T,
 * sc_gen_check_T and sc_gen_build_T (calls into sc_table_read,
 * sc_table_check and sc_table_build). */
void emit_table_struct(strbuf *sb, const struct_def *s, bool functions);
/* A tagged union's descriptor (its variants' written before), and when
 * functions, its sc_gen_read_T, sc_gen_check_T and sc_gen_build_T. */
void emit_table_union(strbuf *sb, const struct_def *s, bool functions);
/* An untagged union's descriptor, and when functions, its sc_gen_read_T,
 * sc_gen_check_T and sc_gen_build_T. */
void emit_table_untagged(strbuf *sb, const struct_def *s, bool functions);
/* sc_gen_tables, when a value points to a descriptor written after it:
 * its declaration at the end of head, its definition at the end of sb. */
void emit_table_forward(strbuf *head, strbuf *sb);
/* Forgets the plan and what was emitted: called before and after each
 * source file, as they are shared within one. */
void emit_table_reset(void);

#endif /* SCHEMAC_GENERATOR_EMIT_C_TABLE_H */
