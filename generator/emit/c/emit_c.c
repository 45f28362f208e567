/* schemac generator: the C header and source of a model, assembled from
 * the concerns in emit_c_*.c (see emit_c_internal.h).
 *
 * The generated code is meant to be read and stepped through: one static
 * function per struct and per job (read, check, build), straight-line calls
 * into libschemac, the member's JSON name in a comment at every case. */
#include "emit/c/emit_c_internal.h"
#include "emit/c/emit_c_table.h"

#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/table.h"

/* "int T_decode(sc_arena *arena_, ...)": the head of public function pf
 * of T (C type t), as the header declares it and the source defines it. */
static void put_public_head(strbuf *sb, const public_function *pf, const char *n, const char *t)
{
    sb_printf(sb, "%s%s%s(", pf->returns, n, pf->suffix);
    for (const char *p = pf->params; *p; p++) {
        if (*p == '@')
            sb_puts(sb, t);
        else
            sb_putc(sb, *p);
    }
    sb_putc(sb, ')');
}

/* The definition's head of T's public function suffix, and its brace. */
static void open_public(strbuf *sb, const char *suffix, const char *n, const char *t)
{
    put_public_head(sb, public_function_of(suffix), n, t);
    sb_puts(sb, "\n{\n");
}

/* T's public functions, in the order the default mode's source defines
 * them: the entry point each calls and its arguments after the type,
 * `sc_ENTRY(&T_descriptor, ARGS)` of schemac/type.h in size mode (inline in
 * the header) and, in the default mode, `sc_ENTRY_with(ARGS, fns)` with
 * T's functions behind void pointers (the any_ adapters), the from_cjson
 * forms through T_decode (sc_decode_cjson) and the plain ones through
 * their _ex form. */
typedef enum { CALL_READ, CALL_CHECK, CALL_CHECK_BUILD, CALL_FROM_CJSON, CALL_NO_REASON } call_kind;
static const struct {
    const char *suffix, *entry, *args;
    call_kind kind;
} public_calls[] = {
    {"_decode", "decode", "arena_, json_, len_, out_, err_", CALL_READ},
    {"_decode_all", "decode_all", "arena_, json_, len_, out_, errs_", CALL_READ},
    {"_from_cjson", "from_cjson", "arena_, node_, out_, err_", CALL_FROM_CJSON},
    {"_from_cjson_all", "from_cjson_all", "arena_, node_, out_, errs_", CALL_FROM_CJSON},
    {"_validate_within", "validate", "value_, limits_, err_", CALL_CHECK},
    {"_validate", "validate", "value_, NULL, err_", CALL_CHECK},
    {"_validate_all_within", "validate_all", "value_, limits_, errs_", CALL_CHECK},
    {"_validate_all", "validate_all", "value_, NULL, errs_", CALL_CHECK},
    {"_to_cjson_within", "to_cjson", "value_, limits_, err_", CALL_CHECK_BUILD},
    {"_to_cjson_ex", "to_cjson", "value_, NULL, err_", CALL_CHECK_BUILD},
    {"_to_cjson", "to_cjson", "value_, NULL, NULL", CALL_NO_REASON},
    {"_encode_within", "encode", "value_, limits_, err_", CALL_CHECK_BUILD},
    {"_encode_ex", "encode", "value_, NULL, err_", CALL_CHECK_BUILD},
    {"_encode", "encode", "value_, NULL, NULL", CALL_NO_REASON},
};

/* The decode-text adapters of T, behind void pointers: T_from_cjson's in
 * the default mode, and the arguments of a tool, prompt or resource
 * template (sc_tool_decode_args: every error). */
static void emit_decode_text(strbuf *sb, const struct_def *s, bool table)
{
    const char *n = s->name, *t = s->c_type;
    char *descriptor = table ? emit_table_name(s) : NULL;
    for (int all = 0; all <= 1; all++) {
        sb_printf(sb, "static int sc_gen_decode%s_text_%s(sc_arena *arena_, const char *json_, size_t len_, void *out_, "
                      "%s)\n{\n", all ? "_all" : "", n, all ? "sc_errors *errs_" : "sc_error *err_");
        if (table)
            emit_line(sb, 1, "return sc_decode%s(&%s, arena_, json_, len_, out_, %s);", all ? "_all" : "", descriptor,
                      all ? "errs_" : "err_");
        else
            emit_line(sb, 1, "return %s_decode%s(arena_, json_, len_, (%s *)out_, %s);", n, all ? "_all" : "", t,
                      all ? "errs_" : "err_");
        sb_puts(sb, "}\n\n");
    }
    free(descriptor);
}

/* T's public functions in the default mode: one call each into
 * libschemac's entry points (runtime/core/entry.c). In size mode they are
 * the header's (emit_inline_public): the source keeps the adapters a
 * tool, prompt or resource template needs. */
static void emit_public(strbuf *sb, const struct_def *s, bool table, schema_texts *schemas)
{
    const char *t = s->c_type, *n = s->name;
    if (table) {
        if (is_tool(s) || s->prompt_name != NULL || s->resource_uri != NULL)
            emit_decode_text(sb, s, true);
        emit_schema_constant(sb, schemas, s);
        return;
    }
    sb_printf(sb, "static int sc_gen_any_read_%s(sc_reader *r_, void *out_)\n{\n", n);
    emit_line(sb, 1, "return sc_gen_read_%s(r_, (%s *)out_);", n, t);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "static int sc_gen_any_check_%s(const void *value_, sc_error *err_)\n{\n", n);
    emit_line(sb, 1, "return sc_gen_check_%s((const %s *)value_, err_, true, NULL, 0);", n, t);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "static cJSON *sc_gen_any_build_%s(const void *value_)\n{\n", n);
    emit_line(sb, 1, "return sc_gen_build_%s((const %s *)value_, 0);", n, t);
    sb_puts(sb, "}\n\n");
    for (size_t i = 0; i < sizeof public_calls / sizeof *public_calls; i++) {
        const char *entry = public_calls[i].entry, *args = public_calls[i].args;
        bool all = strstr(entry, "_all") != NULL;
        if (strcmp(public_calls[i].suffix, "_from_cjson") == 0)
            emit_decode_text(sb, s, false);
        open_public(sb, public_calls[i].suffix, n, t);
        switch (public_calls[i].kind) {
        case CALL_READ:
            emit_line(sb, 1, "return sc_%s_with(%s, sc_gen_any_read_%s);", entry, args, n);
            break;
        case CALL_CHECK:
            emit_line(sb, 1, "return sc_%s_with(%s, sc_gen_any_check_%s);", entry, args, n);
            break;
        case CALL_CHECK_BUILD:
            emit_line(sb, 1, "return sc_%s_with(%s, sc_gen_any_check_%s, sc_gen_any_build_%s);", entry, args, n, n);
            break;
        case CALL_FROM_CJSON:
            emit_line(sb, 1, "return sc_decode_cjson%s(%s, sc_gen_decode%s_text_%s);", all ? "_all" : "", args,
                      all ? "_all" : "", n);
            break;
        case CALL_NO_REASON: /* the _ex form without a reason */
            emit_line(sb, 1, "return %s%s_ex(value_, NULL);", n, public_calls[i].suffix);
            break;
        }
        sb_puts(sb, "}\n\n");
    }
    emit_schema_constant(sb, schemas, s);
}

/* Size mode: T's descriptor and its public functions, static inline
 * calls of the generic functions of schemac/type.h with it, so that the
 * header's user compiles as against the default mode's. */
static void emit_inline_public(strbuf *sb, const struct_def *s)
{
    const char *n = s->name, *t = s->c_type;
    char *descriptor = emit_table_name(s);
    sb_puts(sb, "/* Its descriptor, which these pass to libschemac (schemac/type.h). */\n");
    sb_printf(sb, "extern const sc_type %s;\n", descriptor);
    for (size_t i = 0; i < public_function_count; i++) {
        const public_function *pf = &public_functions[i];
        size_t c = 0, ncalls = sizeof public_calls / sizeof *public_calls;
        while (c < ncalls && strcmp(public_calls[c].suffix, pf->suffix) != 0)
            c++;
        if (c == ncalls)
            abort(); /* a public function without its call in public_calls */
        if (pf->comment != NULL)
            sb_printf(sb, "/* %s */\n", pf->comment);
        sb_puts(sb, pf->nodiscard ? "SC_NODISCARD static inline " : "static inline ");
        put_public_head(sb, pf, n, t);
        sb_puts(sb, "\n{\n");
        emit_line(sb, 1, "return sc_%s(&%s, %s);", public_calls[c].entry, descriptor, public_calls[c].args);
        sb_puts(sb, "}\n");
    }
    free(descriptor);
}

static void emit_banner(strbuf *sb, const model *m, const char *file)
{
    const char *base = strrchr(m->header_path, '/');
    base = base != NULL ? base + 1 : m->header_path;
    char *shown = comment_text(base);
    sb_printf(sb, "/* %s: generated by schemac %s from %s. Do not edit: change %s and run\n"
                  " * schemac again. */\n",
              file, SCHEMAC_VERSION_STRING, shown, shown);
    free(shown);
}

char *emit_c_header(const model *m, const c_names *names)
{
    strbuf sb;
    sb_init(&sb);
    emit_banner(&sb, m, names->header_name);
    sb_printf(&sb, "#ifndef %s\n#define %s\n\n", names->guard, names->guard);
    sb_puts(&sb, "#include <stdbool.h>\n#include <stddef.h>\n\n#include <cJSON.h>\n#include <schemac/schemac.h>\n\n");
    sb_printf(&sb, "#include \"%s\"\n\n", names->include_header);
    sb_printf(&sb, "#if SCHEMAC_RUNTIME_ABI != %d\n", SCHEMAC_RUNTIME_ABI);
    sb_printf(&sb, "#error \"%s was generated by schemac %s for libschemac ABI %d: regenerate it with the "
                   "schemac that matches the installed libschemac\"\n#endif\n\n",
              names->header_name, SCHEMAC_VERSION_STRING, SCHEMAC_RUNTIME_ABI);
    sb_puts(&sb, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!is_root(s))
            continue;
        const char *t = s->c_type, *n = s->name;
        if (s->tool_name != NULL) {
            char *tool = comment_text(s->tool_name);
            sb_printf(&sb, "/* %s: input of the tool \"%s\". */\n", t, tool);
            free(tool);
        } else
            sb_printf(&sb, "/* %s */\n", t);
        if (names->optimize_size)
            emit_inline_public(&sb, s);
        else
            for (size_t i = 0; i < public_function_count; i++) {
                const public_function *pf = &public_functions[i];
                if (pf->comment != NULL)
                    sb_printf(&sb, "/* %s */\n", pf->comment);
                put_public_head(&sb, pf, n, t);
                sb_puts(&sb, pf->nodiscard ? " SC_NODISCARD;\n" : ";\n");
            }
        sb_printf(&sb, "extern const char %s_schema_json[];\n\n", n);
        if (is_tool(s))
            emit_tool_declarations(&sb, m, s);
        if (s->prompt_name != NULL || s->resource_uri != NULL)
            emit_mcp_arguments_declarations(&sb, s);
    }
    sb_puts(&sb, "#ifdef __cplusplus\n}\n#endif\n\n");
    sb_printf(&sb, "#endif /* %s */\n", names->guard);
    return sb_take(&sb);
}

/* A tagged union's variants share its C type: its size asserts them. */
static void emit_layout_asserts(strbuf *sb, const model *m)
{
    sb_puts(sb, "/* The structs must still be the ones this file was generated from. */\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        sb_printf(sb, "_Static_assert(sizeof(%s) == %llu, \"%s changed after schemac generated this "
                      "file: run schemac again\");\n", s->c_type, (unsigned long long)s->size, s->c_type);
        for (size_t j = 0; j < s->nfields; j++)
            sb_printf(sb, "_Static_assert(offsetof(%s, %s) == %llu, \"%s changed after schemac generated "
                          "this file: run schemac again\");\n",
                      s->c_type, s->fields[j].c_name, (unsigned long long)s->fields[j].offset, s->c_type);
    }
    sb_puts(sb, "\n");
}

static bool node_uses_enum(const node *n, const enum_def *e)
{
    if (n == NULL)
        return false;
    return n->enum_type == e || node_uses_enum(n->items, e) || node_uses_enum(n->map_key, e) ||
           node_uses_enum(n->map_value, e);
}

static bool struct_uses_enum(const struct_def *s, const enum_def *e)
{
    /* an untagged union's enum member is not JSON: its variant is */
    for (size_t i = s->untagged ? 1 : 0; i < s->nfields; i++)
        if (node_uses_enum(s->fields[i].type, e))
            return true;
    for (size_t v = 0; v < s->nvariants; v++)
        if (struct_uses_enum(s->variants[v], e))
            return true;
    return false;
}

/* Whether generated code reads, checks or builds e: not when e only says
 * which variant of untagged unions holds the value. */
static bool enum_is_json(const model *m, const enum_def *e)
{
    for (size_t i = 0; i < m->nstructs; i++)
        if (struct_uses_enum(m->structs[i], e))
            return true;
    return false;
}

/* Whether s is a tool's output, which the tool's invoke builds. */
static bool is_tool_output(const model *m, const struct_def *s)
{
    for (size_t i = 0; i < m->nstructs; i++)
        if (is_tool(m->structs[i]) && tool_output(m, m->structs[i]) == s)
            return true;
    return false;
}

static void emit_declarations(strbuf *sb, const struct_def *s)
{
    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_);\n", s->name, s->c_type);
    sb_printf(sb, "static int sc_gen_check_%s(const %s *v_, sc_error *err_, bool full_, const bool *seen_, int depth_);\n",
              s->name, s->c_type);
    sb_printf(sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_);\n", s->name, s->c_type);
}

char *emit_c_source(const model *m, const c_names *names)
{
    strbuf sb;
    sb_init(&sb);
    emit_check_reset();
    emit_table_reset();
    if (names->optimize_size)
        emit_table_plan(m);
    emit_banner(&sb, m, names->source_name);
    sb_printf(&sb, "#include \"%s\"\n\n", names->header_name);
    /* the runtime's plumbing (the reader and its helpers), which the
     * generated header's schemac/schemac.h leaves to generated sources */
    sb_puts(&sb, "#include <float.h>\n#include <stdint.h>\n#include <string.h>\n\n#include <schemac/support.h>\n\n");
    if (names->optimize_size) {
        sb_puts(&sb, "#include <schemac/table.h>\n\n");
        sb_printf(&sb, "#if SCHEMAC_TABLE_LAYOUT != %d\n", SCHEMAC_TABLE_LAYOUT);
        sb_printf(&sb, "#error \"%s was generated by schemac %s for the descriptors of libschemac's table.h "
                       "layout %d: regenerate it with the schemac that matches the installed libschemac\"\n#endif\n\n",
                  names->source_name, SCHEMAC_VERSION_STRING, SCHEMAC_TABLE_LAYOUT);
    }
    emit_layout_asserts(&sb, m);

    /* the functions go to their own buffer: the long texts they name must
     * stand before them */
    strbuf head = sb;
    sb_init(&sb);
    sb_puts(&sb, "/* ---- declarations ---- */\n\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (names->optimize_size) { /* descriptors: only a tool's output has a function */
            if (is_tool_output(m, s))
                sb_printf(&sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_);\n", s->name, s->c_type);
            continue;
        }
        for (size_t v = 0; v < s->nvariants && !s->untagged; v++)
            emit_declarations(&sb, s->variants[v]);
        emit_declarations(&sb, s);
    }
    sb_puts(&sb, "\n");

    for (size_t i = 0; i < m->nenums; i++) {
        if (!enum_is_json(m, m->enums[i]))
            continue;
        if (names->optimize_size) {
            emit_table_enum(&sb, m->enums[i]);
            continue;
        }
        emit_enum_read(&sb, m->enums[i]);
        emit_enum_check(&sb, m->enums[i]);
        emit_enum_build(&sb, m->enums[i]);
    }
    emit_drop_nulls(&sb, m);
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        for (size_t v = 0; v < s->nvariants && !s->untagged; v++) {
            const struct_def *variant = s->variants[v];
            char *tag = comment_text(s->fields[s->discriminator].json_name);
            char *value = comment_text(variant->variant_value->json_name);
            sb_printf(&sb, "/* ---- %s when %s is \"%s\" ---- */\n\n", s->c_type, tag, value);
            free(tag);
            free(value);
            if (names->optimize_size) {
                emit_table_struct(&sb, variant);
                continue;
            }
            emit_struct_check(&sb, variant);
            emit_struct_read(&sb, variant);
            emit_struct_build(&sb, variant);
        }
        sb_printf(&sb, "/* ---- %s ---- */\n\n", s->c_type);
        if (names->optimize_size) {
            if (s->untagged)
                emit_table_untagged(&sb, s);
            else if (s->nvariants > 0)
                emit_table_union(&sb, s);
            else
                emit_table_struct(&sb, s);
            if (is_tool_output(m, s))
                emit_table_build(&sb, s);
        } else if (s->untagged) {
            emit_untagged_check(&sb, s);
            emit_untagged_read(&sb, s);
            emit_untagged_build(&sb, s);
        } else if (s->nvariants > 0) {
            emit_union_read(&sb, s);
            emit_union_check(&sb, s);
            emit_union_build(&sb, s);
        } else {
            emit_struct_check(&sb, s);
            emit_struct_read(&sb, s);
            emit_struct_build(&sb, s);
        }
        if (is_root(s))
            emit_public(&sb, s, names->optimize_size, names->schemas);
        if (is_tool(s))
            emit_tool(&sb, m, names, i);
        if (s->prompt_name != NULL || s->resource_uri != NULL)
            emit_mcp_arguments(&sb, s);
    }
    emit_check_reset();
    emit_long_texts(&head);
    emit_table_forward(&head, &sb);
    emit_table_reset();
    /* the head moves in front of the functions, not the functions (13 MB
     * for 500 structs) after the head: copying them cost a second 13 MB of
     * fresh memory, and its page faults were more than the copy */
    sb_insert_front(&sb, head.data != NULL ? head.data : "", head.len);
    sb_free(&head);
    return sb_take(&sb);
}
