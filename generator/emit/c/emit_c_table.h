/* schemac generator: the descriptors (emit_c_table.c),
 * which libschemac's table walker reads (include/schemac/table.h). */
#ifndef SCHEMAC_GENERATOR_EMIT_C_TABLE_H
#define SCHEMAC_GENERATOR_EMIT_C_TABLE_H

#include "emit/c/emit_c_internal.h"

/* Notes the order in which emit_c.c writes m's structs' descriptors
 * (tagged unions' variants before them): a value of a struct type points
 * to the descriptor when it comes earlier in the file, through
 * sc_gen_tables otherwise. */
void emit_table_plan(const model *m);
/* sc_gen_tenum_E: enum e's descriptor, which values of e and a tagged
 * union's tag point to. */
void emit_table_enum(strbuf *sb, const enum_def *e);
/* s's descriptor and what it points to (the rules of its members'
 * keywords, array and map descriptors). */
void emit_table_struct(strbuf *sb, const struct_def *s);
/* A tagged union's descriptor (its variants' written before). */
void emit_table_union(strbuf *sb, const struct_def *s);
/* An untagged union's descriptor. */
void emit_table_untagged(strbuf *sb, const struct_def *s);
/* sc_gen_build_T, a call into sc_table_build: the tool whose output T is
 * builds its result with it (emit_c_tool.c), declared ahead as a function
 * can be and a descriptor cannot. */
void emit_table_build(strbuf *sb, const struct_def *s);
/* sc_gen_tables, when a value points to a descriptor written after it:
 * its declaration at the end of head, its definition at the end of sb. */
void emit_table_forward(strbuf *head, strbuf *sb);
/* The name of s's descriptor: sc_gen_table_T, static; a root's is public,
 * T_descriptor, the sc_type its header's inline functions pass to the
 * generic functions of schemac/type.h. Malloc'd. */
char *emit_table_name(const struct_def *s);
/* Forgets the plan: called before and after each source file. */
void emit_table_reset(void);

#endif /* SCHEMAC_GENERATOR_EMIT_C_TABLE_H */
