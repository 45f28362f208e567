/* schemac generator: the generated check_* functions, every constraint of
 * a value (run after reading, and by T_validate on values built in C). */
#include "emit/c/emit_c_internal.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "model/keywords.h"
#include "pattern/pattern.h"
#include "schemac/check.h"

void emit_enum_check(strbuf *sb, const enum_def *e)
{
    char *choices = enum_choices(e);
    char *choices_lit = c_literal(choices);

    /* JSON name of a value; NULL for a value outside the enum. */
    sb_printf(sb, "static const char *sc_gen_name_%s(%s value_)\n{\n", e->name, e->c_type);
    emit_line(sb, 1, "switch (value_) {");
    for (size_t i = 0; i < e->nvalues; i++) {
        bool repeated = false; /* two enumerators with one value: the first names it */
        for (size_t j = 0; j < i; j++)
            if (e->values[j].value == e->values[i].value)
                repeated = true;
        if (repeated)
            continue;
        char *lit = c_literal(e->values[i].json_name);
        emit_line(sb, 1, "case %s:", e->values[i].c_name);
        emit_line(sb, 2, "return %s;", lit);
        free(lit);
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "return NULL;");
    emit_line(sb, 1, "}");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static int sc_gen_check_%s(%s value_, sc_error *err_)\n{\n", e->name, e->c_type);
    emit_line(sb, 1, "if (sc_gen_name_%s(value_) == NULL)", e->name);
    emit_line(sb, 2, "return sc_fail(err_, SC_ERR_CONSTRAINT, \"enum\", \"must be one of: %%s\", %s);",
         choices_lit);
    emit_line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");

    free(choices);
    free(choices_lit);
}

/* The C type of the value a check function receives for n. */
static const char *check_param_type(const node *n)
{
    switch (n->kind) {
    case NODE_BOOL: return "bool";
    case NODE_INT: return n->is_signed ? "int64_t" : "uint64_t";
    case NODE_NUMBER: return "double";
    case NODE_STRING: return "const char *";
    default: return NULL;
    }
}

static void emit_fail(strbuf *sb, int level, const char *code, const char *keyword, const char *message)
{
    char *lit = c_format_literal(message);
    char *kw = keyword != NULL ? c_literal(keyword) : xstrdup("NULL");
    emit_line(sb, level, "return sc_fail(err_, %s, %s, %s);", code, kw, lit);
    free(kw);
    free(lit);
}

/* `return sc_fail(...)` for keyword id failing against bound (as text). */
static void emit_keyword_fail(strbuf *sb, int level, keyword_id id, const char *bound)
{
    char *message = keyword_message(id, bound);
    emit_fail(sb, level, "SC_ERR_CONSTRAINT", keywords[id].name, message);
    free(message);
}

static void emit_number_bounds(strbuf *sb, const node *n, const char *value)
{
    const constraints *c = &n->c;
    for (keyword_id id = KW_MINIMUM; id <= KW_EXCLUSIVE_MAXIMUM; id++) {
        const number *bound = keyword_number(c, id);
        if (!bound->set)
            continue;
        put_indent(sb, 1);
        sb_printf(sb, "if (%s %s ", value, keywords[id].fails_if);
        put_double(sb, bound->value);
        sb_puts(sb, ")\n");
        char *text = double_text(bound->value);
        emit_keyword_fail(sb, 2, id, text);
        free(text);
    }
    if (c->multiple_of.set) {
        put_indent(sb, 1);
        sb_printf(sb, "if (!sc_is_multiple_of(%s, ", value);
        put_double(sb, c->multiple_of.value);
        sb_puts(sb, "))\n");
        char *text = double_text(c->multiple_of.value);
        emit_keyword_fail(sb, 2, KW_MULTIPLE_OF, text);
        free(text);
    }
}

/* A C expression comparing `value` (of n's check parameter type) with the
 * JSON value v, or NULL when v cannot equal any value of the type. */
static char *equals_expr(const node *n, const char *value, const cJSON *v)
{
    switch (n->kind) {
    case NODE_BOOL:
        if (!cJSON_IsBool(v))
            return NULL;
        return xasprintf("%s == %s", value, cJSON_IsTrue(v) ? "true" : "false");
    case NODE_INT:
    case NODE_NUMBER: {
        if (!cJSON_IsNumber(v))
            return NULL;
        strbuf sb;
        sb_init(&sb);
        sb_printf(&sb, "(double)%s == ", value);
        put_double(&sb, v->valuedouble);
        return sb_take(&sb);
    }
    case NODE_STRING: {
        if (!cJSON_IsString(v))
            return NULL;
        char *lit = c_literal(v->valuestring);
        char *e = xasprintf("strcmp(%s, %s) == 0", value, lit);
        free(lit);
        return e;
    }
    case NODE_ENUM:
        if (!cJSON_IsString(v))
            return NULL;
        return xasprintf("%s == %s", value, enum_c_name(n->enum_type, v->valuestring));
    default:
        return NULL;
    }
}

static void emit_enum_const(strbuf *sb, const node *n, const char *value)
{
    const constraints *c = &n->c;
    if (c->enum_values != NULL) {
        strbuf cond;
        sb_init(&cond);
        const cJSON *item;
        cJSON_ArrayForEach(item, c->enum_values) {
            char *e = equals_expr(n, value, item);
            if (e == NULL)
                continue;
            sb_printf(&cond, "%s!(%s)", cond.len ? " && " : "", e);
            free(e);
        }
        emit_line(sb, 1, "if (%s)", cond.len ? cond.data : "true");
        char *list = keyword_value_text(&keywords[KW_ENUM], c->enum_values);
        emit_keyword_fail(sb, 2, KW_ENUM, list);
        free(list);
        sb_free(&cond);
    }
    if (c->const_value != NULL) {
        char *e = equals_expr(n, value, c->const_value);
        char *text = keyword_value_text(&keywords[KW_CONST], c->const_value);
        emit_line(sb, 1, "if (!(%s))", e != NULL ? e : "false");
        emit_keyword_fail(sb, 2, KW_CONST, text);
        free(text);
        free(e);
    }
}

/* matcher_fn: the function matching n's pattern (strings with a pattern). */
static void emit_check_body_scalar(strbuf *sb, const node *n, const char *matcher_fn)
{
    const constraints *c = &n->c;
    switch (n->kind) {
    case NODE_INT:
        if (n->int_bytes >= 7) {
            /* only 64-bit types can hold values beyond +-(2^53-1) */
            if (n->is_signed) {
                emit_line(sb, 1, "if (full_ && value_ < -INT64_C(9007199254740991))");
                emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "minimum", "must be >= -9007199254740991");
            }
            emit_line(sb, 1, "if (full_ && value_ > %s)",
                 n->is_signed ? "INT64_C(9007199254740991)" : "UINT64_C(9007199254740991)");
            char *message = xasprintf("must be <= %lld", (long long)n->c_max);
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "maximum", message);
            free(message);
        }
        emit_number_bounds(sb, n, "(double)value_");
        break;
    case NODE_NUMBER:
        emit_line(sb, 1, "if (full_ && !(value_ >= -DBL_MAX && value_ <= DBL_MAX))");
        emit_fail(sb, 2, "SC_ERR_NUMBER", "type", "must be a finite number");
        if (n->is_float && n->state_type_min) {
            emit_line(sb, 1, "if (full_ && value_ < -FLT_MAX)");
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "minimum", "must be >= -3.4028234663852886e+38");
        }
        if (n->is_float && n->state_type_max) {
            emit_line(sb, 1, "if (full_ && value_ > FLT_MAX)");
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "maximum", "must be <= 3.4028234663852886e+38");
        }
        emit_number_bounds(sb, n, "value_");
        break;
    case NODE_STRING: {
        /* the body of check_FN_text: value_ has len_ bytes, chars_ code points */
        const struct {
            bool set;
            uint64_t bound;
            keyword_id id;
        } lengths[] = {{c->has_min_length && c->min_length > 0, c->min_length, KW_MIN_LENGTH}, /* >= 0 holds */
                       {c->has_max_length, c->max_length, KW_MAX_LENGTH}};
        for (size_t i = 0; i < sizeof lengths / sizeof *lengths; i++) {
            if (!lengths[i].set)
                continue;
            char *text = xasprintf("%llu", (unsigned long long)lengths[i].bound);
            emit_line(sb, 1, "if (chars_ %s %s)", keywords[lengths[i].id].fails_if, text);
            emit_keyword_fail(sb, 2, lengths[i].id, text);
            free(text);
        }
        if (c->format >= 0) {
            static const char *const format_ids[] = {
#define FORMAT_ID(id, name) "SC_FORMAT_" #id,
                SC_FORMATS(FORMAT_ID)
#undef FORMAT_ID
            };
            emit_line(sb, 1, "if (!sc_format_valid(%s, value_, len_))", format_ids[c->format]);
            emit_keyword_fail(sb, 2, KW_FORMAT, sc_format_name((sc_format)c->format));
        }
        if (c->pattern != NULL) {
            emit_line(sb, 1, "if (!%s(value_, len_))", matcher_fn);
            emit_keyword_fail(sb, 2, KW_PATTERN, c->pattern);
        }
        break;
    }
    default:
        break;
    }
    emit_enum_const(sb, n, "value_");
}

/* The matchers emitted so far into the source being written, by pattern:
 * one matcher serves every string of the same pattern (a typedef'd string
 * used in many structs), named after its first use. */
typedef struct matcher {
    char *pattern;
    char *fn;
} matcher;
static matcher *matchers;
static size_t nmatchers;

void emit_check_reset(void)
{
    for (size_t i = 0; i < nmatchers; i++) {
        free(matchers[i].pattern);
        free(matchers[i].fn);
    }
    free(matchers);
    matchers = NULL;
    nmatchers = 0;
}

/* The name of the matcher of n's pattern, emitting it on first use. */
const char *pattern_matcher(strbuf *sb, const node *n, const char *fn)
{
    for (size_t i = 0; i < nmatchers; i++)
        if (strcmp(matchers[i].pattern, n->c.pattern) == 0)
            return matchers[i].fn;
    char message[256];
    size_t offset;
    pattern *p = pattern_compile(n->c.pattern, message, sizeof message, &offset);
    if (p == NULL)
        return "false_"; /* reported by the tags reader already: no code is written */
    char *name = xasprintf("sc_gen_match_%s", fn);
    pattern_emit_c(p, name, sb);
    sb_puts(sb, "\n");
    pattern_free(p);
    matchers = xrealloc(matchers, (nmatchers + 1) * sizeof *matchers);
    matchers[nmatchers++] = (matcher){xstrdup(n->c.pattern), name};
    return name;
}

const char *unique_kind(const node *items)
{
    switch (items->kind) {
    case NODE_NUMBER: return items->is_float ? "SC_UNIQUE_FLOAT" : "SC_UNIQUE_DOUBLE";
    case NODE_STRING: return items->buf_size > 0 ? "SC_UNIQUE_CHARBUF" : "SC_UNIQUE_STRPTR";
    default: return "SC_UNIQUE_BYTES";
    }
}

static void emit_check_fn(strbuf *sb, const node *n, const char *fn);
static void emit_map_check_fn(strbuf *sb, const node *n, const char *fn);

/* The statement calling the check of n on `expr`, returning on error after
 * pushing `push` (a path segment statement) when non-NULL. */
static void emit_check_call(strbuf *sb, int level, const node *n, const char *fn, const char *expr,
                            const char *count_expr)
{
    switch (n->kind) {
    case NODE_STRUCT:
        /* "*v->x" (an optional struct) is passed as v->x */
        emit_line(sb, level, "rc_ = sc_gen_check_%s(%s%s, err_, full_, NULL, depth_ + 1);", n->struct_type->name,
             expr[0] == '*' ? "" : "&", expr[0] == '*' ? expr + 1 : expr);
        break;
    case NODE_ENUM:
        if (has_value_keywords(n))
            emit_line(sb, level, "rc_ = sc_gen_check_%s(%s, err_, full_);", fn, expr);
        else
            emit_line(sb, level, "rc_ = full_ ? sc_gen_check_%s(%s, err_) : 0;", n->enum_type->name, expr);
        break;
    case NODE_ARRAY:
    case NODE_MAP:
        emit_line(sb, level, "rc_ = sc_gen_check_%s(%s, %s, err_, full_, depth_);", fn, expr, count_expr != NULL ? count_expr : "0");
        break;
    case NODE_ANY:
        if (n->any_object)
            emit_line(sb, level, "rc_ = !cJSON_IsObject(%s) ? sc_fail(err_, SC_ERR_TYPE, \"type\", \"must be an "
                                 "object\") : full_ ? sc_check_cjson(%s, err_) : 0;", expr, expr);
        else
            emit_line(sb, level, "rc_ = full_ ? sc_check_cjson(%s, err_) : 0;", expr);
        break;
    default:
        /* the decoder checked the double it read, and each string's text
         * with the counts the reader took */
        if ((n->kind == NODE_NUMBER && n->is_float) || n->kind == NODE_STRING)
            emit_line(sb, level, "rc_ = full_ ? sc_gen_check_%s(%s, err_, full_) : 0;", fn, expr);
        else
            emit_line(sb, level, "rc_ = sc_gen_check_%s(%s, err_, full_);", fn, expr);
        break;
    }
}

/* `if (count OP bound) return <keyword error>`: a check on how many items
 * or properties a value has ("must have at least 2 items"). */
static void emit_count_check(strbuf *sb, const char *op, uint64_t bound, const char *keyword, const char *one,
                             const char *many)
{
    emit_line(sb, 1, "if (count_ %s %llu)", op, (unsigned long long)bound);
    char *message = xasprintf("must have %s %llu %s", op[0] == '<' ? "at least" : "at most",
                              (unsigned long long)bound, bound == 1 ? one : many);
    emit_fail(sb, 2, "SC_ERR_CONSTRAINT", keyword, message);
    free(message);
}

/* A map: entry count, each key (propertyNames), each value, unique keys. */
static void emit_map_check_fn(strbuf *sb, const node *n, const char *fn)
{
    const constraints *c = &n->c;
    char *key_fn = xasprintf("%s_key", fn), *value_fn = xasprintf("%s_value", fn);
    emit_check_fn(sb, n->map_key, key_fn);
    bool value_check = needs_check(n->map_value);
    if (value_check)
        emit_check_fn(sb, n->map_value, value_fn);
    char *items_type = const_items_type(n->entry_c_type);
    sb_printf(sb, "static int sc_gen_check_%s(%sitems_, size_t count_, sc_error *err_, bool full_, int depth_)\n{\n",
              fn, items_type);
    free(items_type);
    strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
    sb_init(&body);
    sb = &body;
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "if (full_ && count_ > 0 && items_ == NULL)");
    emit_fail(sb, 2, "SC_ERR_TYPE", "type", "must be an object");
    emit_line(sb, 1, "if (full_ && sc_check_count(err_, count_, true) != 0) /* max_members, the text so far */");
    emit_line(sb, 2, "return err_->code;");
    if (c->has_min_items && c->min_items > 0)
        emit_count_check(sb, "<", c->min_items, "minProperties", "property", "properties");
    uint64_t max;
    if (node_max_items(n, &max))
        emit_count_check(sb, ">", max, "maxProperties", "property", "properties");
    emit_line(sb, 1, "for (size_t i_ = 0; i_ < count_; i_++) {");
    /* keys are not read by emit_read: checked here when decoding too */
    emit_line(sb, 2, "rc_ = sc_gen_check_%s(items_[i_].key, err_, full_);", key_fn);
    emit_line(sb, 2, "if (rc_ != 0) {");
    emit_line(sb, 3, "err_->keyword = \"propertyNames\";");
    emit_line(sb, 3, "return sc_error_note(err_, \"property name \\\"%%s\\\"\", items_[i_].key);");
    emit_line(sb, 2, "}");
    if (value_check) {
        emit_line(sb, 2, "if (full_) { /* the decoder checked each value as it read it */");
        emit_check_call(sb, 3, n->map_value, value_fn, "items_[i_].value", NULL);
        emit_line(sb, 3, "if (rc_ != 0 && (rc_ = sc_catch_key(err_, 3 * depth_ + 2, items_[i_].key)) != 0)");
        emit_line(sb, 4, "return rc_;");
        emit_line(sb, 2, "}");
    }
    emit_line(sb, 1, "}");
    /* keys are the entries' first member, so the entries can be compared as keys */
    emit_line(sb, 1, "if (count_ > 1) {");
    emit_line(sb, 2, "size_t dup_ = sc_find_duplicate(items_, count_, sizeof *items_, %s);",
         n->map_key->buf_size > 0 ? "SC_UNIQUE_CHARBUF" : "SC_UNIQUE_STRPTR");
    emit_line(sb, 2, "if (dup_ == count_ + 1)");
    emit_fail(sb, 3, "SC_ERR_NOMEM", NULL, "out of memory");
    emit_line(sb, 2, "if (dup_ < count_)");
    emit_line(sb, 3, "return sc_fail(err_, SC_ERR_DUPLICATE_KEY, NULL, \"duplicate key \\\"%%s\\\"\", items_[dup_].key);");
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "return %s;", value_check ? "full_ ? sc_collected(err_, 3 * depth_ + 1) : 0" : "0");
    emit_body(out, &body, (const char *const[]){"full_", "depth_", NULL});
    free(key_fn);
    free(value_fn);
}

/* A string's checks come in two parts: check_FN_text, the constraints on
 * text whose length in bytes and code points is known (the decoder calls
 * it with the counts the reader took, so no string is read twice), and
 * check_FN, which takes them for a string built in C. */
static void emit_string_check_fns(strbuf *sb, const node *n, const char *fn)
{
    const constraints *c = &n->c;
    bool text_checks = string_checked_on_read(n);
    if (text_checks) {
        const char *matcher_fn = c->pattern != NULL ? pattern_matcher(sb, n, fn) : NULL;
        sb_printf(sb, "static int sc_gen_check_%s_text(const char *value_, size_t len_, size_t chars_, sc_error *err_)\n{\n",
                  fn);
        strbuf body;
        sb_init(&body);
        emit_check_body_scalar(&body, n, matcher_fn);
        emit_line(&body, 1, "return 0;");
        emit_body(sb, &body, (const char *const[]){"value_", "len_", "chars_", "err_", NULL});
    }
    bool counts = (c->has_min_length && c->min_length > 0) || c->has_max_length;
    sb_printf(sb, "static int sc_gen_check_%s(const char *value_, sc_error *err_, bool full_)\n{\n", fn);
    emit_line(sb, 1, "size_t len_;");
    emit_line(sb, 1, "if (value_ == NULL)");
    emit_fail(sb, 2, "SC_ERR_TYPE", "type", "must be a string");
    emit_line(sb, 1, "len_ = strlen(value_);");
    emit_line(sb, 1, "if (full_ && sc_check_string(err_, value_, len_) != 0) /* max_string, the text so far, UTF-8 */");
    emit_line(sb, 2, "return err_->code;");
    if (text_checks)
        emit_line(sb, 1, "return sc_gen_check_%s_text(value_, len_, %s, err_);", fn,
                  counts ? "sc_utf8_count(value_, len_)" : "0");
    else
        emit_line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");
}

static void emit_check_fn(strbuf *sb, const node *n, const char *fn)
{
    if (n->kind == NODE_STRUCT || n->kind == NODE_ANY)
        return; /* check_STRUCTNAME and sc_check_cjson serve */
    if (n->kind == NODE_ENUM && !has_value_keywords(n))
        return; /* check_ENUMNAME serves */
    if (n->kind == NODE_MAP) {
        emit_map_check_fn(sb, n, fn);
        return;
    }
    if (n->kind == NODE_ARRAY) {
        const node *items = n->items;
        char *item_fn = xasprintf("%s_items", fn);
        bool item_check = needs_check(items);
        if (item_check)
            emit_check_fn(sb, items, item_fn);
        const constraints *c = &n->c;
        uint64_t max;
        char *items_type = const_items_type(items->c_type);
        sb_printf(sb, "static int sc_gen_check_%s(%sitems_, size_t count_, sc_error *err_, bool full_, int depth_)\n{\n",
                  fn, items_type);
        free(items_type);
        strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
        sb_init(&body);
        sb = &body;
        if (item_check)
            emit_line(sb, 1, "int rc_;");
        emit_line(sb, 1, "if (full_ && count_ > 0 && items_ == NULL)");
        emit_fail(sb, 2, "SC_ERR_TYPE", "type", "must be an array");
        if (n->fixed_size > 0) {
            emit_line(sb, 1, "if (full_ && count_ > %zu)", n->fixed_size);
            char *message = xasprintf("must have at most %zu items", n->fixed_size);
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "maxItems", message);
            free(message);
        }
        emit_line(sb, 1, "if (full_ && sc_check_count(err_, count_, false) != 0) /* max_items, the text so far */");
        emit_line(sb, 2, "return err_->code;");
        if (item_check) {
            char *expr = xasprintf("items_[i_]");
            emit_line(sb, 1, "for (size_t i_ = 0; full_ && i_ < count_; i_++) { /* the decoder checked each item as it read it */");
            emit_check_call(sb, 2, items, item_fn, expr, NULL);
            emit_line(sb, 2, "if (rc_ != 0 && (rc_ = sc_catch_index(err_, 3 * depth_ + 2, i_)) != 0)");
            emit_line(sb, 3, "return rc_;");
            emit_line(sb, 1, "}");
            free(expr);
        }
        if (c->has_min_items && c->min_items > 0)
            emit_count_check(sb, "<", c->min_items, "minItems", "item", "items");
        if (node_max_items(n, &max) && (n->fixed_size == 0 || max < n->fixed_size))
            emit_count_check(sb, ">", max, "maxItems", "item", "items");
        if (c->unique_items) {
            emit_line(sb, 1, "if (count_ > 1) {");
            emit_line(sb, 2, "size_t dup_ = sc_find_duplicate(items_, count_, sizeof *items_, %s);", unique_kind(items));
            emit_line(sb, 2, "if (dup_ == count_ + 1)");
            emit_fail(sb, 3, "SC_ERR_NOMEM", "uniqueItems", "out of memory");
            emit_line(sb, 2, "if (dup_ < count_)");
            emit_line(sb, 3, "return sc_fail(err_, SC_ERR_CONSTRAINT, \"uniqueItems\", "
                        "\"must not contain duplicates: item %%zu repeats an earlier one\", dup_);");
            emit_line(sb, 1, "}");
        }
        emit_line(sb, 1, "return %s;", item_check ? "full_ ? sc_collected(err_, 3 * depth_ + 1) : 0" : "0");
        emit_body(out, &body, (const char *const[]){"full_", "depth_", NULL});
        free(item_fn);
        return;
    }
    if (n->kind == NODE_STRING) {
        emit_string_check_fns(sb, n, fn);
        return;
    }
    const char *param = n->kind == NODE_ENUM ? n->enum_type->c_type : check_param_type(n);
    sb_printf(sb, "static int sc_gen_check_%s(%s%svalue_, sc_error *err_, bool full_)\n{\n", fn, param,
              param[strlen(param) - 1] == '*' ? "" : " ");
    strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
    sb_init(&body);
    sb = &body;
    if (n->kind == NODE_ENUM) {
        emit_line(sb, 1, "if (full_ && sc_gen_check_%s(value_, err_) != 0)", n->enum_type->name);
        emit_line(sb, 2, "return err_->code;");
    }
    emit_check_body_scalar(sb, n, NULL); /* not a string */
    emit_line(sb, 1, "return 0;");
    emit_body(out, &body, (const char *const[]){"value_", "err_", "full_", NULL});
}

/* The check call argument for a field's value. */
static char *field_value_expr(const field *f)
{
    const node *n = f->type;
    if (f->by_pointer)
        return xasprintf("*v_->%s", f->c_path);
    if (n->kind == NODE_INT)
        return xasprintf("(%s)v_->%s", n->is_signed ? "int64_t" : "uint64_t", f->c_path);
    if (n->kind == NODE_NUMBER)
        return xasprintf("(double)v_->%s", f->c_path);
    return xasprintf("v_->%s", f->c_path);
}

/* The least JSON text of an object of s, its members' values aside: the
 * braces, and the names, colons and commas of the members it always has.
 * T_validate counts it against max_input at each struct it visits. */
size_t struct_min_text(const struct_def *s)
{
    size_t text = 2, required = 0;
    for (size_t i = 0; i < s->nfields; i++) {
        if (s->fields[i].presence != PRESENCE_REQUIRED)
            continue;
        text += strlen(s->fields[i].json_name) + 3; /* "name": */
        required++;
    }
    return text + (required > 0 ? required - 1 : 0);
}

/* The check functions of s's members (sc_gen_check_T_F), before T's own. */
static void emit_member_checks(strbuf *sb, const struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        if (!needs_check(f->type))
            continue;
        char *fn = xasprintf("%s_%s", s->name, f->c_name);
        emit_check_fn(sb, f->type, fn);
        free(fn);
    }
}

void emit_struct_check(strbuf *sb, const struct_def *s)
{
    emit_member_checks(sb, s);

    sb_printf(sb, "/* Constraints of %s. full: also what the decoder guarantees by\n"
                  " * construction (valid UTF-8, enum values, ranges), for values built in C.\n"
                  " * seen_: which members the decoder found, or NULL. */\n", s->c_type);
    sb_printf(sb, "static int sc_gen_check_%s(const %s *v_, sc_error *err_, bool full_, const bool *seen_, int depth_)\n{\n",
              s->name, s->c_type);
    strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
    sb_init(&body);
    sb = &body;
    emit_line(sb, 1, "int rc_ = 0;");
    /* T_validate's walk: the depth, and the least JSON text of this object
     * (docs/security.md), so a value sharing sub-values stops early */
    emit_line(sb, 1, "if (full_ && (rc_ = sc_check_enter(err_, depth_, %zu)) != 0)", struct_min_text(s));
    emit_line(sb, 2, "return rc_;");
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        if (!needs_check(n))
            continue;
        char *name_lit = c_literal(f->json_name);
        char *comment = comment_text(f->json_name);
        sb_printf(sb, "\n    /* %s */\n", comment);
        free(comment);
        /* When to check: the member is present and not null. A pointer that
         * must hold a value (a required string, a present T * that is not
         * @nullable) is an error when NULL. */
        storage store = field_storage(f);
        bool pointer_like = store == STORAGE_POINTER;
        bool null_means_absent = f->presence == PRESENCE_POINTER ||
                                 (f->presence == PRESENCE_OPTIONAL && pointer_like);
        char *guard_text = NULL;
        if (f->presence == PRESENCE_HAS_FLAG)
            guard_text = xasprintf("v_->%s", f->has_field);
        else if (f->presence == PRESENCE_OPTIONAL && store == STORAGE_SEQUENCE)
            guard_text = xasprintf("v_->%s != NULL || v_->%s > 0", f->c_path, f->count_field);
        else if (f->presence == PRESENCE_OPTIONAL && !pointer_like)
            guard_text = xasprintf("seen_ == NULL || seen_[%zu]", i);
        if (pointer_like && (f->nullable || null_means_absent)) {
            char *g = xasprintf("%s%sv_->%s != NULL", guard_text ? guard_text : "", guard_text ? " && " : "",
                                f->c_path);
            free(guard_text);
            guard_text = g;
        } else if (f->nullable && store == STORAGE_SEQUENCE) {
            char *g = xasprintf("%s%s(v_->%s != NULL || v_->%s > 0)", guard_text ? guard_text : "",
                                guard_text ? " && " : "", f->c_path, f->count_field);
            free(guard_text);
            guard_text = g;
        } else if (pointer_like) {
            /* present, not nullable: NULL is not a value */
            if (guard_text != NULL)
                emit_line(sb, 1, "if (%s && v_->%s == NULL) {", guard_text, f->c_path);
            else
                emit_line(sb, 1, "if (v_->%s == NULL) {", f->c_path);
            if (f->presence == PRESENCE_HAS_FLAG) {
                emit_line(sb, 2, "sc_fail(err_, SC_ERR_TYPE, \"type\", \"must not be null\");");
                emit_line(sb, 2, "if ((rc_ = sc_catch_key(err_, 3 * depth_ + 1, %s)) != 0)", name_lit);
            } else {
                emit_line(sb, 2, "sc_fail(err_, SC_ERR_REQUIRED, \"required\", "
                            "\"missing required property \\\"%%s\\\"\", %s);", name_lit);
                emit_line(sb, 2, "if ((rc_ = sc_catch_here(err_, 3 * depth_)) != 0)");
            }
            emit_line(sb, 3, "return rc_;");
            emit_line(sb, 1, "}");
            /* all-errors mode goes on: the member's own checks only for a value */
            char *g = xasprintf("%s%sv_->%s != NULL", guard_text ? guard_text : "", guard_text ? " && " : "",
                                f->c_path);
            free(guard_text);
            guard_text = g;
        }
        const char *guard = guard_text;
        int level = 1;
        if (guard != NULL) {
            emit_line(sb, 1, "if (%s) {", guard);
            level = 2;
        }
        if (f->presence != PRESENCE_REQUIRED) {
            /* a member the value has: its name in T_validate's count (the
             * required members' are in the struct's) */
            emit_line(sb, level, "if (full_ && (rc_ = sc_check_member(err_, %zu)) != 0)", strlen(f->json_name));
            emit_line(sb, level + 1, "return rc_;");
        }
        if (n->kind == NODE_STRUCT)
            emit_line(sb, level, "if (full_) {");
        char *fn = xasprintf("%s_%s", s->name, f->c_name);
        char *expr = field_value_expr(f);
        bool sequence = n->kind == NODE_ARRAY || n->kind == NODE_MAP;
        char *count = sequence ? xasprintf("(size_t)v_->%s", f->count_field) : NULL;
        if (sequence) {
            /* T * does not convert to const T * implicitly when T is an
             * array type (a char buffer) before C23 */
            free(expr);
            char *items_type = const_items_type(n->kind == NODE_MAP ? n->entry_c_type : n->items->c_type);
            expr = xasprintf("(%s)v_->%s", items_type, f->c_path);
            free(items_type);
        }
        int inner = n->kind == NODE_STRUCT ? level + 1 : level;
        if (sequence && f->count_signed) {
            /* (size_t) of a negative count would be huge: say so instead */
            emit_line(sb, level, "if (full_ && v_->%s < 0)", f->count_field);
            emit_line(sb, level + 1, "rc_ = sc_fail(err_, SC_ERR_TYPE, \"type\", \"has a negative item count\");");
            emit_line(sb, level, "else");
            emit_check_call(sb, inner + 1, n, fn, expr, count);
        } else {
            emit_check_call(sb, inner, n, fn, expr, count);
        }
        emit_line(sb, inner, "if (rc_ != 0 && (rc_ = sc_catch_key(err_, 3 * depth_ + 1, %s)) != 0)", name_lit);
        emit_line(sb, inner + 1, "return rc_;");
        if (n->kind == NODE_STRUCT)
            emit_line(sb, level, "}");
        if (guard != NULL)
            emit_line(sb, 1, "}");
        free(fn);
        free(expr);
        free(count);
        free(guard_text);
        free(name_lit);
    }
    emit_line(sb, 1, "return sc_collected(err_, 3 * depth_); /* all-errors mode: whether a member failed */");
    emit_body(out, &body, (const char *const[]){"v_", "full_", "seen_", NULL});
}

/* A tagged union is checked as the variant its discriminator names. */
void emit_union_check(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];
    const enum_def *e = disc->type->enum_type;
    char *disc_lit = c_literal(disc->json_name);

    sb_printf(sb, "static int sc_gen_check_%s(const %s *v_, sc_error *err_, bool full_, const bool *seen_, int depth_)\n{\n",
              s->name, s->c_type);
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "switch (v_->%s) {", disc->c_path);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        emit_line(sb, 1, "case %s:", v->variant_value->c_name);
        emit_line(sb, 2, "if ((rc_ = sc_gen_check_%s(v_, err_, full_, seen_, depth_)) != 0)", v->name);
        emit_line(sb, 3, "sc_error_note(err_, \"when %%s is \\\"%%s\\\"\", %s, \"%s\");", disc_lit,
             v->variant_value->json_name);
        emit_line(sb, 2, "return rc_;");
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "rc_ = sc_gen_check_%s(v_->%s, err_);", e->name, disc->c_path);
    emit_line(sb, 2, "return sc_error_push_key(err_, %s);", disc_lit);
    emit_line(sb, 1, "}");
    sb_puts(sb, "}\n\n");

    free(disc_lit);
}

/* An untagged union is checked as the variant its enum member names: the
 * value of the union member, which must be there (a non-NULL string or
 * array). */
/* The JSON name of each variant, by the enum member's value. */
static void emit_variant_names(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];
    sb_printf(sb, "static const char *sc_gen_variant_%s(%s kind_)\n{\n", s->name, disc->type->c_type);
    emit_line(sb, 1, "switch (kind_) {");
    for (size_t i = 0; i < s->nvariants; i++) {
        emit_line(sb, 1, "case %s:", s->variants[i]->variant_value->c_name);
        emit_line(sb, 2, "return \"%s\";", s->variants[i]->variant_value->json_name);
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "return \"none\";");
    emit_line(sb, 1, "}");
    sb_puts(sb, "}\n\n");
}

/* For a union with @acceptOverlap variants (model/overlap.c): the union
 * read back from a tree as encode writes it (sc_gen_readback_), whether a
 * variant's value reads back as that variant (sc_gen_keep_), and the number a
 * float variant is written as (sc_gen_float_form_: the first of sc_float_forms'
 * candidates that reads back as the same variant and float). The value
 * read back is looked at for its variant and a float only: its strings
 * went with the arena. */
char *float_marks(const struct_def *s, size_t i, size_t *count)
{
    strbuf marks;
    sb_init(&marks);
    *count = 0;
    for (size_t k = 0; k <= i; k++) {
        const struct_def *o = s->variants[k];
        if (o->nfields == 0 || (o->fields[0].type->kind != NODE_INT && o->fields[0].type->kind != NODE_NUMBER))
            continue;
        const node *n = o->fields[0].type;
        const number *b[] = {&n->c.minimum, &n->c.maximum, &n->c.exclusive_minimum, &n->c.exclusive_maximum};
        for (size_t m = 0; m < 4; m++)
            if (b[m]->set) {
                sb_printf(&marks, "%s", *count ? ", " : "");
                sb_put_json_number(&marks, b[m]->value);
                ++*count;
            }
        if (n->kind == NODE_INT) {
            sb_printf(&marks, "%s%lld.0, %lld.0", *count ? ", " : "", (long long)n->c_min, (long long)n->c_max);
            *count += 2;
        }
    }
    return marks.data != NULL ? sb_take(&marks) : xstrdup("");
}

static void emit_read_back(strbuf *sb, const struct_def *s)
{
    bool any = false;
    for (size_t i = 0; i < s->nvariants; i++)
        any = any || s->variants[i]->read_back;
    if (!any)
        return;
    bool names = false; /* sc_gen_keep_ of a variant that is not a float names the variant read back */
    for (size_t i = 0; i < s->nvariants; i++)
        names = names || (s->variants[i]->read_back &&
                          !(s->variants[i]->fields[0].type->kind == NODE_NUMBER && s->variants[i]->fields[0].type->is_float));
    if (names)
        emit_variant_names(sb, s);
    sb_printf(sb, "static int sc_gen_backreader_%s(sc_reader *r_, void *out_)\n{\n", s->name);
    emit_line(sb, 1, "return sc_gen_read_%s(r_, (%s *)out_);", s->name, s->c_type);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "static int sc_gen_readback_%s(const cJSON *tree_, %s *back_)\n{\n", s->name, s->c_type);
    emit_line(sb, 1, "sc_arena arena_;");
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "sc_arena_init(&arena_, NULL);");
    emit_line(sb, 1, "rc_ = sc_read_back(&arena_, tree_, sc_gen_backreader_%s, back_);", s->name);
    emit_line(sb, 1, "sc_arena_release(&arena_);");
    emit_line(sb, 1, "return rc_;");
    sb_puts(sb, "}\n\n");
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        if (!v->read_back)
            continue;
        const field *f = &v->fields[0];
        if (f->type->kind == NODE_NUMBER && f->type->is_float) {
            size_t nmarks;
            char *marks = float_marks(s, i, &nmarks);
            sb_printf(sb, "static int sc_gen_float_form_%s(const %s *v_, double *out_)\n{\n", v->name, s->c_type);
            if (nmarks > 0)
                emit_line(sb, 1, "static const double marks_[%zu] = {%s};", nmarks, marks);
            emit_line(sb, 1, "double forms_[SC_FLOAT_FORMS(%zu)];", nmarks);
            emit_line(sb, 1, "size_t n_ = sc_float_forms(v_->%s, %s, %zu, forms_);", f->c_path,
                      nmarks > 0 ? "marks_" : "NULL", nmarks);
            emit_line(sb, 1, "for (size_t i_ = 0; i_ < n_; i_++) {");
            emit_line(sb, 2, "%s back_;", s->c_type);
            emit_line(sb, 2, "cJSON *tree_ = cJSON_CreateNumber(forms_[i_]);");
            emit_line(sb, 2, "int rc_;");
            emit_line(sb, 2, "if (tree_ == NULL)");
            emit_line(sb, 3, "return SC_ERR_NOMEM;");
            emit_line(sb, 2, "rc_ = sc_gen_readback_%s(tree_, &back_);", s->name);
            emit_line(sb, 2, "cJSON_Delete(tree_);");
            emit_line(sb, 2, "if (rc_ == SC_ERR_NOMEM)");
            emit_line(sb, 3, "return rc_;");
            emit_line(sb, 2, "if (rc_ == 0 && back_.%s == v_->%s && memcmp(&back_.%s, &v_->%s, sizeof v_->%s) == 0) {",
                      s->fields[s->discriminator].c_path, s->fields[s->discriminator].c_path, f->c_path, f->c_path,
                      f->c_path);
            emit_line(sb, 3, "*out_ = forms_[i_];");
            emit_line(sb, 3, "return 0;");
            emit_line(sb, 2, "}");
            emit_line(sb, 1, "}");
            emit_line(sb, 1, "return SC_ERR_CONSTRAINT;");
            sb_puts(sb, "}\n\n");
            free(marks);
        }
        sb_printf(sb, "static int sc_gen_keep_%s(const %s *v_, sc_error *err_)\n{\n", v->name, s->c_type);
        if (f->type->kind == NODE_NUMBER && f->type->is_float) {
            emit_line(sb, 1, "double form_;");
            emit_line(sb, 1, "int rc_ = sc_gen_float_form_%s(v_, &form_);", v->name);
            emit_line(sb, 1, "if (rc_ == SC_ERR_NOMEM)");
            emit_line(sb, 2, "return sc_fail(err_, SC_ERR_NOMEM, NULL, \"out of memory\");");
            emit_line(sb, 1, "if (rc_ != 0)");
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "anyOf", "has no number that reads back as this variant: each "
                                                          "one that rounds to it is an earlier variant's value or "
                                                          "out of its bounds");
            emit_line(sb, 1, "return 0;");
        } else {
            emit_line(sb, 1, "%s back_;", s->c_type);
            emit_line(sb, 1, "cJSON *tree_ = sc_gen_build_%s(v_, 0);", s->name);
            emit_line(sb, 1, "int rc_;");
            emit_line(sb, 1, "if (tree_ == NULL)");
            emit_line(sb, 2, "return sc_fail(err_, SC_ERR_NOMEM, NULL, \"out of memory\");");
            emit_line(sb, 1, "rc_ = sc_gen_readback_%s(tree_, &back_);", s->name);
            emit_line(sb, 1, "cJSON_Delete(tree_);");
            emit_line(sb, 1, "if (rc_ == SC_ERR_NOMEM)");
            emit_line(sb, 2, "return sc_fail(err_, SC_ERR_NOMEM, NULL, \"out of memory\");");
            emit_line(sb, 1, "if (rc_ == 0 && back_.%s == v_->%s)", s->fields[s->discriminator].c_path,
                      s->fields[s->discriminator].c_path);
            emit_line(sb, 2, "return 0;");
            emit_line(sb, 1, "return sc_fail(err_, SC_ERR_CONSTRAINT, \"anyOf\", \"is also a valid '%%s', an earlier "
                             "variant, which is what it would decode as: give it as that variant\", "
                             "rc_ == 0 ? sc_gen_variant_%s(back_.%s) : \"none\");", s->name, s->fields[s->discriminator].c_path);
        }
        sb_puts(sb, "}\n\n");
    }
}

void emit_untagged_check(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];
    emit_read_back(sb, s);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        if (v->nfields == 1 && needs_check(v->fields[0].type)) {
            char *fn = xasprintf("%s_%s", v->name, v->fields[0].c_name);
            emit_check_fn(sb, v->fields[0].type, fn);
            free(fn);
        }
    }
    sb_printf(sb, "static int sc_gen_check_%s(const %s *v_, sc_error *err_, bool full_, const bool *seen_, int depth_)\n{\n",
              s->name, s->c_type);
    strbuf body, *out = sb; /* the body first: emit_body (void)s the parameters it leaves unused */
    sb_init(&body);
    sb = &body;
    emit_line(sb, 1, "int rc_ = 0;");
    emit_line(sb, 1, "switch (v_->%s) {", disc->c_path);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        emit_line(sb, 1, "case %s:", v->variant_value->c_name);
        if (v->nfields == 0) {
            emit_line(sb, 2, "break; /* null */");
            continue;
        }
        const field *f = &v->fields[0];
        const node *n = f->type;
        storage store = field_storage(f);
        if (store == STORAGE_POINTER) {
            emit_line(sb, 2, "if (v_->%s == NULL)", f->c_path);
            emit_fail(sb, 3, "SC_ERR_TYPE", "type", "must be a string, not NULL");
        }
        if (store == STORAGE_SEQUENCE && f->count_signed) {
            emit_line(sb, 2, "if (full_ && v_->%s < 0)", f->count_field);
            emit_fail(sb, 3, "SC_ERR_TYPE", "type", "has a negative item count");
        }
        if (!needs_check(n)) {
            if (v->read_back) /* what encode writes must read back as this variant */
                emit_line(sb, 2, "rc_ = full_ ? sc_gen_keep_%s(v_, err_) : 0;", v->name);
            emit_line(sb, 2, "break;");
            continue;
        }
        char *fn = xasprintf("%s_%s", v->name, f->c_name);
        char *expr, *count = NULL;
        if (n->kind == NODE_ARRAY) {
            char *items_type = const_items_type(n->items->c_type);
            expr = xasprintf("(%s)v_->%s", items_type, f->c_path);
            free(items_type);
            count = xasprintf("(size_t)v_->%s", f->count_field);
        } else if (n->kind == NODE_INT) {
            expr = xasprintf("(%s)v_->%s", n->is_signed ? "int64_t" : "uint64_t", f->c_path);
        } else if (n->kind == NODE_NUMBER) {
            expr = xasprintf("(double)v_->%s", f->c_path);
        } else {
            expr = xasprintf("v_->%s", f->c_path);
        }
        if (n->kind == NODE_STRUCT) { /* the decoder checked it as it read it */
            /* at the union's depth: the union is its variant's value, no
             * level of the JSON of its own, so that T_validate's walk
             * counts the nesting a decode does (a scalar variant none) */
            emit_line(sb, 2, "if (full_)");
            emit_line(sb, 3, "rc_ = sc_gen_check_%s(&%s, err_, full_, NULL, depth_);", n->struct_type->name, expr);
        } else if (n->kind == NODE_ARRAY || n->kind == NODE_MAP) {
            /* a container: a level of the JSON (and where a cycle through
             * the union's arrays ends) */
            emit_line(sb, 2, "if (full_ && (rc_ = sc_check_enter(err_, depth_, 0)) != 0)");
            emit_line(sb, 3, "return rc_;");
            emit_check_call(sb, 2, n, fn, expr, count);
        } else {
            emit_check_call(sb, 2, n, fn, expr, count);
        }
        if (v->read_back) { /* what encode writes must read back as this variant */
            emit_line(sb, 2, "if (rc_ == 0 && full_)");
            emit_line(sb, 3, "rc_ = sc_gen_keep_%s(v_, err_);", v->name);
        }
        emit_line(sb, 2, "break;");
        free(fn);
        free(expr);
        free(count);
    }
    emit_line(sb, 1, "default:");
    emit_line(sb, 2, "return sc_fail(err_, SC_ERR_CONSTRAINT, \"enum\", \"holds no value of %s\");", disc->type->c_type);
    emit_line(sb, 1, "}");
    emit_line(sb, 1, "return rc_;");
    emit_body(out, &body, (const char *const[]){"v_", "full_", "seen_", "depth_", NULL});
}
