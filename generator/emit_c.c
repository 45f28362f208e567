/* schemac generator: the C header and source of a model, assembled from
 * the concerns in emit_c_*.c (see emit_c_internal.h).
 *
 * The generated code is meant to be read and stepped through: one static
 * function per struct and per job (read, check, build), straight-line calls
 * into libschemac, the member's JSON name in a comment at every case. */
#include "emit_c_internal.h"

#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"

static void emit_public(strbuf *sb, const struct_def *s)
{
    const char *t = s->c_type, *n = s->name;
    sb_printf(sb, "int %s_decode(sc_arena *arena_, const char *json_, size_t len_, %s *out_, sc_error *err_)\n{\n",
              n, t);
    emit_line(sb, 1, "sc_reader r_;");
    emit_line(sb, 1, "sc_error local_;");
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "if (err_ == NULL)");
    emit_line(sb, 2, "err_ = &local_;");
    emit_line(sb, 1, "sc_error_clear(err_);");
    emit_line(sb, 1, "if (arena_ == NULL || out_ == NULL || (json_ == NULL && len_ > 0))");
    emit_line(sb, 2, "return sc_fail(err_, SC_ERR_ARGUMENT, NULL, \"arena and out must not be NULL\");");
    emit_line(sb, 1, "sc_reader_init(&r_, json_, len_, arena_, err_);");
    emit_line(sb, 1, "rc_ = read_%s(&r_, out_);", n);
    emit_line(sb, 1, "if (rc_ == 0)");
    emit_line(sb, 2, "rc_ = sc_reader_finish(&r_);");
    emit_line(sb, 1, "return rc_;");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "int %s_decode_all(sc_arena *arena_, const char *json_, size_t len_, %s *out_, sc_errors *errs_)\n{\n",
              n, t);
    emit_line(sb, 1, "sc_reader r_;");
    emit_line(sb, 1, "sc_error scratch_;");
    emit_line(sb, 1, "if (errs_ == NULL)");
    emit_line(sb, 2, "return SC_ERR_ARGUMENT;");
    emit_line(sb, 1, "if (arena_ == NULL || out_ == NULL || (json_ == NULL && len_ > 0)) {");
    emit_line(sb, 2, "sc_errors_begin(errs_, &scratch_);");
    emit_line(sb, 2, "sc_fail(&scratch_, SC_ERR_ARGUMENT, NULL, \"arena and out must not be NULL\");");
    emit_line(sb, 2, "return sc_errors_end(errs_, &scratch_);");
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "sc_reader_init(&r_, json_, len_, arena_, &scratch_);");
    emit_line(sb, 1, "sc_reader_collect(&r_, errs_);");
    emit_line(sb, 1, "return sc_reader_finish_all(&r_, read_%s(&r_, out_));", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static int decode_%s_text(sc_arena *arena_, const char *json_, size_t len_, void *out_, "
                  "sc_error *err_)\n{\n", n);
    emit_line(sb, 1, "return %s_decode(arena_, json_, len_, (%s *)out_, err_);", n, t);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "static int decode_all_%s_text(sc_arena *arena_, const char *json_, size_t len_, void *out_, "
                  "sc_errors *errs_)\n{\n", n);
    emit_line(sb, 1, "return %s_decode_all(arena_, json_, len_, (%s *)out_, errs_);", n, t);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "int %s_from_cjson(sc_arena *arena_, const cJSON *node_, %s *out_, sc_error *err_)\n{\n", n, t);
    emit_line(sb, 1, "return sc_decode_cjson(arena_, node_, out_, err_, decode_%s_text);", n);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "int %s_from_cjson_all(sc_arena *arena_, const cJSON *node_, %s *out_, sc_errors *errs_)\n{\n",
              n, t);
    emit_line(sb, 1, "return sc_decode_cjson_all(arena_, node_, out_, errs_, decode_all_%s_text);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "int %s_validate(const %s *value_, sc_error *err_)\n{\n", n, t);
    emit_line(sb, 1, "sc_error local_;");
    emit_line(sb, 1, "if (err_ == NULL)");
    emit_line(sb, 2, "err_ = &local_;");
    emit_line(sb, 1, "sc_error_clear(err_);");
    emit_line(sb, 1, "if (value_ == NULL)");
    emit_line(sb, 2, "return sc_fail(err_, SC_ERR_ARGUMENT, NULL, \"no value given\");");
    emit_line(sb, 1, "return check_%s(value_, err_, true, NULL, 0);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "int %s_validate_all(const %s *value_, sc_errors *errs_)\n{\n", n, t);
    emit_line(sb, 1, "sc_error scratch_;");
    emit_line(sb, 1, "if (errs_ == NULL)");
    emit_line(sb, 2, "return SC_ERR_ARGUMENT;");
    emit_line(sb, 1, "sc_errors_begin(errs_, &scratch_);");
    emit_line(sb, 1, "if (value_ == NULL)");
    emit_line(sb, 2, "sc_fail(&scratch_, SC_ERR_ARGUMENT, NULL, \"no value given\");");
    emit_line(sb, 1, "else");
    emit_line(sb, 2, "(void)check_%s(value_, &scratch_, true, NULL, 0);", n);
    emit_line(sb, 1, "return sc_errors_end(errs_, &scratch_);");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "cJSON *%s_to_cjson_ex(const %s *value_, sc_error *err_)\n{\n", n, t);
    emit_line(sb, 1, "cJSON *tree_;");
    emit_line(sb, 1, "/* a value validate rejects may hold counts and pointers unsafe to follow */");
    emit_line(sb, 1, "if (%s_validate(value_, err_) != 0)", n);
    emit_line(sb, 2, "return NULL;");
    emit_line(sb, 1, "if ((tree_ = build_%s(value_, 0)) == NULL)", n);
    emit_line(sb, 2, "sc_fail(err_, SC_ERR_NOMEM, NULL, \"out of memory\");");
    emit_line(sb, 1, "return tree_;");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "cJSON *%s_to_cjson(const %s *value_)\n{\n", n, t);
    emit_line(sb, 1, "return %s_to_cjson_ex(value_, NULL);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "char *%s_encode_ex(const %s *value_, sc_error *err_)\n{\n", n, t);
    emit_line(sb, 1, "cJSON *tree_ = %s_to_cjson_ex(value_, err_);", n);
    emit_line(sb, 1, "char *text_ = NULL;");
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "if (tree_ == NULL)");
    emit_line(sb, 2, "return NULL;");
    emit_line(sb, 1, "if ((rc_ = sc_print_json(tree_, &text_)) != 0) {");
    emit_line(sb, 2, "sc_fail(err_, rc_, NULL, \"%%s\", sc_strerror(rc_));");
    emit_line(sb, 2, "text_ = NULL;");
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "cJSON_Delete(tree_);");
    emit_line(sb, 1, "return text_;");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "char *%s_encode(const %s *value_)\n{\n", n, t);
    emit_line(sb, 1, "return %s_encode_ex(value_, NULL);", n);
    sb_puts(sb, "}\n\n");

    emit_schema_constant(sb, s);
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
        sb_printf(&sb, "int %s_decode(sc_arena *arena_, const char *json_, size_t len_, %s *out_, sc_error *err_) "
                       "SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "int %s_from_cjson(sc_arena *arena_, const cJSON *node_, %s *out_, sc_error *err_) "
                       "SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "int %s_validate(const %s *value_, sc_error *err_) SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "cJSON *%s_to_cjson(const %s *value_);\n", n, t);
        sb_printf(&sb, "char *%s_encode(const %s *value_);\n", n, t);
        sb_printf(&sb, "/* All errors at once, up to errs->max (docs/generated-api.md); encoding that says why it failed. */\n");
        sb_printf(&sb, "int %s_decode_all(sc_arena *arena_, const char *json_, size_t len_, %s *out_, sc_errors *errs_) "
                       "SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "int %s_from_cjson_all(sc_arena *arena_, const cJSON *node_, %s *out_, sc_errors *errs_) "
                       "SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "int %s_validate_all(const %s *value_, sc_errors *errs_) SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "cJSON *%s_to_cjson_ex(const %s *value_, sc_error *err_);\n", n, t);
        sb_printf(&sb, "char *%s_encode_ex(const %s *value_, sc_error *err_);\n", n, t);
        sb_printf(&sb, "extern const char %s_schema_json[];\n\n", n);
        if (is_tool(s))
            emit_tool_declarations(&sb, m, s);
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

static void emit_declarations(strbuf *sb, const struct_def *s)
{
    sb_printf(sb, "static int read_%s(sc_reader *r_, %s *out_);\n", s->name, s->c_type);
    sb_printf(sb, "static int check_%s(const %s *v_, sc_error *err_, bool full_, const bool *seen_, int depth_);\n",
              s->name, s->c_type);
    sb_printf(sb, "static cJSON *build_%s(const %s *v_, int depth_);\n", s->name, s->c_type);
}

char *emit_c_source(const model *m, const c_names *names)
{
    strbuf sb;
    sb_init(&sb);
    emit_check_reset();
    emit_banner(&sb, m, names->source_name);
    sb_printf(&sb, "#include \"%s\"\n\n", names->header_name);
    sb_puts(&sb, "#include <float.h>\n#include <stdint.h>\n#include <string.h>\n\n");
    emit_layout_asserts(&sb, m);

    /* the functions go to their own buffer: the long texts they name must
     * stand before them */
    strbuf head = sb;
    sb_init(&sb);
    sb_puts(&sb, "/* ---- declarations ---- */\n\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        for (size_t v = 0; v < m->structs[i]->nvariants && !m->structs[i]->untagged; v++)
            emit_declarations(&sb, m->structs[i]->variants[v]);
        emit_declarations(&sb, m->structs[i]);
    }
    sb_puts(&sb, "\n");

    for (size_t i = 0; i < m->nenums; i++) {
        if (!enum_is_json(m, m->enums[i]))
            continue;
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
            emit_struct_check(&sb, variant);
            emit_struct_read(&sb, variant);
            emit_struct_build(&sb, variant);
        }
        sb_printf(&sb, "/* ---- %s ---- */\n\n", s->c_type);
        if (s->untagged) {
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
            emit_public(&sb, s);
        if (is_tool(s))
            emit_tool(&sb, m, names, i);
    }
    emit_check_reset();
    emit_long_texts(&head);
    sb_puts(&head, sb.data != NULL ? sb.data : "");
    sb_free(&sb);
    return sb_take(&head);
}
