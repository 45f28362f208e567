/* schemac generator: the descriptors of --optimize=size (issue 23). A
 * struct's reader becomes a constant table that libschemac's
 * sc_table_read walks (include/schemac/table.h, runtime/core/table_read.c)
 * instead of a function of its own: designated initializers that a person
 * can check against the header (offsets, kinds, bounds, presence), and
 * pointers to the generated checks of the members' keywords, which stay
 * generated (the keyword table's messages, the pattern DFAs). */
#include "emit/c/emit_c_table.h"

#include <stdlib.h>
#include <string.h>

/* The adapters emitted so far into the source being written (a reader
 * behind void *, by the type's name): one serves every use. */
static char **adapters;
static size_t nadapters;

void emit_table_reset(void)
{
    for (size_t i = 0; i < nadapters; i++)
        free(adapters[i]);
    free(adapters);
    adapters = NULL;
    nadapters = 0;
}

static bool value_kind_tabled(const node *n)
{
    return n->kind != NODE_ARRAY && n->kind != NODE_MAP;
}

bool table_reads(const struct_def *s)
{
    /* tagged and untagged unions keep their functions; a tagged union's
     * variants (structs whose paths go through the union) are tabled */
    if (s->nvariants > 0 || s->untagged)
        return false;
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        if (f->stand_in)
            return false;
        if (n->kind == NODE_ARRAY && (!value_kind_tabled(n->items) || f->by_pointer))
            return false;
        if (n->kind == NODE_MAP && (!value_kind_tabled(n->map_value) || f->by_pointer))
            return false;
    }
    return true;
}

/* Whether the adapter called name was emitted into this source already;
 * remembers it. */
static bool adapter_done(const char *name)
{
    for (size_t i = 0; i < nadapters; i++)
        if (strcmp(adapters[i], name) == 0)
            return true;
    adapters = xrealloc(adapters, (nadapters + 1) * sizeof *adapters);
    adapters[nadapters++] = xstrdup(name);
    return false;
}

/* sc_gen_vread_NAME and sc_gen_vbuild_NAME: the generated reader and
 * builder of an enum or struct behind the void pointers a descriptor
 * holds, emitted at their first use. */
static void emit_void_adapters(strbuf *sb, const char *name, const char *c_type, bool is_struct)
{
    if (adapter_done(name))
        return;
    sb_printf(sb, "static int sc_gen_vread_%s(sc_reader *r_, void *out_)\n{\n", name);
    emit_line(sb, 1, "return sc_gen_read_%s(r_, (%s *)out_);", name, c_type);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "static cJSON *sc_gen_vbuild_%s(const void *value_, int depth_)\n{\n", name);
    if (is_struct) {
        emit_line(sb, 1, "return sc_gen_build_%s((const %s *)value_, depth_);", name, c_type);
    } else {
        emit_line(sb, 1, "(void)depth_;");
        emit_line(sb, 1, "return sc_gen_build_%s(*(const %s *)value_);", name, c_type);
    }
    sb_puts(sb, "}\n\n");
}

/* What a value's descriptor points to, emitted before it: readers behind
 * void *, and sc_gen_rcheck_FN, the check of the value's keywords after
 * the read (emit_c_read.c's emit_read_check) on a pointer to it. */
static void emit_value_helpers(strbuf *sb, const node *n, const char *fn)
{
    if (n->kind == NODE_ENUM)
        emit_void_adapters(sb, n->enum_type->name, n->enum_type->c_type, false);
    if (n->kind == NODE_STRUCT)
        emit_void_adapters(sb, n->struct_type->name, n->struct_type->c_type, true);
    if (!read_needs_check(n))
        return;
    sb_printf(sb, "static int sc_gen_rcheck_%s(const void *value_, sc_error *err_)\n{\n", fn);
    if (n->kind == NODE_INT)
        emit_line(sb, 1, "return sc_gen_check_%s((%s)*(const %s *)value_, err_, false);", fn,
                  n->is_signed ? "int64_t" : "uint64_t", n->c_type);
    else
        emit_line(sb, 1, "return sc_gen_check_%s(*(const %s *)value_, err_, false);", fn, n->c_type);
    sb_puts(sb, "}\n\n");
}

/* sc_gen_acheck_FN: an array's or map's own keywords after it was read,
 * on the struct (emit_c_read.c's emit_container_end). */
static void emit_array_check(strbuf *sb, const struct_def *s, const field *f, const char *fn)
{
    const node *n = f->type;
    char *items_type = const_items_type(n->kind == NODE_MAP ? n->entry_c_type : n->items->c_type);
    sb_printf(sb, "static int sc_gen_acheck_%s(const void *value_, sc_error *err_)\n{\n", fn);
    emit_line(sb, 1, "const %s *v_ = (const %s *)value_;", s->c_type, s->c_type);
    emit_line(sb, 1, "return sc_gen_check_%s((%s)v_->%s, (size_t)v_->%s, err_, false, 0);", fn, items_type, f->c_path,
              f->count_field);
    sb_puts(sb, "}\n\n");
    free(items_type);
}

/* Whether the default mode checks the member only when validating a
 * value built in C (emit_c_check.c's emit_check_call: `full_ ? ... : 0`,
 * and a struct's `if (full_)`). */
static bool check_full_only(const node *n)
{
    return n->kind == NODE_STRUCT || n->kind == NODE_ANY || (n->kind == NODE_ENUM && !has_value_keywords(n)) ||
           (n->kind == NODE_NUMBER && n->is_float) || n->kind == NODE_STRING;
}

/* sc_gen_mcheck_T_F: the call of f's check that the default mode's
 * sc_gen_check_T makes (emit_check_call), on the struct. */
static void emit_member_check(strbuf *sb, const struct_def *s, const field *f, const char *fn)
{
    const node *n = f->type;
    sb_printf(sb, "static int sc_gen_mcheck_%s(const void *value_, sc_error *err_, bool full_, int depth_)\n{\n", fn);
    strbuf body;
    sb_init(&body);
    emit_line(&body, 1, "const %s *v_ = (const %s *)value_;", s->c_type, s->c_type);
    char *expr;
    if (f->by_pointer)
        expr = xasprintf("*v_->%s", f->c_path);
    else if (n->kind == NODE_INT)
        expr = xasprintf("(%s)v_->%s", n->is_signed ? "int64_t" : "uint64_t", f->c_path);
    else if (n->kind == NODE_NUMBER)
        expr = xasprintf("(double)v_->%s", f->c_path);
    else
        expr = xasprintf("v_->%s", f->c_path);
    switch (n->kind) {
    case NODE_STRUCT:
        emit_line(&body, 1, "return sc_gen_check_%s(%s%s, err_, full_, NULL, depth_ + 1);", n->struct_type->name,
                  f->by_pointer ? "" : "&", f->by_pointer ? expr + 1 : expr);
        break;
    case NODE_ENUM:
        if (has_value_keywords(n))
            emit_line(&body, 1, "return sc_gen_check_%s(%s, err_, full_);", fn, expr);
        else
            emit_line(&body, 1, "return sc_gen_check_%s(%s, err_);", n->enum_type->name, expr);
        break;
    case NODE_ARRAY:
    case NODE_MAP: {
        char *items_type = const_items_type(n->kind == NODE_MAP ? n->entry_c_type : n->items->c_type);
        emit_line(&body, 1, "return sc_gen_check_%s((%s)v_->%s, (size_t)v_->%s, err_, full_, depth_);", fn, items_type,
                  f->c_path, f->count_field);
        free(items_type);
        break;
    }
    case NODE_ANY: /* as emit_c_check.c's emit_check_call */
        if (n->any_object) {
            emit_line(&body, 1, "if (!cJSON_IsObject(%s))", expr);
            emit_line(&body, 2, "return sc_fail(err_, SC_ERR_TYPE, \"type\", \"must be an object\");");
        }
        emit_line(&body, 1, "return sc_check_cjson(%s, err_);", expr);
        break;
    default:
        emit_line(&body, 1, "return sc_gen_check_%s(%s, err_, full_);", fn, expr);
        break;
    }
    free(expr);
    emit_body(sb, &body, (const char *const[]){"full_", "depth_", NULL});
}

static const char *storage_name(const field *f)
{
    switch (field_storage(f)) {
    case STORAGE_VALUE: return "SC_TABLE_STORED_VALUE";
    case STORAGE_POINTER: return "SC_TABLE_STORED_POINTER";
    case STORAGE_SEQUENCE: return "SC_TABLE_STORED_SEQUENCE";
    }
    return "SC_TABLE_STORED_VALUE";
}

static const char *kind_name(const node *n)
{
    switch (n->kind) {
    case NODE_BOOL: return "SC_TABLE_BOOL";
    case NODE_INT: return "SC_TABLE_INT";
    case NODE_NUMBER: return n->is_float ? "SC_TABLE_FLOAT" : "SC_TABLE_DOUBLE";
    case NODE_STRING: return n->buf_size > 0 ? "SC_TABLE_CHARBUF" : "SC_TABLE_STRING";
    case NODE_ENUM: return "SC_TABLE_ENUM";
    case NODE_STRUCT: return "SC_TABLE_STRUCT";
    case NODE_ANY: return n->any_object ? "SC_TABLE_OBJECT" : "SC_TABLE_ANY";
    default: return NULL; /* not a value of its own: table_reads said no */
    }
}

/* `.value = {...}`: the value whose storage `lvalue` names (an expression
 * on a null T pointer, for sizeof only). */
static void emit_value(strbuf *sb, const node *n, const char *lvalue, const char *fn)
{
    sb_printf(sb, "        .value = {.kind = %s, .size = sizeof(%s)", kind_name(n), lvalue);
    if (n->kind == NODE_INT) {
        sb_printf(sb, ", .is_signed = %s, .min = ", n->is_signed ? "true" : "false");
        put_i64(sb, n->c_min);
        sb_puts(sb, ", .max = ");
        put_i64(sb, n->c_max);
    }
    if (n->kind == NODE_ENUM)
        sb_printf(sb, ", .read = sc_gen_vread_%s, .build = sc_gen_vbuild_%s", n->enum_type->name, n->enum_type->name);
    if (n->kind == NODE_STRUCT)
        sb_printf(sb, ", .read = sc_gen_vread_%s, .build = sc_gen_vbuild_%s", n->struct_type->name,
                  n->struct_type->name);
    if (read_needs_check(n))
        sb_printf(sb, ", .check = sc_gen_rcheck_%s", fn);
    if (string_checked_on_read(n))
        sb_printf(sb, ", .text = sc_gen_check_%s_text", fn);
    if (n->kind == NODE_NUMBER && n->is_float)
        sb_printf(sb, ", .check_float = sc_gen_check_%s", fn);
    sb_puts(sb, "},\n");
}

static const char *presence_name(presence p)
{
    switch (p) {
    case PRESENCE_REQUIRED: return "SC_TABLE_REQUIRED";
    case PRESENCE_POINTER: return "SC_TABLE_POINTER";
    case PRESENCE_HAS_FLAG: return "SC_TABLE_HAS_FLAG";
    case PRESENCE_OPTIONAL: return "SC_TABLE_OPTIONAL";
    case PRESENCE_DEFAULT: return "SC_TABLE_DEFAULT";
    }
    return "SC_TABLE_REQUIRED";
}

/* `.fallback = {...}`: a @default, as emit_struct_read stores it. */
static void emit_default(strbuf *sb, const field *f)
{
    const cJSON *d = f->default_value;
    const node *n = f->type;
    sb_puts(sb, "        .fallback = {");
    if (n->kind == NODE_STRING) {
        char *v = c_literal(d->valuestring);
        sb_printf(sb, ".s = %s", v);
        free(v);
    } else if (n->kind == NODE_ENUM) {
        sb_printf(sb, ".i = %s", enum_c_name(n->enum_type, d->valuestring));
    } else if (n->kind == NODE_BOOL) {
        sb_printf(sb, ".i = %d", cJSON_IsTrue(d) ? 1 : 0);
    } else if (n->kind == NODE_INT) { /* within +-(2^53-1): a plain literal fits */
        sb_printf(sb, ".i = %lld", (long long)d->valuedouble);
    } else {
        sb_puts(sb, ".d = ");
        put_double(sb, d->valuedouble);
    }
    sb_puts(sb, "},\n");
}

/* Whether every name can be an expected key of sc_next_member_expect (as
 * emit_c_read.c decides): no byte that a key could only hold escaped. */
static bool plain_name(const char *name)
{
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p < 0x20 || *p == '"' || *p == '\\')
            return false;
    return true;
}

static size_t code_points(const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

void emit_table_struct(strbuf *sb, const struct_def *s)
{
    const char *n = s->name, *t = s->c_type;
    bool expect = s->nfields > 0;
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        char *fn = xasprintf("%s_%s", n, f->c_name);
        expect = expect && plain_name(f->json_name);
        if (f->type->kind == NODE_ARRAY || f->type->kind == NODE_MAP) {
            bool map = f->type->kind == NODE_MAP;
            char *item_fn = xasprintf("%s_%s", fn, map ? "value" : "items");
            emit_value_helpers(sb, map ? f->type->map_value : f->type->items, item_fn);
            free(item_fn);
            if (read_needs_check(f->type))
                emit_array_check(sb, s, f, fn);
        } else {
            emit_value_helpers(sb, f->type, fn);
        }
        if (needs_check(f->type))
            emit_member_check(sb, s, f, fn);
        free(fn);
    }

    if (s->nfields > 0) {
        sb_printf(sb, "static const char *const sc_gen_members_%s[] = {\n", n);
        for (size_t i = 0; i < s->nfields; i++) {
            char *lit = c_literal(s->fields[i].json_name);
            emit_line(sb, 1, "%s,", lit);
            free(lit);
        }
        sb_puts(sb, "};\n\n");
        sb_printf(sb, "static const sc_string sc_gen_keys_%s[] = {\n", n);
        for (size_t i = 0; i < s->nfields; i++) {
            const char *name = s->fields[i].json_name;
            char *lit = c_literal(name);
            emit_line(sb, 1, "{%s, %zu, %zu},", lit, strlen(name), code_points(name));
            free(lit);
        }
        sb_puts(sb, "};\n\n");
    }

    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *a = f->type;
        if (a->kind != NODE_ARRAY && a->kind != NODE_MAP)
            continue;
        uint64_t max = 0;
        bool has_max = node_max_items(a, &max);
        sb_printf(sb, "static const sc_table_array sc_gen_tarray_%s_%s = {\n", n, f->c_name);
        if (a->fixed_size > 0)
            emit_line(sb, 1, ".fixed_size = %zu,", a->fixed_size);
        if (has_max)
            emit_line(sb, 1, ".has_max = true, .max_items = %lluu,", (unsigned long long)max);
        if (a->kind == NODE_MAP) {
            const char *e = a->entry_c_type;
            emit_line(sb, 1, ".map = true,");
            emit_line(sb, 1, ".entry_size = sizeof(%s),", e);
            emit_line(sb, 1, ".key_offset = offsetof(%s, key),", e);
            if (a->map_key->buf_size > 0)
                emit_line(sb, 1, ".key_size = %zu,", a->map_key->buf_size);
            emit_line(sb, 1, ".value_offset = offsetof(%s, value),", e);
        }
        emit_line(sb, 1, ".count_offset = offsetof(%s, %s),", t, f->count_field);
        emit_line(sb, 1, ".count_size = sizeof(((%s *)0)->%s),", t, f->count_field);
        if (f->count_signed)
            emit_line(sb, 1, ".count_signed = true,");
        if (read_needs_check(a))
            emit_line(sb, 1, ".check = sc_gen_acheck_%s_%s,", n, f->c_name);
        sb_puts(sb, "};\n\n");
    }

    if (s->nfields > 0) {
        sb_printf(sb, "static const sc_table_member sc_gen_tfields_%s[] = {\n", n);
        for (size_t i = 0; i < s->nfields; i++) {
            const field *f = &s->fields[i];
            char *comment = comment_text(f->json_name);
            emit_line(sb, 1, "{ /* %s */", comment);
            free(comment);
            sb_printf(sb, "        .offset = offsetof(%s, %s),\n", t, f->c_path);
            sb_printf(sb, "        .presence = %s,\n", presence_name(f->presence));
            sb_printf(sb, "        .storage = %s,\n", storage_name(f));
            if (f->nullable)
                sb_puts(sb, "        .nullable = true,\n");
            if (f->by_pointer)
                sb_puts(sb, "        .by_pointer = true,\n");
            if (f->presence == PRESENCE_HAS_FLAG)
                sb_printf(sb, "        .has_offset = offsetof(%s, %s),\n", t, f->has_field);
            if (f->presence == PRESENCE_DEFAULT)
                emit_default(sb, f);
            char *fn = xasprintf("%s_%s", n, f->c_name);
            if (f->type->kind == NODE_MAP) {
                sb_printf(sb, "        .array = &sc_gen_tarray_%s,\n", fn);
                char *value = xasprintf("((%s *)0)->%s->value", t, f->c_path);
                char *value_fn = xasprintf("%s_value", fn);
                emit_value(sb, f->type->map_value, value, value_fn);
                free(value_fn);
                free(value);
            } else if (f->type->kind == NODE_ARRAY) {
                sb_printf(sb, "        .array = &sc_gen_tarray_%s,\n", fn);
                char *item = xasprintf("%s((%s *)0)->%s%s", f->type->fixed_size > 0 ? "" : "*", t, f->c_path,
                                       f->type->fixed_size > 0 ? "[0]" : "");
                char *item_fn = xasprintf("%s_items", fn);
                emit_value(sb, f->type->items, item, item_fn);
                free(item_fn);
                free(item);
            } else {
                char *lvalue = xasprintf("%s((%s *)0)->%s", f->by_pointer ? "*" : "", t, f->c_path);
                emit_value(sb, f->type, lvalue, fn);
                free(lvalue);
            }
            if (needs_check(f->type))
                sb_printf(sb, "        .check = sc_gen_mcheck_%s,%s\n", fn,
                          check_full_only(f->type) ? " .full_only = true," : "");
            free(fn);
            emit_line(sb, 1, "},");
        }
        sb_puts(sb, "};\n\n");
    }

    sb_printf(sb, "/* How sc_table_read reads %s (include/schemac/table.h). */\n", t);
    sb_printf(sb, "static const sc_table_struct sc_gen_table_%s = {\n", n);
    emit_line(sb, 1, ".size = sizeof(%s),", t);
    emit_line(sb, 1, ".count = %zu,", s->nfields);
    if (s->nfields > 0) {
        emit_line(sb, 1, ".members = sc_gen_tfields_%s,", n);
        emit_line(sb, 1, ".names = sc_gen_members_%s,", n);
        emit_line(sb, 1, ".keys = sc_gen_keys_%s,", n);
    }
    if (expect)
        emit_line(sb, 1, ".expect = true,");
    if (s->additional_properties)
        emit_line(sb, 1, ".additional_properties = true,");
    emit_line(sb, 1, ".min_text = %zu,", struct_min_text(s));
    sb_puts(sb, "};\n\n");

    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_)\n{\n", n, t);
    emit_line(sb, 1, "bool seen_[%zu] = {false};", s->nfields > 0 ? s->nfields : 1);
    emit_line(sb, 1, "return sc_table_read(r_, &sc_gen_table_%s, out_, seen_);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static int sc_gen_check_%s(const %s *v_, sc_error *err_, bool full_, const bool *seen_, int depth_)\n{\n",
              n, t);
    emit_line(sb, 1, "return sc_table_check(&sc_gen_table_%s, v_, err_, full_, seen_, depth_);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_)\n{\n", n, t);
    emit_line(sb, 1, "return sc_table_build(&sc_gen_table_%s, v_, depth_);", n);
    sb_puts(sb, "}\n\n");
}
