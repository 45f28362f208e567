/* schemac generator: what the C emitter's files share (not for other
 * emitters). emit_c.c assembles the header and source; each concern of the
 * generated code has its own file:
 *   emit_c_table.c  the descriptors of structs, enums and unions
 *   emit_c_tool.c   the @tool descriptors and invoke
 *   emit_c_util.c   lines, literals, numbers */
#ifndef SCHEMAC_GENERATOR_EMIT_C_INTERNAL_H
#define SCHEMAC_GENERATOR_EMIT_C_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "emit/c/emit_c.h"
#include "model/generated.h" /* GENERATED_PREFIX, needs_check, value_has_rules, ... */
#include "model/model.h"
#include "util/strbuf.h"

/* ---- emit_c_util.c ---- */

/* One line at an indentation level. */
void emit_line(strbuf *sb, int level, const char *fmt, ...) GEN_PRINTF(3, 4);
/* A C string literal for s (with the quotes), or for a text too long for
 * one (ISO C's 4095 characters) the name of a static character array that
 * holds it, which emit_long_texts writes; malloc'd. */
char *c_literal(const char *s);
/* The arrays of the long texts c_literal named since the last call, to
 * stand ahead of the functions that use them. */
void emit_long_texts(strbuf *sb);
/* Text safe inside a C comment: no terminator, one line; malloc'd. */
char *comment_text(const char *s);
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

/* "a, b, c": the JSON names of an enum's values; malloc'd. */
char *enum_choices(const enum_def *e);
/* The enumerator called json_name (check.c made sure there is one). */
const char *enum_c_name(const enum_def *e, const char *json_name);

/* ---- emit_c_tool.c ---- */

/* The @output struct of a tool, when the header tags it @schema (so it has
 * a public validate and to_cjson); NULL otherwise. */
const struct_def *tool_output(const model *m, const struct_def *s);
bool is_tool(const struct_def *s);
void emit_tool_declarations(strbuf *sb, const model *m, const struct_def *s);
/* @prompt / @resource: the name or URI template and the arguments'
 * decoder for sc_mcp_prompt / sc_mcp_resource (schemac/mcp.h). */
void emit_mcp_arguments_declarations(strbuf *sb, const struct_def *s);
void emit_mcp_arguments(strbuf *sb, const struct_def *s);
void emit_tool(strbuf *sb, const model *m, const c_names *names, size_t index);

#endif /* SCHEMAC_GENERATOR_EMIT_C_INTERNAL_H */
