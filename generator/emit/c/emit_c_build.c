/* schemac generator: the generated build_* functions, which turn a struct
 * into a cJSON tree (T_to_cjson, T_encode). */
#include "emit/c/emit_c_internal.h"

#include <stdlib.h>
#include <string.h>

/* An expression making the cJSON item for the value expr of node n. */
static char *build_expr(const node *n, const char *expr)
{
    switch (n->kind) {
    case NODE_BOOL: return xasprintf("cJSON_CreateBool(%s)", expr);
    case NODE_INT:
    case NODE_NUMBER: return xasprintf("cJSON_CreateNumber((double)%s)", expr);
    case NODE_STRING: return xasprintf("cJSON_CreateString(%s)", expr);
    case NODE_ENUM: return xasprintf("sc_gen_build_%s(%s)", n->enum_type->name, expr);
    case NODE_STRUCT: {
        char *address = address_of(expr);
        char *e = xasprintf("sc_gen_build_%s(%s, depth_ + 1)", n->struct_type->name, address);
        free(address);
        return e;
    }
    case NODE_ANY: return xasprintf("cJSON_Duplicate(%s, 1)", expr);
    case NODE_ARRAY:
    case NODE_MAP: return NULL; /* built member by member */
    }
    return NULL;
}

void emit_enum_build(strbuf *sb, const enum_def *e)
{
    sb_printf(sb, "static cJSON *sc_gen_build_%s(%s value_)\n{\n", e->name, e->c_type);
    emit_line(sb, 1, "const char *name_ = sc_gen_name_%s(value_);", e->name);
    emit_line(sb, 1, "return name_ != NULL ? cJSON_CreateString(name_) : NULL;");
    sb_puts(sb, "}\n\n");
}

void emit_struct_build(strbuf *sb, const struct_def *s)
{
    sb_printf(sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_)\n{\n", s->name, s->c_type);
    strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
    sb_init(&body);
    sb = &body;
    emit_line(sb, 1, "cJSON *o_;");
    emit_line(sb, 1, "if (depth_ > SC_MAX_DEPTH)");
    emit_line(sb, 2, "return NULL; /* a cycle, or deeper than any document we accept */");
    emit_line(sb, 1, "o_ = cJSON_CreateObject();");
    emit_line(sb, 1, "if (o_ == NULL)");
    emit_line(sb, 2, "return NULL;");
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        char *key = c_literal(f->json_name);
        int level = 1;
        char *comment = comment_text(f->json_name);
        sb_printf(sb, "\n    /* %s */\n", comment);
        free(comment);
        if (f->presence == PRESENCE_POINTER) {
            emit_line(sb, 1, "if (v_->%s != NULL) {", f->c_path);
            level = 2;
        } else if (f->presence == PRESENCE_HAS_FLAG) {
            emit_line(sb, 1, "if (v_->%s) {", f->has_field);
            level = 2;
        } else if (f->presence == PRESENCE_OPTIONAL && field_storage(f) == STORAGE_POINTER) {
            emit_line(sb, 1, "if (v_->%s != NULL) {", f->c_path);
            level = 2;
        } else if (f->presence == PRESENCE_OPTIONAL && field_storage(f) == STORAGE_SEQUENCE) {
            emit_line(sb, 1, "if (v_->%s != NULL || v_->%s > 0) {", f->c_path, f->count_field);
            level = 2;
        }
        if (f->nullable) {
            if (field_storage(f) == STORAGE_SEQUENCE)
                emit_line(sb, level, "if (v_->%s == NULL && v_->%s == 0) {", f->c_path, f->count_field);
            else
                emit_line(sb, level, "if (v_->%s == NULL) {", f->c_path);
            emit_line(sb, level + 1, "if (!sc_cjson_add(o_, %s, cJSON_CreateNull()))", key);
            emit_line(sb, level + 2, "goto fail;");
            emit_line(sb, level, "} else");
        }
        if (n->kind == NODE_MAP) {
            emit_line(sb, level, "{");
            emit_line(sb, level + 1, "cJSON *map_ = cJSON_CreateObject();");
            emit_line(sb, level + 1, "if (!sc_cjson_add(o_, %s, map_))", key);
            emit_line(sb, level + 2, "goto fail;");
            emit_line(sb, level + 1, "for (size_t i_ = 0; i_ < (size_t)v_->%s; i_++)", f->count_field);
            char *item = xasprintf("v_->%s[i_].value", f->c_path);
            char *e = build_expr(n->map_value, item);
            emit_line(sb, level + 2, "if (!sc_cjson_add_copy(map_, v_->%s[i_].key, %s))", f->c_path, e);
            emit_line(sb, level + 3, "goto fail;");
            emit_line(sb, level, "}");
            free(item);
            free(e);
        } else if (n->kind == NODE_ARRAY) {
            emit_line(sb, level, "{");
            emit_line(sb, level + 1, "cJSON *list_ = cJSON_CreateArray();");
            emit_line(sb, level + 1, "if (!sc_cjson_add(o_, %s, list_))", key);
            emit_line(sb, level + 2, "goto fail;");
            emit_line(sb, level + 1, "for (size_t i_ = 0; i_ < (size_t)v_->%s; i_++)", f->count_field);
            char *item = xasprintf("v_->%s[i_]", f->c_path);
            char *e = build_expr(n->items, item);
            emit_line(sb, level + 2, "if (!sc_cjson_append(list_, %s))", e);
            emit_line(sb, level + 3, "goto fail;");
            emit_line(sb, level, "}");
            free(item);
            free(e);
        } else {
            char *value = xasprintf(f->by_pointer ? "(*v_->%s)" : "v_->%s", f->c_path);
            char *e = build_expr(n, value);
            if (f->nullable)
                emit_line(sb, level, "{");
            if (f->by_pointer && f->presence != PRESENCE_POINTER && !f->nullable) {
                /* a present value behind a NULL pointer cannot be encoded */
                emit_line(sb, level, "if (v_->%s == NULL)", f->c_path);
                emit_line(sb, level + 1, "goto fail;");
            }
            emit_line(sb, level, "if (!sc_cjson_add(o_, %s, %s))", key, e);
            emit_line(sb, level + 1, "goto fail;");
            if (f->nullable)
                emit_line(sb, level, "}");
            free(value);
            free(e);
        }
        if (level == 2)
            emit_line(sb, 1, "}");
        free(key);
    }
    emit_line(sb, 1, "return o_;");
    if (s->nfields > 0) {
        sb_puts(sb, "fail:\n");
        emit_line(sb, 1, "cJSON_Delete(o_);");
        emit_line(sb, 1, "return NULL;");
    }
    emit_body(out, &body, (const char *const[]){"v_", NULL});
}

/* A tagged union is built as the variant its discriminator names. */
void emit_union_build(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];

    sb_printf(sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_)\n{\n", s->name, s->c_type);
    emit_line(sb, 1, "switch (v_->%s) {", disc->c_path);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        emit_line(sb, 1, "case %s:", v->variant_value->c_name);
        emit_line(sb, 2, "return sc_gen_build_%s(v_, depth_);", v->name);
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "return NULL; /* not a value of the discriminator */");
    emit_line(sb, 1, "}");
    sb_puts(sb, "}\n\n");
}

/* An untagged union is built as the value of the variant its enum member
 * names. */
void emit_untagged_build(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];
    sb_printf(sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_)\n{\n", s->name, s->c_type);
    strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
    sb_init(&body);
    sb = &body;
    emit_line(sb, 1, "if (depth_ > SC_MAX_DEPTH)");
    emit_line(sb, 2, "return NULL; /* a cycle, or deeper than any document we accept */");
    emit_line(sb, 1, "switch (v_->%s) {", disc->c_path);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        emit_line(sb, 1, "case %s:", v->variant_value->c_name);
        if (v->nfields == 0) {
            emit_line(sb, 2, "return cJSON_CreateNull();");
            continue;
        }
        const field *f = &v->fields[0];
        const node *n = f->type;
        if (n->kind == NODE_ARRAY) {
            emit_line(sb, 2, "{");
            emit_line(sb, 3, "cJSON *list_ = cJSON_CreateArray();");
            emit_line(sb, 3, "if (list_ == NULL)");
            emit_line(sb, 4, "return NULL;");
            emit_line(sb, 3, "for (size_t i_ = 0; i_ < (size_t)v_->%s; i_++) {", f->count_field);
            char *item = xasprintf("v_->%s[i_]", f->c_path);
            char *e = build_expr(n->items, item);
            emit_line(sb, 4, "if (!sc_cjson_append(list_, %s)) {", e);
            emit_line(sb, 5, "cJSON_Delete(list_);");
            emit_line(sb, 5, "return NULL;");
            emit_line(sb, 4, "}");
            emit_line(sb, 3, "}");
            emit_line(sb, 3, "return list_;");
            emit_line(sb, 2, "}");
            free(item);
            free(e);
        } else if (v->read_back && n->kind == NODE_NUMBER && n->is_float) {
            /* a number that reads back as this variant (validate found one) */
            emit_line(sb, 2, "{");
            emit_line(sb, 3, "double form_;");
            emit_line(sb, 3, "return sc_gen_float_form_%s(v_, &form_) == 0 ? cJSON_CreateNumber(form_) : NULL;", v->name);
            emit_line(sb, 2, "}");
        } else {
            char *value = xasprintf("v_->%s", f->c_path);
            char *e = build_expr(n, value);
            emit_line(sb, 2, "return %s;", e);
            free(value);
            free(e);
        }
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "return NULL; /* not a value of the enum member */");
    emit_line(sb, 1, "}");
    emit_body(out, &body, (const char *const[]){"v_", NULL});
}
