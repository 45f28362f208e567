/* schemac generator: the generated read_* functions, which fill a struct
 * from the reader member by member. */
#include "emit/c/emit_c_internal.h"

#include <stdlib.h>
#include <string.h>

static void enum_read_action(strbuf *sb, int level, size_t index, const void *ctx)
{
    const enum_def *e = ctx;
    emit_line(sb, level, "*out_ = %s;", e->values[index].c_name);
    emit_line(sb, level, "return 0;");
}

void emit_enum_read(strbuf *sb, const enum_def *e)
{
    char *choices = enum_choices(e);
    char *choices_lit = c_literal(choices);
    const char **names = xcalloc(e->nvalues, sizeof *names);
    for (size_t i = 0; i < e->nvalues; i++)
        names[i] = e->values[i].json_name;

    sb_printf(sb, "/* ---- %s ---- */\n\n", e->c_type);
    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_)\n{\n", e->name, e->c_type);
    emit_line(sb, 1, "sc_string s_;");
    emit_line(sb, 1, "size_t at_ = sc_reader_offset(r_);");
    emit_line(sb, 1, "int rc_ = sc_read_string(r_, &s_);");
    emit_line(sb, 1, "if (rc_ != 0)");
    emit_line(sb, 2, "return rc_;");
    emit_name_switch(sb, 1, "s_.ptr", "s_.len", names, e->nvalues, enum_read_action, e);
    emit_line(sb, 1, "sc_reader_fail(r_, SC_ERR_CONSTRAINT, \"enum\", \"must be one of: %%s\", %s);", choices_lit);
    emit_line(sb, 1, "return sc_reader_place_error_at(r_, at_); /* at the value, not after it */");
    sb_puts(sb, "}\n\n");

    free(names);
    free(choices);
    free(choices_lit);
}

/* Statements reading the value of n into lvalue, setting rc. check_fn
 * names n's check function: a float is checked as the double the document
 * holds, before rounding, as a JSON Schema validator sees it; at is the
 * variable holding the value's offset. */
static void emit_read(strbuf *sb, int level, const node *n, const char *lvalue, const char *check_fn, const char *at)
{
    char *address = address_of(lvalue);
    switch (n->kind) {
    case NODE_BOOL:
        emit_line(sb, level, "rc_ = sc_read_bool(r_, %s);", address);
        break;
    case NODE_INT:
        emit_line(sb, level, "{");
        emit_line(sb, level + 1, "int64_t number_;");
        put_indent(sb, level + 1);
        sb_puts(sb, "rc_ = sc_read_int(r_, &number_, ");
        put_i64(sb, n->c_min);
        sb_puts(sb, ", ");
        put_i64(sb, n->c_max);
        sb_puts(sb, ");\n");
        emit_line(sb, level + 1, "%s = (%s)number_;", lvalue, n->c_type);
        emit_line(sb, level, "}");
        break;
    case NODE_NUMBER:
        if (n->is_float) {
            emit_line(sb, level, "{");
            emit_line(sb, level + 1, "double number_;");
            emit_line(sb, level + 1, "rc_ = sc_read_double(r_, &number_);");
            emit_line(sb, level + 1, "if (rc_ == 0 && sc_gen_check_%s(number_, sc_reader_error(r_), true) != 0)", check_fn);
            emit_line(sb, level + 2, "rc_ = sc_reader_place_error_at(r_, %s);", at);
            emit_line(sb, level + 1, "%s = (float)number_;", lvalue);
            emit_line(sb, level, "}");
        } else {
            emit_line(sb, level, "rc_ = sc_read_double(r_, %s);", address);
        }
        break;
    case NODE_STRING: {
        /* the text checks run here, with the code point count the reader
         * took: the check after the read does not go over the string again */
        bool checked = string_checked_on_read(n);
        const char *text = n->buf_size > 0 ? lvalue : "text_";
        if (n->buf_size > 0 && !checked) {
            emit_line(sb, level, "rc_ = sc_read_string_buf(r_, %s, sizeof %s, NULL, NULL);", lvalue, lvalue);
            break;
        }
        emit_line(sb, level, "{");
        if (n->buf_size == 0)
            emit_line(sb, level + 1, "char *text_ = NULL;");
        if (checked)
            emit_line(sb, level + 1, "size_t len_ = 0, chars_ = 0;");
        const char *counts = checked ? "&len_, &chars_" : "NULL, NULL";
        if (n->buf_size > 0)
            emit_line(sb, level + 1, "rc_ = sc_read_string_buf(r_, %s, sizeof %s, %s);", lvalue, lvalue, counts);
        else
            emit_line(sb, level + 1, "rc_ = sc_read_string_dup(r_, &text_, %s);", counts);
        if (checked) {
            emit_line(sb, level + 1, "if (rc_ == 0 && sc_gen_check_%s_text(%s, len_, chars_, sc_reader_error(r_)) != 0)",
                      check_fn, text);
            emit_line(sb, level + 2, "rc_ = sc_reader_place_error_at(r_, %s);", at);
        }
        if (n->buf_size == 0)
            emit_line(sb, level + 1, "%s = text_;", lvalue);
        emit_line(sb, level, "}");
        break;
    }
    case NODE_ENUM:
        emit_line(sb, level, "rc_ = sc_gen_read_%s(r_, %s);", n->enum_type->name, address);
        break;
    case NODE_STRUCT:
        emit_line(sb, level, "rc_ = sc_gen_read_%s(r_, %s);", n->struct_type->name, address);
        break;
    case NODE_ANY:
        /* through a cJSON * of its own: the member may be a const cJSON * */
        if (n->any_object) { /* any other value fails as a struct's would */
            emit_line(sb, level, "if (sc_peek(r_) != SC_JSON_OBJECT) {");
            emit_line(sb, level + 1, "rc_ = sc_read_object_begin(r_);");
            emit_line(sb, level, "} else {");
        } else {
            emit_line(sb, level, "{");
        }
        emit_line(sb, level + 1, "cJSON *tree_ = NULL;");
        emit_line(sb, level + 1, "rc_ = sc_read_cjson(r_, &tree_);");
        emit_line(sb, level + 1, "%s = tree_;", lvalue);
        emit_line(sb, level, "}");
        break;
    case NODE_ARRAY:
    case NODE_MAP:
        break; /* read member by member: emit_read_array, emit_read_map */
    }
    free(address);
}

/* Whether emit_read checks n itself as it reads it (a float as the double
 * the document held, a string with the reader's counts), placing an error
 * at the value's offset. */
static bool read_checks_in_place(const node *n)
{
    return (n->kind == NODE_NUMBER && n->is_float) || string_checked_on_read(n);
}

/* After reading lvalue (of node n, whose check function is check_fn) from
 * the value that started at offset `at`: its constraints, with the error
 * placed at the value. */
static void emit_read_check(strbuf *sb, int level, const node *n, const char *lvalue, const char *check_fn,
                            const char *count, const char *at)
{
    char *arg;
    if (n->kind == NODE_ARRAY || n->kind == NODE_MAP)
        arg = xasprintf("%s, %s, sc_reader_error(r_), false, 0", lvalue, count != NULL ? count : "0");
    else if (n->kind == NODE_INT)
        arg = xasprintf("(%s)%s, sc_reader_error(r_), false", n->is_signed ? "int64_t" : "uint64_t", lvalue);
    else
        arg = xasprintf("%s, sc_reader_error(r_), false", lvalue);
    emit_line(sb, level, "if (rc_ == 0 && sc_gen_check_%s(%s) != 0)", check_fn, arg);
    emit_line(sb, level + 1, "rc_ = sc_reader_place_error_at(r_, %s);", at);
    free(arg);
}

/* Pieces shared by the array and map readers. */

/* Stop at the limit before growing: an oversize array or object must not
 * cost memory first. */
static void emit_count_limit(strbuf *sb, int level, uint64_t max, const char *keyword, const char *one,
                             const char *many)
{
    emit_line(sb, level, "if (n_ == %llu) {", (unsigned long long)max);
    emit_line(sb, level + 1, "rc_ = sc_fail_too_many(r_, at_, \"%s\", %lluu, \"%s\", \"%s\");", keyword,
              (unsigned long long)max, one, many);
    emit_line(sb, level + 1, "break;");
    emit_line(sb, level, "}");
}

static void emit_grow(strbuf *sb, int level)
{
    emit_line(sb, level, "if (n_ == cap_ && (items_ = sc_reader_grow(r_, items_, &cap_, sizeof *items_)) == NULL) {");
    emit_line(sb, level + 1, "rc_ = sc_reader_abandon(r_);");
    emit_line(sb, level + 1, "break;");
    emit_line(sb, level, "}");
}

/* After the loop: a reader error, a non-NULL pointer for a present empty
 * sequence, and the results stored. */
static void emit_store_items(strbuf *sb, int level, const field *f, bool pointer)
{
    emit_line(sb, level, "if (rc_ == 0 && next_ == SC_NEXT_ERROR)");
    emit_line(sb, level + 1, "rc_ = sc_reader_abandon(r_);");
    if (pointer) {
        emit_line(sb, level, "if (rc_ == 0 && items_ == NULL && (items_ = sc_reader_empty(r_)) == NULL)");
        emit_line(sb, level + 1, "rc_ = sc_reader_code(r_);");
        emit_line(sb, level, "out_->%s = items_;", f->c_path);
    }
    emit_line(sb, level, "out_->%s = (%s)n_;", f->count_field, f->count_c_type);
}

/* After a container was read: whether an item failed in all-errors mode,
 * and its own constraints (placed at its start). An array whose item
 * failed is not checked further: uniqueItems would compare values that are
 * not there. A map's keys are all there, so its own checks always run. */
static void emit_container_end(strbuf *sb, int level, const char *s_name, const field *f)
{
    bool array = f->type->kind == NODE_ARRAY;
    if (array) {
        emit_line(sb, level, "if (rc_ == 0)");
        emit_line(sb, level + 1, "rc_ = sc_reader_collected(r_);");
    }
    if (read_needs_check(f->type)) {
        char *fn = xasprintf("%s_%s", s_name, f->c_name);
        char *items_type = const_items_type(f->type->kind == NODE_MAP ? f->type->entry_c_type
                                                                      : f->type->items->c_type);
        char *items = xasprintf("(%s)out_->%s", items_type, f->c_path);
        free(items_type);
        char *count = xasprintf("(size_t)out_->%s", f->count_field);
        emit_read_check(sb, level, f->type, items, fn, count, "at_");
        free(fn);
        free(items);
        free(count);
    }
    if (!array) {
        emit_line(sb, level, "if (rc_ == 0)");
        emit_line(sb, level + 1, "rc_ = sc_reader_collected(r_);");
    }
}

/* Reads an array member into v->NAME and v->COUNT. */
static void emit_read_array(strbuf *sb, int level, const char *s_name, const field *f)
{
    const node *n = f->type;
    const node *items = n->items;
    uint64_t max;
    bool has_max = node_max_items(n, &max);
    emit_line(sb, level, "{");
    emit_line(sb, level + 1, "size_t n_ = 0;");
    if (n->fixed_size == 0) {
        emit_line(sb, level + 1, "size_t cap_ = 0;");
        emit_line(sb, level + 1, "%s *items_ = NULL;", items->c_type);
    }
    emit_line(sb, level + 1, "sc_next next_ = SC_NEXT_END;");
    emit_line(sb, level + 1, "rc_ = sc_read_array_begin(r_);");
    emit_line(sb, level + 1, "while (rc_ == 0 && (next_ = sc_next_element(r_)) == SC_NEXT_ITEM) {");
    if (has_max)
        emit_count_limit(sb, level + 2, max, "maxItems", "item", "items");
    char *element;
    if (n->fixed_size == 0) {
        emit_grow(sb, level + 2);
        element = xstrdup("items_[n_]");
    } else {
        element = xasprintf("out_->%s[n_]", f->c_path);
    }
    char *item_fn = xasprintf("%s_%s_items", s_name, f->c_name);
    bool item_check = read_needs_check(items);
    if (item_check || read_checks_in_place(items))
        emit_line(sb, level + 2, "size_t item_at_ = sc_reader_offset(r_);");
    emit_read(sb, level + 2, items, element, item_fn, "item_at_");
    if (item_check)
        emit_read_check(sb, level + 2, items, element, item_fn, NULL, "item_at_");
    free(item_fn);
    emit_line(sb, level + 2, "if (rc_ != 0 && (rc_ = sc_reader_catch_index(r_, n_)) != 0)");
    emit_line(sb, level + 3, "break;");
    emit_line(sb, level + 2, "n_++;");
    emit_line(sb, level + 1, "}");
    emit_store_items(sb, level + 1, f, n->fixed_size == 0);
    emit_container_end(sb, level + 1, s_name, f);
    emit_line(sb, level, "}");
    free(element);
}

/* Reads a map member: each JSON member becomes an entry { key, value }. */
static void emit_read_map(strbuf *sb, int level, const char *s_name, const field *f)
{
    const node *n = f->type;
    const node *k = n->map_key;
    emit_line(sb, level, "{");
    emit_line(sb, level + 1, "size_t n_ = 0, cap_ = 0;");
    emit_line(sb, level + 1, "%s *items_ = NULL;", n->entry_c_type);
    emit_line(sb, level + 1, "sc_string name_;");
    emit_line(sb, level + 1, "sc_next next_ = SC_NEXT_END;");
    emit_line(sb, level + 1, "rc_ = sc_read_object_begin(r_);");
    emit_line(sb, level + 1, "while (rc_ == 0 && (next_ = sc_next_member(r_, &name_)) == SC_NEXT_ITEM) {");
    uint64_t max;
    if (node_max_items(n, &max))
        emit_count_limit(sb, level + 2, max, "maxProperties", "property", "properties");
    emit_grow(sb, level + 2);
    if (k->buf_size > 0) {
        emit_line(sb, level + 2, "if (name_.len >= sizeof items_[n_].key) {");
        emit_line(sb, level + 3, "if ((rc_ = sc_fail_long_key(r_, %zu)) != 0)", k->buf_size - 1);
        emit_line(sb, level + 4, "break;");
        emit_line(sb, level + 3, "continue;");
        emit_line(sb, level + 2, "}");
        emit_line(sb, level + 2, "memcpy(items_[n_].key, name_.ptr, name_.len);");
        emit_line(sb, level + 2, "items_[n_].key[name_.len] = '\\0';");
    } else {
        emit_line(sb, level + 2, "if ((items_[n_].key = sc_reader_strndup(r_, name_.ptr, name_.len)) == NULL) {");
        emit_line(sb, level + 3, "rc_ = sc_reader_abandon(r_);");
        emit_line(sb, level + 3, "break;");
        emit_line(sb, level + 2, "}");
    }
    char *value_fn = xasprintf("%s_%s_value", s_name, f->c_name);
    const node *value = n->map_value;
    bool value_check = read_needs_check(value);
    if (value_check || read_checks_in_place(value))
        emit_line(sb, level + 2, "size_t item_at_ = sc_reader_offset(r_);");
    emit_read(sb, level + 2, value, "items_[n_].value", value_fn, "item_at_");
    if (value_check)
        emit_read_check(sb, level + 2, value, "items_[n_].value", value_fn, NULL, "item_at_");
    free(value_fn);
    emit_line(sb, level + 2, "if (rc_ != 0 && (rc_ = sc_reader_catch_key(r_, items_[n_].key)) != 0)");
    emit_line(sb, level + 3, "break;");
    emit_line(sb, level + 2, "n_++;");
    emit_line(sb, level + 1, "}");
    emit_store_items(sb, level + 1, f, true);
    emit_container_end(sb, level + 1, s_name, f);
    emit_line(sb, level, "}");
}

/* Whether every name can be an expected key of sc_next_member_expect: no
 * byte that a JSON key could only hold escaped. */
static bool all_plain_names(const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (const unsigned char *p = (const unsigned char *)names[i]; *p; p++)
            if (*p < 0x20 || *p == '"' || *p == '\\')
                return false;
    return true;
}

/* Code points of valid UTF-8 text. */
static size_t utf8_chars(const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

static void member_index_action(strbuf *sb, int level, size_t index, const void *ctx)
{
    (void)ctx;
    emit_line(sb, level, "return %zu;", index);
}

void emit_struct_read(strbuf *sb, const struct_def *s)
{
    const char **names = xcalloc(s->nfields + 1, sizeof *names);
    for (size_t i = 0; i < s->nfields; i++)
        names[i] = s->fields[i].json_name;

    if (s->nfields > 0) {
        sb_printf(sb, "static const char *const sc_gen_members_%s[] = {\n", s->name);
        for (size_t i = 0; i < s->nfields; i++) {
            char *lit = c_literal(names[i]);
            emit_line(sb, 1, "%s,", lit);
            free(lit);
        }
        sb_puts(sb, "};\n\n");
        sb_printf(sb, "/* Index of the member called key[0..len), or -1. */\n");
        sb_printf(sb, "static int sc_gen_member_%s(const char *key_, size_t len_)\n{\n", s->name);
        emit_name_switch(sb, 1, "key_", "len_", names, s->nfields, member_index_action, NULL);
        emit_line(sb, 1, "return -1;");
        sb_puts(sb, "}\n\n");
    }
    bool expect = s->nfields > 0 && all_plain_names(names, s->nfields);
    if (expect) {
        sb_printf(sb, "/* The members as sc_next_member_expect compares them: the key declared\n"
                      " * after the last one read is tried before the general lookup. */\n");
        sb_printf(sb, "static const sc_string sc_gen_keys_%s[] = {\n", s->name);
        for (size_t i = 0; i < s->nfields; i++) {
            char *lit = c_literal(names[i]);
            emit_line(sb, 1, "{%s, %zu, %zu},", lit, strlen(names[i]), utf8_chars(names[i]));
            free(lit);
        }
        sb_puts(sb, "};\n\n");
    }

    /* the offset of each member's value, where a member's checks place their errors */
    bool offsets = false;
    for (size_t i = 0; i < s->nfields; i++) {
        const node *n = s->fields[i].type;
        uint64_t max;
        if (read_needs_check(n) || (n->kind == NODE_ARRAY && node_max_items(n, &max)) || read_checks_in_place(n) ||
            (s->fields[i].presence != PRESENCE_REQUIRED && !s->fields[i].nullable))
            offsets = true;
    }

    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_)\n{\n", s->name, s->c_type);
    if (s->nfields > 0)
        emit_line(sb, 1, "bool seen_[%zu] = {false};", s->nfields);
    if (offsets)
        emit_line(sb, 1, "size_t at_ = 0;");
    if (s->additional_properties)
        emit_line(sb, 1, "sc_skipped skipped_ = {NULL, 0, 0};");
    emit_line(sb, 1, "sc_string key_;");
    emit_line(sb, 1, "sc_next more_;");
    if (expect)
        emit_line(sb, 1, "size_t expect_ = 0;");
    emit_line(sb, 1, "int rc_ = 0;");
    sb_puts(sb, "\n");
    emit_line(sb, 1, "memset(out_, 0, sizeof *out_);");
    emit_line(sb, 1, "if ((rc_ = sc_read_object_begin(r_)) != 0)");
    emit_line(sb, 2, "return rc_;");
    if (expect) {
        /* SC_NEXT_ITEM or SC_NEXT_EXPECTED: a member */
        emit_line(sb, 1, "while ((more_ = sc_next_member_expect(r_, &sc_gen_keys_%s[expect_], &key_)) > SC_NEXT_END) {",
                  s->name);
        emit_line(sb, 2, "int member_ = more_ == SC_NEXT_EXPECTED ? (int)expect_ : sc_gen_member_%s(key_.ptr, key_.len);",
                  s->name);
    } else {
        emit_line(sb, 1, "while ((more_ = sc_next_member(r_, &key_)) == SC_NEXT_ITEM) {");
        if (s->nfields > 0)
            emit_line(sb, 2, "int member_ = sc_gen_member_%s(key_.ptr, key_.len);", s->name);
    }
    if (s->nfields > 0) {
        emit_line(sb, 2, "if (member_ < 0) {");
    } else {
        emit_line(sb, 2, "{");
    }
    if (s->additional_properties) {
        emit_line(sb, 3, "if (sc_skip_member(r_, &skipped_, &key_) != 0)");
        emit_line(sb, 4, "return sc_reader_abandon(r_);");
        emit_line(sb, 3, "continue;");
    } else {
        if (s->nfields > 0)
            emit_line(sb, 3, "if ((rc_ = sc_fail_unknown_member(r_, &key_, sc_gen_members_%s, %zu)) != 0)", s->name,
                      s->nfields);
        else
            emit_line(sb, 3, "if ((rc_ = sc_fail_unknown_member(r_, &key_, NULL, 0)) != 0)");
        emit_line(sb, 4, "return rc_;");
        emit_line(sb, 3, "continue; /* all-errors mode: listed, the value skipped */");
    }
    emit_line(sb, 2, "}");
    if (s->nfields > 0) {
        emit_line(sb, 2, "if (seen_[member_]) {");
        emit_line(sb, 3, "sc_fail_duplicate_member(r_, sc_gen_members_%s[member_]);", s->name);
        emit_line(sb, 3, "return sc_reader_abandon(r_);");
        emit_line(sb, 2, "}");
        emit_line(sb, 2, "seen_[member_] = true;");
        if (offsets)
            emit_line(sb, 2, "at_ = sc_reader_offset(r_);");
        if (expect) /* documents mostly follow the declaration order */
            emit_line(sb, 2, "expect_ = member_ + 1 < %zu ? (size_t)member_ + 1 : 0;", s->nfields);
        emit_line(sb, 2, "switch (member_) {");
        for (size_t i = 0; i < s->nfields; i++) {
            const field *f = &s->fields[i];
            char *comment = comment_text(f->json_name);
            emit_line(sb, 2, "case %zu: /* %s */", i, comment);
            free(comment);
            if (f->nullable) {
                emit_line(sb, 3, "if (sc_peek(r_) == SC_JSON_NULL) {");
                emit_line(sb, 4, "rc_ = sc_read_null(r_); /* null: the pointer stays NULL */");
                emit_line(sb, 4, "break;");
                emit_line(sb, 3, "}");
            }
            if (f->type->kind == NODE_MAP) {
                emit_read_map(sb, 3, s->name, f);
            } else if (f->type->kind == NODE_ARRAY) {
                emit_read_array(sb, 3, s->name, f);
            } else if (f->by_pointer) {
                emit_line(sb, 3, "if ((out_->%s = sc_reader_alloc(r_, sizeof *out_->%s)) == NULL) {", f->c_path,
                     f->c_path);
                emit_line(sb, 4, "rc_ = sc_reader_code(r_);");
                emit_line(sb, 4, "break;");
                emit_line(sb, 3, "}");
                /* a const T it allocated itself: the decoder may fill it */
                char *lv = f->type->c_const ? xasprintf("(*(%s *)out_->%s)", f->type->c_type, f->c_path)
                                            : xasprintf("*out_->%s", f->c_path);
                char *check_fn = xasprintf("%s_%s", s->name, f->c_name);
                emit_read(sb, 3, f->type, lv, check_fn, "at_");
                if (read_needs_check(f->type))
                    emit_read_check(sb, 3, f->type, lv, check_fn, NULL, "at_");
                free(check_fn);
                free(lv);
            } else {
                char *lv = xasprintf("out_->%s", f->c_path);
                char *check_fn = xasprintf("%s_%s", s->name, f->c_name);
                emit_read(sb, 3, f->type, lv, check_fn, "at_");
                if (read_needs_check(f->type))
                    emit_read_check(sb, 3, f->type, lv, check_fn, NULL, "at_");
                free(check_fn);
                free(lv);
            }
            if (f->presence != PRESENCE_REQUIRED && !f->nullable) {
                emit_line(sb, 3, "if (rc_ == SC_ERR_TYPE) /* a null: say to leave the member out */");
                emit_line(sb, 4, "sc_reader_hint_null(r_, at_);");
            }
            emit_line(sb, 3, "break;");
        }
        emit_line(sb, 2, "default:");
        emit_line(sb, 3, "break;");
        emit_line(sb, 2, "}");
        emit_line(sb, 2, "if (rc_ != 0 && (rc_ = sc_reader_catch_key(r_, sc_gen_members_%s[member_])) != 0)", s->name);
        emit_line(sb, 3, "return rc_;");
    }
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "if (more_ == SC_NEXT_ERROR)");
    emit_line(sb, 2, "return sc_reader_abandon(r_);");
    if (s->additional_properties) {
        emit_line(sb, 1, "if ((rc_ = sc_check_skipped(r_, &skipped_)) != 0)");
        emit_line(sb, 2, "return rc_;");
    }
    bool all_required = s->nfields > 1;
    for (size_t i = 0; i < s->nfields; i++)
        all_required = all_required && s->fields[i].presence == PRESENCE_REQUIRED;
    if (all_required) { /* the usual case, one loop rather than two lines a member */
        emit_line(sb, 1, "for (size_t i_ = 0; i_ < %zu; i_++)", s->nfields);
        emit_line(sb, 2, "if (!seen_[i_] && (rc_ = sc_fail_missing_member(r_, sc_gen_members_%s[i_])) != 0)", s->name);
        emit_line(sb, 3, "return rc_;");
    }
    for (size_t i = 0; i < s->nfields && !all_required; i++) {
        const field *f = &s->fields[i];
        char *lit = c_literal(f->json_name);
        switch (f->presence) {
        case PRESENCE_REQUIRED:
            emit_line(sb, 1, "if (!seen_[%zu] && (rc_ = sc_fail_missing_member(r_, %s)) != 0)", i, lit);
            emit_line(sb, 2, "return rc_;");
            break;
        case PRESENCE_HAS_FLAG:
            emit_line(sb, 1, "out_->%s = seen_[%zu];", f->has_field, i);
            break;
        case PRESENCE_DEFAULT: {
            if (f->type->kind == NODE_ARRAY || f->type->kind == NODE_MAP)
                break; /* [] or {}: the zeroed struct holds no items */
            const cJSON *d = f->default_value;
            emit_line(sb, 1, "if (!seen_[%zu])", i);
            put_indent(sb, 2);
            const node *n = f->type;
            if (n->kind == NODE_STRING && n->buf_size > 0) {
                char *v = c_literal(d->valuestring);
                sb_printf(sb, "memcpy(out_->%s, %s, sizeof %s);\n", f->c_path, v, v);
                free(v);
            } else if (n->kind == NODE_STRING) {
                char *v = c_literal(d->valuestring);
                sb_printf(sb, "out_->%s = %s;\n", f->c_path, v);
                free(v);
            } else if (n->kind == NODE_ENUM) {
                sb_printf(sb, "out_->%s = %s;\n", f->c_path, enum_c_name(n->enum_type, d->valuestring));
            } else if (n->kind == NODE_BOOL) {
                sb_printf(sb, "out_->%s = %s;\n", f->c_path, cJSON_IsTrue(d) ? "true" : "false");
            } else if (n->kind == NODE_INT) { /* within +-(2^53-1): a plain literal fits */
                sb_printf(sb, "out_->%s = %lld;\n", f->c_path, (long long)d->valuedouble);
            } else {
                sb_printf(sb, "out_->%s = (%s)", f->c_path, n->c_type);
                put_double(sb, d->valuedouble);
                sb_puts(sb, ";\n");
            }
            break;
        }
        case PRESENCE_POINTER:
        case PRESENCE_OPTIONAL:
            break;
        }
        free(lit);
    }
    emit_line(sb, 1, "return sc_reader_collected(r_); /* all-errors mode: whether a member failed */");
    sb_puts(sb, "}\n\n");
    free(names);
}

/* A tagged union reads through the variant its discriminator names; errors
 * say which variant they come from. */
void emit_union_read(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];
    const enum_def *e = disc->type->enum_type;
    char *disc_lit = c_literal(disc->json_name);

    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_)\n{\n", s->name, s->c_type);
    emit_line(sb, 1, "sc_reader probe_ = *r_;");
    emit_line(sb, 1, "%s which_ = %s; /* set by sc_gen_read_%s before any use; gcc -O3 cannot tell */", e->c_type, e->values[0].c_name, e->name);
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "sc_next found_ = sc_find_member(&probe_, %s);", disc_lit);
    emit_line(sb, 1, "if (found_ == SC_NEXT_ERROR)");
    emit_line(sb, 2, "return sc_reader_skip_failed(r_); /* all-errors mode: listed, the value skipped */");
    emit_line(sb, 1, "if (found_ == SC_NEXT_END) {");
    emit_line(sb, 2, "sc_reader_fail(r_, SC_ERR_REQUIRED, \"required\", \"missing required property \\\"%%s\\\"\", %s);",
              disc_lit);
    emit_line(sb, 2, "return sc_reader_skip_failed(r_);");
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "if ((rc_ = sc_gen_read_%s(&probe_, &which_)) != 0) {", e->name);
    emit_line(sb, 2, "sc_error_push_key(sc_reader_error(r_), %s);", disc_lit);
    emit_line(sb, 2, "return sc_reader_skip_failed(r_);");
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "switch (which_) {");
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        emit_line(sb, 1, "case %s:", v->variant_value->c_name);
        emit_line(sb, 2, "if ((rc_ = sc_gen_read_%s(r_, out_)) != 0)", v->name);
        emit_line(sb, 3, "sc_reader_note(r_, \"when %%s is \\\"%%s\\\"\", %s, \"%s\");", disc_lit,
             v->variant_value->json_name);
        emit_line(sb, 2, "return rc_;");
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "return sc_reader_fail(r_, SC_ERR_REQUIRED, \"required\", \"missing required property \\\"%%s\\\"\", %s); "
                     "/* not reached: sc_gen_read_%s knows every value */", disc_lit, e->name);
    emit_line(sb, 1, "}");
    sb_puts(sb, "}\n\n");

    free(disc_lit);
}

/* What the value must be when no variant reads its type: "null, an
 * integer or a string". */
char *untagged_expected(const struct_def *s)
{
    const char *names[8];
    size_t total = 0;
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        node_kind k = v->nfields == 0 ? NODE_ANY : v->fields[0].type->kind;
        const char *name = k == NODE_ANY ? "null" : k == NODE_BOOL ? "a boolean" : k == NODE_INT ? "an integer"
                         : k == NODE_NUMBER ? "a number" : k == NODE_STRING || k == NODE_ENUM ? "a string"
                         : k == NODE_ARRAY ? "an array" : "an object";
        bool repeated = false;
        for (size_t j = 0; j < total; j++)
            repeated = repeated || strcmp(names[j], name) == 0;
        if (!repeated && total < sizeof names / sizeof *names)
            names[total++] = name;
    }
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < total; i++)
        sb_printf(&sb, "%s%s", i == 0 ? "" : i + 1 == total ? " or " : ", ", names[i]);
    return sb_take(&sb);
}

/* read_VARIANT: the value of one variant of an untagged union, with its
 * constraints; the enum member says which variant was read. */
static void emit_variant_read(strbuf *sb, const struct_def *s, const struct_def *v)
{
    const field *disc = &s->fields[s->discriminator];
    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_)\n{\n", v->name, s->c_type);
    emit_line(sb, 1, "int rc_;");
    if (v->nfields > 0)
        emit_line(sb, 1, "size_t at_ = sc_reader_offset(r_); /* where errors of the value are placed */");
    if (v->nfields == 0) {
        emit_line(sb, 1, "rc_ = sc_read_null(r_);");
    } else {
        const field *f = &v->fields[0];
        char *lv = xasprintf("out_->%s", f->c_path);
        char *check_fn = xasprintf("%s_%s", v->name, f->c_name);
        if (f->type->kind == NODE_ARRAY)
            emit_read_array(sb, 1, v->name, f);
        else
            emit_read(sb, 1, f->type, lv, check_fn, "at_");
        free(check_fn);
        free(lv);
    }
    emit_line(sb, 1, "if (rc_ != 0)");
    emit_line(sb, 2, "return rc_;");
    emit_line(sb, 1, "out_->%s = %s;", disc->c_path, v->variant_value->c_name);
    if (v->nfields == 1) {
        emit_line(sb, 1, "if (sc_gen_check_%s(out_, sc_reader_error(r_), false, NULL, 0) != 0)", s->name);
        emit_line(sb, 2, "return sc_reader_place_error_at(r_, at_);");
    }
    emit_line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");
}

/* An untagged union reads the variants of the value's JSON type in the
 * enum's order, each on a copy of the reader: the first that accepts the
 * value keeps it, so the decoder accepts what anyOf accepts; when all
 * fail, the last one's error stands. A failure that is not a verdict on
 * the value (malformed JSON, I-JSON, depth, memory) ends the tries: every
 * variant would meet it, and out of memory must not read as a type error.
 * Object variants are not tried: the member that selects each (check.c)
 * says which one reads the object. In all-errors mode a try collects
 * nothing: only the variant that keeps the value, or the last one, lists
 * its errors. */
void emit_untagged_read(strbuf *sb, const struct_def *s)
{
    for (size_t i = 0; i < s->nvariants; i++)
        emit_variant_read(sb, s, s->variants[i]);

    /* sc_peek's name of each variant_type (a boolean: true, and false beside it) */
    static const char *const json_types[VARIANT_TYPE_COUNT] = {
        [VARIANT_NULL] = "SC_JSON_NULL",     [VARIANT_BOOLEAN] = "SC_JSON_TRUE", [VARIANT_NUMBER] = "SC_JSON_NUMBER",
        [VARIANT_STRING] = "SC_JSON_STRING", [VARIANT_ARRAY] = "SC_JSON_ARRAY",  [VARIANT_OBJECT] = "SC_JSON_OBJECT"};
    sb_printf(sb, "static int sc_gen_read_%s(sc_reader *r_, %s *out_)\n{\n", s->name, s->c_type);
    bool tries = false; /* two variants of one JSON type, not objects: the first ones are tried */
    for (size_t i = 0; i < s->nvariants; i++)
        for (size_t j = i + 1; j < s->nvariants; j++)
            if (untagged_variant_type(s->variants[i]) == untagged_variant_type(s->variants[j]) &&
                untagged_variant_type(s->variants[i]) != VARIANT_OBJECT)
                tries = true;
    emit_line(sb, 1, "sc_reader probe_;");
    if (tries)
        emit_line(sb, 1, "sc_errors *paused_;");
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "memset(out_, 0, sizeof *out_);");
    emit_line(sb, 1, "switch (sc_peek(r_)) {");
    for (variant_type t = 0; t < VARIANT_TYPE_COUNT; t++) {
        const char *type = json_types[t];
        const struct_def *last = NULL;
        size_t count = 0;
        for (size_t i = 0; i < s->nvariants; i++)
            if (untagged_variant_type(s->variants[i]) == t) {
                last = s->variants[i];
                count++;
            }
        if (last == NULL)
            continue;
        if (t == VARIANT_BOOLEAN)
            emit_line(sb, 1, "case SC_JSON_FALSE:");
        put_indent(sb, 1); /* no format: gcc -fsanitize=undefined sees a NULL %s here that cannot be */
        sb_puts(sb, "case ");
        sb_puts(sb, type);
        sb_puts(sb, ":\n");
        if (t == VARIANT_OBJECT && count > 1) {
            strbuf names;
            sb_init(&names);
            for (size_t i = 0; i < s->nvariants; i++) {
                const struct_def *v = s->variants[i];
                if (v->select_member == NULL)
                    continue;
                char *lit = c_literal(v->select_member);
                emit_line(sb, 2, "probe_ = *r_;");
                emit_line(sb, 2, "switch (sc_find_member(&probe_, %s)) {", lit);
                emit_line(sb, 2, "case SC_NEXT_ITEM:");
                emit_line(sb, 3, "return sc_gen_read_%s(r_, out_);", v->name);
                emit_line(sb, 2, "case SC_NEXT_ERROR:");
                emit_line(sb, 3, "return sc_reader_skip_failed(r_);");
                emit_line(sb, 2, "default:");
                emit_line(sb, 3, "break;");
                emit_line(sb, 2, "}");
                sb_printf(&names, "%s\\\"%s\\\"", names.len ? ", " : "", v->select_member);
                free(lit);
            }
            emit_line(sb, 2, "sc_reader_fail(r_, SC_ERR_REQUIRED, \"required\", "
                             "\"must have one of the properties %s\");", names.data != NULL ? names.data : "");
            emit_line(sb, 2, "return sc_reader_skip_failed(r_); /* all-errors mode: listed, the value skipped */");
            sb_free(&names);
            continue;
        }
        for (size_t i = 0; i < s->nvariants; i++) {
            const struct_def *v = s->variants[i];
            if (v == last || untagged_variant_type(v) != t)
                continue;
            emit_line(sb, 2, "probe_ = *r_;");
            emit_line(sb, 2, "paused_ = sc_reader_pause_collect(r_); /* a try's errors are no one's */");
            emit_line(sb, 2, "rc_ = sc_gen_read_%s(&probe_, out_);", v->name);
            emit_line(sb, 2, "if (sc_is_verdict(rc_))");
            emit_line(sb, 3, "sc_error_clear(sc_reader_error(r_)); /* the next variant may accept it */");
            emit_line(sb, 2, "sc_reader_resume_collect(r_, paused_);");
            emit_line(sb, 2, "if (rc_ == 0) {");
            emit_line(sb, 3, "*r_ = probe_;");
            emit_line(sb, 3, "return 0;");
            emit_line(sb, 2, "}");
            emit_line(sb, 2, "if (sc_reader_code(r_) != 0)");
            emit_line(sb, 3, "return rc_; /* the document or the memory failed, not this variant */");
            emit_line(sb, 2, "memset(out_, 0, sizeof *out_);");
        }
        emit_line(sb, 2, "return sc_gen_read_%s(r_, out_);", last->name);
    }
    char *expected = untagged_expected(s);
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "probe_ = *r_;");
    emit_line(sb, 2, "if ((rc_ = sc_skip_value(&probe_)) != 0)");
    emit_line(sb, 3, "return rc_; /* not JSON at all */");
    emit_line(sb, 2, "sc_reader_fail(r_, SC_ERR_TYPE, \"type\", \"must be %s\");", expected);
    emit_line(sb, 2, "return sc_reader_skip_failed(r_);");
    emit_line(sb, 1, "}");
    sb_puts(sb, "}\n\n");
    free(expected);
}
