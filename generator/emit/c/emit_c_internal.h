/* schemac generator: what the C emitter's files share (not for other
 * emitters). emit_c.c assembles the header and source; each concern of the
 * generated code has its own file:
 *   emit_c_read.c   read_*: JSON text into a struct, through the reader
 *   emit_c_check.c  check_*: every constraint of a value
 *   emit_c_build.c  build_*: a struct into a cJSON tree
 *   emit_c_tool.c   the @tool descriptors, invoke and null dropping
 *   emit_c_util.c   lines, literals, numbers, what needs checking */
#ifndef SCHEMAC_GENERATOR_EMIT_C_INTERNAL_H
#define SCHEMAC_GENERATOR_EMIT_C_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "emit/c/emit_c.h"
#include "model/generated.h" /* GENERATED_PREFIX, needs_check, ... */
#include "model/model.h"
#include "util/strbuf.h"

/* ---- emit_c_util.c ---- */

void put_indent(strbuf *sb, int level);
/* One line at an indentation level. */
void emit_line(strbuf *sb, int level, const char *fmt, ...) GEN_PRINTF(3, 4);
/* A C string literal for s (with the quotes), or for a text too long for
 * one (ISO C's 4095 characters) the name of a static character array that
 * holds it, which emit_long_texts writes; malloc'd. */
char *c_literal(const char *s);
/* The arrays of the long texts c_literal named since the last call, to
 * stand ahead of the functions that use them. */
void emit_long_texts(strbuf *sb);
/* c_type past a leading "const ", for "const %s *": the items of `const
 * char **tags` are checked as those of `char **tags` (no "const const"). */
const char *without_const(const char *c_type);
/* "const T *" for items of C type T, the type of a check function's
 * items_ and of every cast to it (T's own leading const written once);
 * malloc'd. */
char *const_items_type(const char *c_type);
/* Text safe inside a C comment: no terminator, one line; malloc'd. */
char *comment_text(const char *s);
/* &lvalue, minus the &* of a pointer member's "*out->x" or "(*v->x)". */
char *address_of(const char *lvalue);
/* A message as a printf format literal (quoted, % doubled); malloc'd. A
 * long one is `"%s", ARRAY`: it stands last in an argument list. */
char *c_format_literal(const char *message);
/* Whether identifier name occurs in C text as a variable: outside comments
 * and string and character literals, and not as a member (v->name). */
bool c_uses_identifier(const char *text, const char *name);
/* Ends a function: `(void)p;` for each of params (NULL-terminated) that
 * body does not use, then body and the closing brace. Frees body. */
void emit_body(strbuf *sb, strbuf *body, const char *const *params);
/* A double as a C literal that reads back exactly. */
void put_double(strbuf *sb, double v);
/* A number for a message: 100 rather than 1e+02; malloc'd. */
char *double_text(double v);
void put_i64(strbuf *sb, int64_t v);
/* `[static ]const char NAME[] = "text";` (a character list when long). */
void emit_text_constant(strbuf *sb, bool is_static, const char *name, const char *text);
void emit_schema_constant(strbuf *sb, schema_texts *schemas, const struct_def *s);

/* A struct with public functions (tagged @schema or @tool). */
bool is_root(const struct_def *s);
bool read_needs_check(const node *n);

/* "a, b, c": the JSON names of an enum's values; malloc'd. */
char *enum_choices(const enum_def *e);
/* The enumerator called json_name (check.c made sure there is one). */
const char *enum_c_name(const enum_def *e, const char *json_name);
/* Emits `switch (len) { case N: if (memcmp(...) == 0) ACTION; ... }` over
 * the names, grouped by length. action(i) is the statement for name i. */
typedef void (*match_action)(strbuf *sb, int level, size_t index, const void *ctx);
void emit_name_switch(strbuf *sb, int level, const char *ptr, const char *len, const char *const *names,
                      size_t n, match_action action, const void *ctx);

/* ---- one file each ---- */

void emit_enum_read(strbuf *sb, const enum_def *e);
void emit_struct_read(strbuf *sb, const struct_def *s);
void emit_union_read(strbuf *sb, const struct_def *s);
void emit_untagged_read(strbuf *sb, const struct_def *s);
/* What an untagged union's value must be when no variant reads its JSON
 * type ("null, an integer or a string"); malloc'd. */
char *untagged_expected(const struct_def *s);

void emit_enum_check(strbuf *sb, const enum_def *e);
void emit_struct_check(strbuf *sb, const struct_def *s);
/* The name of the matcher function of n's pattern, emitted into sb at its
 * first use in this source (fn names it), shared by every later one. */
const char *pattern_matcher(strbuf *sb, const node *n, const char *fn);
/* The bounds of an untagged union's number variants up to variant i, as
 * a C initializer list (count of them): where sc_float_forms seeks the
 * forms of a float variant read back. malloc'd. */
char *float_marks(const struct_def *s, size_t i, size_t *count);
/* The sc_unique_kind that compares items like these (uniqueItems). */
const char *unique_kind(const node *items);
/* The least JSON text of an object of s, its members' values aside: the
 * braces, and the names, colons and commas of the members it always has
 * (what validate counts against max_input at each struct, in both modes). */
size_t struct_min_text(const struct_def *s);
/* Forgets the pattern matchers emitted so far: called before and after
 * each source file, as matchers are shared within one. */
void emit_check_reset(void);
void emit_union_check(strbuf *sb, const struct_def *s);
void emit_untagged_check(strbuf *sb, const struct_def *s);

void emit_enum_build(strbuf *sb, const enum_def *e);
void emit_struct_build(strbuf *sb, const struct_def *s);
void emit_union_build(strbuf *sb, const struct_def *s);
void emit_untagged_build(strbuf *sb, const struct_def *s);

/* The @output struct of a tool, when the header tags it @schema (so it has
 * a public validate and to_cjson); NULL otherwise. */
const struct_def *tool_output(const model *m, const struct_def *s);
bool is_tool(const struct_def *s);
void emit_tool_declarations(strbuf *sb, const model *m, const struct_def *s);
/* @prompt / @resource: the name or URI template and the arguments'
 * decoder for sc_mcp_prompt / sc_mcp_resource (schemac/mcp.h). */
void emit_mcp_arguments_declarations(strbuf *sb, const struct_def *s);
void emit_mcp_arguments(strbuf *sb, const struct_def *s);
void emit_drop_nulls(strbuf *sb, const model *m);
void emit_tool(strbuf *sb, const model *m, const c_names *names, size_t index);

#endif /* SCHEMAC_GENERATOR_EMIT_C_INTERNAL_H */
