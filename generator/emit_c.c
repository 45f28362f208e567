/* schemac generator: C emitter.
 *
 * The generated code is meant to be read and stepped through: one static
 * function per struct and per job (read, check, build), straight-line calls
 * into libschemac, the member's JSON name in a comment at every case. */
#define _POSIX_C_SOURCE 200809L /* open_memstream, for pattern_emit_c */

#include "emit_c.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_dialects.h"
#include "emit_schema.h"
#include "pattern.h"
#include "schemac/check.h"
#include "schemac/schemac.h"
#include "strbuf.h"

/* ---- small helpers ------------------------------------------------------- */

static void put_indent(strbuf *sb, int level)
{
    for (int i = 0; i < level; i++)
        sb_puts(sb, "    ");
}

/* One line at an indentation level. */
static void line(strbuf *sb, int level, const char *fmt, ...) GEN_PRINTF(3, 4);
static void line(strbuf *sb, int level, const char *fmt, ...)
{
    va_list ap;
    put_indent(sb, level);
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
    sb_putc(sb, '\n');
}

/* A C string literal for s (with the quotes). */
static char *c_literal(const char *s)
{
    strbuf sb;
    sb_init(&sb);
    sb_putc(&sb, '"');
    sb_put_c_string(&sb, s);
    sb_putc(&sb, '"');
    return sb_take(&sb);
}

/* Text safe inside a C comment: no terminator, one line. */
static char *comment_text(const char *s)
{
    strbuf sb;
    sb_init(&sb);
    for (const char *p = s; *p; p++) {
        if (*p == '*' && p[1] == '/')
            sb_puts(&sb, "* ");
        else if (*p == '\n' || *p == '\r')
            sb_putc(&sb, ' ');
        else
            sb_putc(&sb, *p);
    }
    return sb_take(&sb);
}

/* A double as a C literal that reads back exactly. */
static void put_double(strbuf *sb, double v)
{
    char text[40];
    if (v == (double)(long long)v && v > -1e15 && v < 1e15) {
        sb_printf(sb, "%lld.0", (long long)v);
        return;
    }
    format_shortest_double(text, v);
    sb_puts(sb, text);
    if (strpbrk(text, ".eEn") == NULL)
        sb_puts(sb, ".0");
}

/* A number for a message: 100 rather than 1e+02. */
static char *double_text(double v)
{
    if (v == (double)(long long)v && v > -1e15 && v < 1e15)
        return xasprintf("%lld", (long long)v);
    strbuf sb;
    sb_init(&sb);
    put_double(&sb, v);
    return sb_take(&sb);
}

static void put_i64(strbuf *sb, int64_t v)
{
    if (v == INT64_MIN)
        sb_puts(sb, "INT64_MIN");
    else
        sb_printf(sb, "INT64_C(%lld)", (long long)v);
}

static bool is_root(const struct_def *s)
{
    return s->opted_in;
}

/* ---- what needs checking ----------------------------------------------- */

static bool has_value_keywords(const node *n)
{
    const constraints *c = &n->c;
    return c->minimum.set || c->maximum.set || c->exclusive_minimum.set || c->exclusive_maximum.set ||
           c->multiple_of.set || c->has_min_length || c->has_max_length || c->pattern != NULL ||
           c->format >= 0 || c->has_min_items || c->has_max_items || c->unique_items ||
           c->enum_values != NULL || c->const_value != NULL;
}

/* Whether a check function exists for n. Strings (UTF-8), enums (valid
 * value), 64-bit integers and numbers (range, finiteness) always have work
 * when validating a struct built in C. */
static bool needs_check(const node *n)
{
    switch (n->kind) {
    case NODE_STRING:
    case NODE_ENUM:
    case NODE_ARRAY:
    case NODE_NUMBER:
        return true;
    case NODE_INT:
        return n->int_bytes >= 7 || has_value_keywords(n);
    case NODE_BOOL:
        return has_value_keywords(n);
    case NODE_STRUCT:
    case NODE_ANY:
    case NODE_MAP:
        return true;
    }
    return true;
}

/* ---- enums --------------------------------------------------------------- */

static char *enum_choices(const enum_def *e)
{
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < e->nvalues; i++)
        sb_printf(&sb, "%s%s", i ? ", " : "", e->values[i].json_name);
    return sb_take(&sb);
}

/* Emits `switch (len) { case N: if (memcmp(...) == 0) ACTION; ... }` over
 * the names, grouped by length. action(i) is the statement for name i. */
typedef void (*match_action)(strbuf *sb, int level, size_t index, const void *ctx);

static void emit_name_switch(strbuf *sb, int level, const char *ptr, const char *len,
                             const char *const *names, size_t n, match_action action, const void *ctx)
{
    size_t *lengths = xcalloc(n, sizeof *lengths);
    bool *done = xcalloc(n, sizeof *done);
    for (size_t i = 0; i < n; i++)
        lengths[i] = strlen(names[i]);
    line(sb, level, "switch (%s) {", len);
    for (size_t i = 0; i < n; i++) {
        if (done[i])
            continue;
        line(sb, level, "case %zu:", lengths[i]);
        for (size_t j = i; j < n; j++) {
            if (done[j] || lengths[j] != lengths[i])
                continue;
            done[j] = true;
            char *lit = c_literal(names[j]);
            line(sb, level + 1, "if (memcmp(%s, %s, %zu) == 0) {", ptr, lit, lengths[j]);
            free(lit);
            action(sb, level + 2, j, ctx);
            line(sb, level + 1, "}");
        }
        line(sb, level + 1, "break;");
    }
    line(sb, level, "default:");
    line(sb, level + 1, "break;");
    line(sb, level, "}");
    free(lengths);
    free(done);
}

static void enum_read_action(strbuf *sb, int level, size_t index, const void *ctx)
{
    const enum_def *e = ctx;
    line(sb, level, "*out = %s;", e->values[index].c_name);
    line(sb, level, "return 0;");
}

static void emit_enum(strbuf *sb, const enum_def *e)
{
    char *choices = enum_choices(e);
    char *choices_lit = c_literal(choices);
    const char **names = xcalloc(e->nvalues, sizeof *names);
    for (size_t i = 0; i < e->nvalues; i++)
        names[i] = e->values[i].json_name;

    sb_printf(sb, "/* ---- %s ---- */\n\n", e->c_type);
    sb_printf(sb, "static int read_%s(sc_reader *r, %s *out)\n{\n", e->name, e->c_type);
    line(sb, 1, "sc_string s;");
    line(sb, 1, "int rc = sc_read_string(r, &s);");
    line(sb, 1, "if (rc != 0)");
    line(sb, 2, "return rc;");
    emit_name_switch(sb, 1, "s.ptr", "s.len", names, e->nvalues, enum_read_action, e);
    line(sb, 1, "return sc_reader_fail(r, SC_ERR_CONSTRAINT, \"enum\", \"must be one of: %%s\", %s);",
         choices_lit);
    sb_puts(sb, "}\n\n");

    /* JSON name of a value; NULL for a value outside the enum. */
    sb_printf(sb, "static const char *name_%s(%s value)\n{\n", e->name, e->c_type);
    line(sb, 1, "switch (value) {");
    for (size_t i = 0; i < e->nvalues; i++) {
        bool repeated = false; /* two enumerators with one value: the first names it */
        for (size_t j = 0; j < i; j++)
            if (e->values[j].value == e->values[i].value)
                repeated = true;
        if (repeated)
            continue;
        char *lit = c_literal(e->values[i].json_name);
        line(sb, 1, "case %s:", e->values[i].c_name);
        line(sb, 2, "return %s;", lit);
        free(lit);
    }
    line(sb, 1, "default:");
    line(sb, 2, "return NULL;");
    line(sb, 1, "}");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static int check_%s(%s value, sc_error *err)\n{\n", e->name, e->c_type);
    line(sb, 1, "if (name_%s(value) == NULL)", e->name);
    line(sb, 2, "return sc_fail(err, SC_ERR_CONSTRAINT, \"enum\", \"must be one of: %%s\", %s);",
         choices_lit);
    line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");

    free(names);
    free(choices);
    free(choices_lit);
}

/* ---- checks -------------------------------------------------------------- */

typedef struct check_fn {
    char *name; /* the function's name */
    const node *n;
} check_fn;

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
    char *lit = c_literal(message);
    char *kw = keyword != NULL ? c_literal(keyword) : xstrdup("NULL");
    line(sb, level, "return sc_fail(err, %s, %s, \"%%s\", %s);", code, kw, lit);
    free(kw);
    free(lit);
}

static void emit_number_bounds(strbuf *sb, const node *n, const char *value)
{
    const constraints *c = &n->c;
    struct {
        const number *num;
        const char *op;
        const char *keyword;
        const char *words;
    } bounds[] = {
        {&c->minimum, "<", "minimum", "must be >= "},
        {&c->exclusive_minimum, "<=", "exclusiveMinimum", "must be > "},
        {&c->maximum, ">", "maximum", "must be <= "},
        {&c->exclusive_maximum, ">=", "exclusiveMaximum", "must be < "},
    };
    for (size_t i = 0; i < sizeof bounds / sizeof *bounds; i++) {
        if (!bounds[i].num->set)
            continue;
        put_indent(sb, 1);
        sb_printf(sb, "if (%s %s ", value, bounds[i].op);
        put_double(sb, bounds[i].num->value);
        sb_puts(sb, ")\n");
        char *text = double_text(bounds[i].num->value);
        char *message = xasprintf("%s%s", bounds[i].words, text);
        emit_fail(sb, 2, "SC_ERR_CONSTRAINT", bounds[i].keyword, message);
        free(message);
        free(text);
    }
    if (c->multiple_of.set) {
        put_indent(sb, 1);
        sb_printf(sb, "if (!sc_is_multiple_of(%s, ", value);
        put_double(sb, c->multiple_of.value);
        sb_puts(sb, "))\n");
        char *text = double_text(c->multiple_of.value);
        char *message = xasprintf("must be a multiple of %s", text);
        emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "multipleOf", message);
        free(message);
        free(text);
    }
}

/* The enumerator called json_name (check.c made sure there is one). */
static const char *enum_c_name(const enum_def *e, const char *json_name)
{
    for (size_t i = 0; i < e->nvalues; i++)
        if (strcmp(e->values[i].json_name, json_name) == 0)
            return e->values[i].c_name;
    return e->values[0].c_name;
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
        strbuf cond, list;
        sb_init(&cond);
        sb_init(&list);
        const cJSON *item;
        cJSON_ArrayForEach(item, c->enum_values) {
            char *e = equals_expr(n, value, item);
            char *text = cJSON_PrintUnformatted(item);
            sb_printf(&list, "%s%s", list.len ? ", " : "", text);
            cJSON_free(text);
            if (e == NULL)
                continue;
            sb_printf(&cond, "%s!(%s)", cond.len ? " && " : "", e);
            free(e);
        }
        line(sb, 1, "if (%s)", cond.len ? cond.data : "true");
        char *message = xasprintf("must be one of: %s", list.data);
        emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "enum", message);
        free(message);
        sb_free(&cond);
        sb_free(&list);
    }
    if (c->const_value != NULL) {
        char *e = equals_expr(n, value, c->const_value);
        char *text = cJSON_PrintUnformatted(c->const_value);
        line(sb, 1, "if (!(%s))", e != NULL ? e : "false");
        char *message = xasprintf("must be %s", text);
        emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "const", message);
        free(message);
        cJSON_free(text);
        free(e);
    }
}

static void emit_check_body_scalar(strbuf *sb, const node *n, const char *fn)
{
    const constraints *c = &n->c;
    switch (n->kind) {
    case NODE_INT:
        if (n->int_bytes >= 7) {
            /* only 64-bit types can hold values beyond +-(2^53-1) */
            if (n->is_signed) {
                line(sb, 1, "if (full && value < -INT64_C(9007199254740991))");
                emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "minimum", "must be >= -9007199254740991");
            }
            line(sb, 1, "if (full && value > %s)",
                 n->is_signed ? "INT64_C(9007199254740991)" : "UINT64_C(9007199254740991)");
            char *message = xasprintf("must be <= %lld", (long long)n->c_max);
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "maximum", message);
            free(message);
        }
        emit_number_bounds(sb, n, "(double)value");
        break;
    case NODE_NUMBER:
        line(sb, 1, "if (full && !(value >= -DBL_MAX && value <= DBL_MAX))");
        emit_fail(sb, 2, "SC_ERR_NUMBER", "type", "must be a finite number");
        if (n->is_float && n->state_type_min) {
            line(sb, 1, "if (full && value < -FLT_MAX)");
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "minimum", "must be >= -3.4028234663852886e+38");
        }
        if (n->is_float && n->state_type_max) {
            line(sb, 1, "if (full && value > FLT_MAX)");
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "maximum", "must be <= 3.4028234663852886e+38");
        }
        emit_number_bounds(sb, n, "value");
        break;
    case NODE_STRING: {
        bool counts = c->has_min_length || c->has_max_length;
        line(sb, 1, "size_t len;");
        line(sb, 1, "if (value == NULL)");
        emit_fail(sb, 2, "SC_ERR_TYPE", "type", "must be a string");
        line(sb, 1, "len = strlen(value);");
        line(sb, 1, "if (full && !sc_utf8_valid(value, len))");
        emit_fail(sb, 2, "SC_ERR_UTF8", "type", "must be valid UTF-8 text");
        if (counts) {
            line(sb, 1, "{");
            line(sb, 2, "size_t chars = sc_utf8_count(value, len);");
            if (c->has_min_length) {
                line(sb, 2, "if (chars < %llu)", (unsigned long long)c->min_length);
                char *message = xasprintf("must be at least %llu characters long",
                                          (unsigned long long)c->min_length);
                emit_fail(sb, 3, "SC_ERR_CONSTRAINT", "minLength", message);
                free(message);
            }
            if (c->has_max_length) {
                line(sb, 2, "if (chars > %llu)", (unsigned long long)c->max_length);
                char *message = xasprintf("must be at most %llu characters long",
                                          (unsigned long long)c->max_length);
                emit_fail(sb, 3, "SC_ERR_CONSTRAINT", "maxLength", message);
                free(message);
            }
            line(sb, 1, "}");
        }
        if (c->format >= 0) {
            static const char *const format_ids[] = {
                "SC_FORMAT_DATE_TIME", "SC_FORMAT_DATE", "SC_FORMAT_TIME", "SC_FORMAT_EMAIL", "SC_FORMAT_URI",
                "SC_FORMAT_UUID", "SC_FORMAT_IPV4", "SC_FORMAT_IPV6", "SC_FORMAT_HOSTNAME"};
            line(sb, 1, "if (!sc_format_valid(%s, value, len))", format_ids[c->format]);
            char *message = xasprintf("must be a valid %s", sc_format_name((sc_format)c->format));
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "format", message);
            free(message);
        }
        if (c->pattern != NULL) {
            line(sb, 1, "if (!match_%s(value, len))", fn);
            char *message = xasprintf("must match the pattern %s", c->pattern);
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "pattern", message);
            free(message);
        }
        break;
    }
    default:
        break;
    }
    emit_enum_const(sb, n, "value");
}

static void emit_pattern_matcher(strbuf *sb, const node *n, const char *fn)
{
    char message[256];
    size_t offset;
    pattern *p = pattern_compile(n->c.pattern, message, sizeof message, &offset);
    if (p == NULL)
        return; /* reported by the tags reader already */
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (out == NULL) {
        fputs("schemac: out of memory\n", stderr);
        exit(3);
    }
    char *name = xasprintf("match_%s", fn);
    pattern_emit_c(p, name, out);
    fclose(out);
    sb_puts(sb, buf);
    sb_puts(sb, "\n");
    free(buf);
    free(name);
    pattern_free(p);
}

static const char *unique_kind(const node *items)
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
        line(sb, level, "rc = check_%s(%s%s, err, full, NULL, depth + 1);", n->struct_type->name,
             expr[0] == '*' ? "" : "&", expr[0] == '*' ? expr + 1 : expr);
        break;
    case NODE_ENUM:
        if (has_value_keywords(n))
            line(sb, level, "rc = check_%s(%s, err, full);", fn, expr);
        else
            line(sb, level, "rc = full ? check_%s(%s, err) : 0;", n->enum_type->name, expr);
        break;
    case NODE_ARRAY:
    case NODE_MAP:
        line(sb, level, "rc = check_%s(%s, %s, err, full, depth);", fn, expr, count_expr != NULL ? count_expr : "0");
        break;
    case NODE_ANY:
        line(sb, level, "rc = full ? sc_check_cjson(%s, err) : 0;", expr);
        break;
    default:
        if (n->kind == NODE_NUMBER && n->is_float) /* the decoder checked the double it read */
            line(sb, level, "rc = full ? check_%s(%s, err, full) : 0;", fn, expr);
        else
            line(sb, level, "rc = check_%s(%s, err, full);", fn, expr);
        break;
    }
}

/* `if (count OP bound) return <keyword error>`: a check on how many items
 * or properties a value has ("must have at least 2 items"). */
static void emit_count_check(strbuf *sb, const char *op, uint64_t bound, const char *keyword, const char *one,
                             const char *many)
{
    line(sb, 1, "if (count %s %llu)", op, (unsigned long long)bound);
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
    sb_printf(sb, "static int check_%s(const %s *items, size_t count, sc_error *err, bool full, int depth)\n{\n",
              fn, n->entry_c_type);
    line(sb, 1, "int rc;");
    line(sb, 1, "if (full && count > 0 && items == NULL)");
    emit_fail(sb, 2, "SC_ERR_TYPE", "type", "must be an object");
    if (c->has_min_items && c->min_items > 0)
        emit_count_check(sb, "<", c->min_items, "minProperties", "property", "properties");
    if (c->has_max_items)
        emit_count_check(sb, ">", c->max_items, "maxProperties", "property", "properties");
    line(sb, 1, "for (size_t i = 0; i < count; i++) {");
    emit_check_call(sb, 2, n->map_key, key_fn, "items[i].key", NULL);
    line(sb, 2, "if (rc != 0) {");
    line(sb, 3, "err->keyword = \"propertyNames\";");
    line(sb, 3, "return sc_error_note(err, \"property name \\\"%%s\\\"\", items[i].key);");
    line(sb, 2, "}");
    if (value_check) {
        emit_check_call(sb, 2, n->map_value, value_fn, "items[i].value", NULL);
        line(sb, 2, "if (rc != 0)");
        line(sb, 3, "return sc_error_push_key(err, items[i].key);");
    }
    line(sb, 1, "}");
    /* keys are the entries' first member, so the entries can be compared as keys */
    line(sb, 1, "if (count > 1) {");
    line(sb, 2, "size_t dup = sc_find_duplicate(items, count, sizeof *items, %s);",
         n->map_key->buf_size > 0 ? "SC_UNIQUE_CHARBUF" : "SC_UNIQUE_STRPTR");
    line(sb, 2, "if (dup == count + 1)");
    emit_fail(sb, 3, "SC_ERR_NOMEM", NULL, "out of memory");
    line(sb, 2, "if (dup < count)");
    line(sb, 3, "return sc_fail(err, SC_ERR_DUPLICATE_KEY, NULL, \"duplicate key \\\"%%s\\\"\", items[dup].key);");
    line(sb, 1, "}");
    line(sb, 1, "(void)full;");
    line(sb, 1, "(void)depth;");
    line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");
    free(key_fn);
    free(value_fn);
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
        sb_printf(sb, "static int check_%s(const %s *items, size_t count, sc_error *err, bool full, int depth)\n{\n",
                  fn, items->c_type);
        if (item_check)
            line(sb, 1, "int rc;");
        line(sb, 1, "if (full && count > 0 && items == NULL)");
        emit_fail(sb, 2, "SC_ERR_TYPE", "type", "must be an array");
        if (n->fixed_size > 0) {
            line(sb, 1, "if (full && count > %zu)", n->fixed_size);
            char *message = xasprintf("must have at most %zu items", n->fixed_size);
            emit_fail(sb, 2, "SC_ERR_CONSTRAINT", "maxItems", message);
            free(message);
        }
        if (c->has_min_items && c->min_items > 0)
            emit_count_check(sb, "<", c->min_items, "minItems", "item", "items");
        if (node_max_items(n, &max) && (n->fixed_size == 0 || max < n->fixed_size))
            emit_count_check(sb, ">", max, "maxItems", "item", "items");
        if (item_check) {
            char *expr = xasprintf("items[i]");
            line(sb, 1, "for (size_t i = 0; i < count; i++) {");
            if (items->kind == NODE_STRUCT) {
                line(sb, 2, "if (!full)");
                line(sb, 3, "break; /* the decoder checked each item as it read it */");
            }
            emit_check_call(sb, 2, items, item_fn, expr, NULL);
            line(sb, 2, "if (rc != 0)");
            line(sb, 3, "return sc_error_push_index(err, i);");
            line(sb, 1, "}");
            free(expr);
        }
        if (c->unique_items) {
            line(sb, 1, "if (count > 1) {");
            line(sb, 2, "size_t dup = sc_find_duplicate(items, count, sizeof *items, %s);", unique_kind(items));
            line(sb, 2, "if (dup == count + 1)");
            emit_fail(sb, 3, "SC_ERR_NOMEM", "uniqueItems", "out of memory");
            line(sb, 2, "if (dup < count)");
            line(sb, 3, "return sc_fail(err, SC_ERR_CONSTRAINT, \"uniqueItems\", "
                        "\"must not contain duplicates: item %%zu repeats an earlier one\", dup);");
            line(sb, 1, "}");
        }
        line(sb, 1, "(void)full;");
        line(sb, 1, "(void)depth;");
        line(sb, 1, "return 0;");
        sb_puts(sb, "}\n\n");
        free(item_fn);
        return;
    }
    if (n->kind == NODE_STRING && n->c.pattern != NULL)
        emit_pattern_matcher(sb, n, fn);
    const char *param = n->kind == NODE_ENUM ? n->enum_type->c_type : check_param_type(n);
    sb_printf(sb, "static int check_%s(%s%svalue, sc_error *err, bool full)\n{\n", fn, param,
              param[strlen(param) - 1] == '*' ? "" : " ");
    if (n->kind == NODE_ENUM) {
        line(sb, 1, "if (full && check_%s(value, err) != 0)", n->enum_type->name);
        line(sb, 2, "return err->code;");
    }
    emit_check_body_scalar(sb, n, fn);
    line(sb, 1, "(void)err;");
    line(sb, 1, "(void)full;");
    line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");
}

/* The check call argument for a field's value. */
static char *field_value_expr(const field *f)
{
    const node *n = f->type;
    if (f->by_pointer)
        return xasprintf("*v->%s", f->c_path);
    if (n->kind == NODE_INT)
        return xasprintf("(%s)v->%s", n->is_signed ? "int64_t" : "uint64_t", f->c_path);
    if (n->kind == NODE_NUMBER)
        return xasprintf("(double)v->%s", f->c_path);
    return xasprintf("v->%s", f->c_path);
}

static void emit_struct_check(strbuf *sb, const struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        if (!needs_check(f->type))
            continue;
        char *fn = xasprintf("%s_%s", s->name, f->c_name);
        emit_check_fn(sb, f->type, fn);
        free(fn);
    }

    sb_printf(sb, "/* Constraints of %s. full: also what the decoder guarantees by\n"
                  " * construction (valid UTF-8, enum values, ranges), for values built in C.\n"
                  " * seen: which members the decoder found, or NULL. */\n", s->c_type);
    sb_printf(sb, "static int check_%s(const %s *v, sc_error *err, bool full, const bool *seen, int depth)\n{\n",
              s->name, s->c_type);
    line(sb, 1, "int rc = 0;");
    line(sb, 1, "if (depth > SC_DEFAULT_MAX_DEPTH)");
    line(sb, 2, "return sc_fail(err, SC_ERR_DEPTH, NULL, \"nesting deeper than %%d\", SC_DEFAULT_MAX_DEPTH);");
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        bool is_pointer_value = n->kind == NODE_STRING && n->buf_size == 0;
        if (!needs_check(n))
            continue;
        char *name_lit = c_literal(f->json_name);
        char *comment = comment_text(f->json_name);
        sb_printf(sb, "\n    /* %s */\n", comment);
        free(comment);
        /* When to check: the member is present and not null. A pointer that
         * must hold a value (a required string, a present T * that is not
         * @nullable) is an error when NULL. */
        bool pointer_like = f->by_pointer || is_pointer_value || n->kind == NODE_ANY;
        bool null_means_absent = f->presence == PRESENCE_POINTER ||
                                 (f->presence == PRESENCE_OPTIONAL && pointer_like);
        char *guard_text = NULL;
        if (f->presence == PRESENCE_HAS_FLAG)
            guard_text = xasprintf("v->%s", f->has_field);
        else if (f->presence == PRESENCE_OPTIONAL && !pointer_like &&
                 ((n->kind == NODE_ARRAY && n->fixed_size == 0) || n->kind == NODE_MAP))
            guard_text = xasprintf("v->%s != NULL || v->%s > 0", f->c_path, f->count_field);
        else if (f->presence == PRESENCE_OPTIONAL && !pointer_like)
            guard_text = xasprintf("seen == NULL || seen[%zu]", i);
        if (pointer_like && (f->nullable || null_means_absent)) {
            char *g = xasprintf("%s%sv->%s != NULL", guard_text ? guard_text : "", guard_text ? " && " : "",
                                f->c_path);
            free(guard_text);
            guard_text = g;
        } else if (f->nullable && (n->kind == NODE_ARRAY || n->kind == NODE_MAP)) {
            char *g = xasprintf("%s%s(v->%s != NULL || v->%s > 0)", guard_text ? guard_text : "",
                                guard_text ? " && " : "", f->c_path, f->count_field);
            free(guard_text);
            guard_text = g;
        } else if (pointer_like) {
            /* present, not nullable: NULL is not a value */
            if (guard_text != NULL)
                line(sb, 1, "if (%s && v->%s == NULL) {", guard_text, f->c_path);
            else
                line(sb, 1, "if (v->%s == NULL) {", f->c_path);
            if (f->presence == PRESENCE_HAS_FLAG) {
                line(sb, 2, "sc_fail(err, SC_ERR_TYPE, \"type\", \"must not be null\");");
                line(sb, 2, "return sc_error_push_key(err, %s);", name_lit);
            } else {
                line(sb, 2, "return sc_fail(err, SC_ERR_REQUIRED, \"required\", "
                            "\"missing required property \\\"%%s\\\"\", %s);", name_lit);
            }
            line(sb, 1, "}");
        }
        const char *guard = guard_text;
        int level = 1;
        if (guard != NULL) {
            line(sb, 1, "if (%s) {", guard);
            level = 2;
        }
        if (n->kind == NODE_STRUCT)
            line(sb, level, "if (full) {");
        char *fn = xasprintf("%s_%s", s->name, f->c_name);
        char *expr = field_value_expr(f);
        bool sequence = n->kind == NODE_ARRAY || n->kind == NODE_MAP;
        char *count = sequence ? xasprintf("(size_t)v->%s", f->count_field) : NULL;
        if (sequence) {
            /* T * does not convert to const T * implicitly when T is an
             * array type (a char buffer) before C23 */
            free(expr);
            expr = xasprintf("(const %s *)v->%s", n->kind == NODE_MAP ? n->entry_c_type : n->items->c_type,
                             f->c_path);
        }
        int inner = n->kind == NODE_STRUCT ? level + 1 : level;
        emit_check_call(sb, inner, n, fn, expr, count);
        line(sb, inner, "if (rc != 0)");
        line(sb, inner + 1, "return sc_error_push_key(err, %s);", name_lit);
        if (n->kind == NODE_STRUCT)
            line(sb, level, "}");
        if (guard != NULL)
            line(sb, 1, "}");
        free(fn);
        free(expr);
        free(count);
        free(guard_text);
        free(name_lit);
    }
    line(sb, 1, "(void)v;");
    line(sb, 1, "(void)full;");
    line(sb, 1, "(void)seen;");
    line(sb, 1, "return rc;");
    sb_puts(sb, "}\n\n");
}

/* ---- reading ------------------------------------------------------------- */

/* Statements reading the value of n into lvalue, setting rc. check_fn
 * names n's check function: a float is checked as the double the document
 * holds, before rounding, as a JSON Schema validator sees it. */
static void emit_read(strbuf *sb, int level, const node *n, const char *lvalue, const char *check_fn)
{
    switch (n->kind) {
    case NODE_BOOL:
        line(sb, level, "rc = sc_read_bool(r, &%s);", lvalue);
        break;
    case NODE_INT:
        line(sb, level, "{");
        line(sb, level + 1, "int64_t number;");
        put_indent(sb, level + 1);
        sb_puts(sb, "rc = sc_read_int(r, &number, ");
        put_i64(sb, n->c_min);
        sb_puts(sb, ", ");
        put_i64(sb, n->c_max);
        sb_puts(sb, ");\n");
        line(sb, level + 1, "%s = (%s)number;", lvalue, n->c_type);
        line(sb, level, "}");
        break;
    case NODE_NUMBER:
        if (n->is_float) {
            line(sb, level, "{");
            line(sb, level + 1, "double number;");
            line(sb, level + 1, "rc = sc_read_double(r, &number);");
            line(sb, level + 1, "if (rc == 0 && (rc = check_%s(number, r->err, true)) != 0)", check_fn);
            line(sb, level + 2, "r->err->offset = (size_t)(r->p - r->begin);");
            line(sb, level + 1, "%s = (float)number;", lvalue);
            line(sb, level, "}");
        } else {
            line(sb, level, "rc = sc_read_double(r, &%s);", lvalue);
        }
        break;
    case NODE_STRING:
        if (n->buf_size > 0) {
            line(sb, level, "rc = sc_read_string_buf(r, %s, sizeof %s, NULL);", lvalue, lvalue);
        } else {
            line(sb, level, "{");
            line(sb, level + 1, "char *text = NULL;");
            line(sb, level + 1, "rc = sc_read_string_dup(r, &text, NULL);");
            line(sb, level + 1, "%s = text;", lvalue);
            line(sb, level, "}");
        }
        break;
    case NODE_ENUM:
        line(sb, level, "rc = read_%s(r, &%s);", n->enum_type->name, lvalue);
        break;
    case NODE_STRUCT:
        line(sb, level, "rc = read_%s(r, &%s);", n->struct_type->name, lvalue);
        break;
    case NODE_ANY:
        line(sb, level, "rc = sc_read_cjson(r, &%s);", lvalue);
        break;
    case NODE_ARRAY:
    case NODE_MAP:
        break; /* read member by member: emit_read_array, emit_read_map */
    }
}

/* Pieces shared by the array and map readers. */

/* Stop at the limit before growing: an oversize array or object must not
 * cost memory first. */
static void emit_count_limit(strbuf *sb, int level, uint64_t max, const char *keyword, const char *one,
                             const char *many)
{
    line(sb, level, "if (n == %llu) {", (unsigned long long)max);
    line(sb, level + 1, "rc = sc_reader_fail(r, SC_ERR_CONSTRAINT, \"%s\", \"must have at most %llu %s\");", keyword,
         (unsigned long long)max, max == 1 ? one : many);
    line(sb, level + 1, "break;");
    line(sb, level, "}");
}

static void emit_grow(strbuf *sb, int level)
{
    line(sb, level, "if (n == cap && (items = sc_reader_grow(r, items, &cap, sizeof *items)) == NULL) {");
    line(sb, level + 1, "rc = r->err->code;");
    line(sb, level + 1, "break;");
    line(sb, level, "}");
}

/* After the loop: a reader error, a non-NULL pointer for a present empty
 * sequence, and the results stored. */
static void emit_store_items(strbuf *sb, int level, const field *f, bool pointer)
{
    line(sb, level, "if (rc == 0 && next < 0)");
    line(sb, level + 1, "rc = r->err->code;");
    if (pointer) {
        line(sb, level, "if (rc == 0 && items == NULL && (items = sc_reader_empty(r)) == NULL)");
        line(sb, level + 1, "rc = r->err->code;");
        line(sb, level, "out->%s = items;", f->c_path);
    }
    line(sb, level, "out->%s = (%s)n;", f->count_field, f->count_c_type);
}

/* Reads an array member into v->NAME and v->COUNT. */
static void emit_read_array(strbuf *sb, int level, const char *s_name, const field *f)
{
    const node *n = f->type;
    const node *items = n->items;
    uint64_t max;
    bool has_max = node_max_items(n, &max);
    line(sb, level, "{");
    line(sb, level + 1, "size_t n = 0;");
    if (n->fixed_size == 0) {
        line(sb, level + 1, "size_t cap = 0;");
        line(sb, level + 1, "%s *items = NULL;", items->c_type);
    }
    line(sb, level + 1, "int next = 0;");
    line(sb, level + 1, "rc = sc_read_array_begin(r);");
    line(sb, level + 1, "while (rc == 0 && (next = sc_next_element(r)) > 0) {");
    if (has_max)
        emit_count_limit(sb, level + 2, max, "maxItems", "item", "items");
    char *element;
    if (n->fixed_size == 0) {
        emit_grow(sb, level + 2);
        element = xstrdup("items[n]");
    } else {
        element = xasprintf("out->%s[n]", f->c_path);
    }
    char *item_fn = xasprintf("%s_%s_items", s_name, f->c_name);
    emit_read(sb, level + 2, items, element, item_fn);
    free(item_fn);
    line(sb, level + 2, "if (rc != 0) {");
    line(sb, level + 3, "sc_error_push_index(r->err, n);");
    line(sb, level + 3, "break;");
    line(sb, level + 2, "}");
    line(sb, level + 2, "n++;");
    line(sb, level + 1, "}");
    emit_store_items(sb, level + 1, f, n->fixed_size == 0);
    line(sb, level, "}");
    free(element);
}

/* Reads a map member: each JSON member becomes an entry { key, value }. */
static void emit_read_map(strbuf *sb, int level, const char *s_name, const field *f)
{
    const node *n = f->type;
    const node *k = n->map_key;
    line(sb, level, "{");
    line(sb, level + 1, "size_t n = 0, cap = 0;");
    line(sb, level + 1, "%s *items = NULL;", n->entry_c_type);
    line(sb, level + 1, "sc_string name;");
    line(sb, level + 1, "int next = 0;");
    line(sb, level + 1, "rc = sc_read_object_begin(r);");
    line(sb, level + 1, "while (rc == 0 && (next = sc_next_member(r, &name)) > 0) {");
    if (n->c.has_max_items)
        emit_count_limit(sb, level + 2, n->c.max_items, "maxProperties", "property", "properties");
    emit_grow(sb, level + 2);
    if (k->buf_size > 0) {
        line(sb, level + 2, "if (name.len >= sizeof items[n].key) {");
        line(sb, level + 3, "rc = sc_reader_fail(r, SC_ERR_CONSTRAINT, \"propertyNames\", "
                            "\"property names must be at most %zu bytes long\");", k->buf_size - 1);
        line(sb, level + 3, "break;");
        line(sb, level + 2, "}");
        line(sb, level + 2, "memcpy(items[n].key, name.ptr, name.len);");
        line(sb, level + 2, "items[n].key[name.len] = '\\0';");
    } else {
        line(sb, level + 2, "if ((items[n].key = sc_arena_strndup(r->arena, name.ptr, name.len)) == NULL) {");
        line(sb, level + 3, "rc = sc_reader_fail(r, SC_ERR_NOMEM, NULL, \"out of memory\");");
        line(sb, level + 3, "break;");
        line(sb, level + 2, "}");
    }
    char *value_fn = xasprintf("%s_%s_value", s_name, f->c_name);
    emit_read(sb, level + 2, n->map_value, "items[n].value", value_fn);
    free(value_fn);
    line(sb, level + 2, "if (rc != 0) {");
    line(sb, level + 3, "sc_error_push_key(r->err, items[n].key);");
    line(sb, level + 3, "break;");
    line(sb, level + 2, "}");
    line(sb, level + 2, "n++;");
    line(sb, level + 1, "}");
    emit_store_items(sb, level + 1, f, true);
    line(sb, level, "}");
}

static void member_index_action(strbuf *sb, int level, size_t index, const void *ctx)
{
    (void)ctx;
    line(sb, level, "return %zu;", index);
}

static void emit_struct_read(strbuf *sb, const struct_def *s)
{
    const char **names = xcalloc(s->nfields + 1, sizeof *names);
    for (size_t i = 0; i < s->nfields; i++)
        names[i] = s->fields[i].json_name;

    if (s->nfields > 0) {
        sb_printf(sb, "static const char *const %s_members[] = {\n", s->name);
        for (size_t i = 0; i < s->nfields; i++) {
            char *lit = c_literal(names[i]);
            line(sb, 1, "%s,", lit);
            free(lit);
        }
        sb_puts(sb, "};\n\n");
        sb_printf(sb, "/* Index of the member called key[0..len), or -1. */\n");
        sb_printf(sb, "static int member_%s(const char *key, size_t len)\n{\n", s->name);
        emit_name_switch(sb, 1, "key", "len", names, s->nfields, member_index_action, NULL);
        line(sb, 1, "return -1;");
        sb_puts(sb, "}\n\n");
    }

    sb_printf(sb, "static int read_%s(sc_reader *r, %s *out)\n{\n", s->name, s->c_type);
    if (s->nfields > 0)
        line(sb, 1, "bool seen[%zu] = {false};", s->nfields);
    if (s->additional_properties)
        line(sb, 1, "sc_skipped skipped = {NULL, 0, 0};");
    line(sb, 1, "sc_string key;");
    line(sb, 1, "int more, rc = 0;");
    sb_puts(sb, "\n");
    line(sb, 1, "memset(out, 0, sizeof *out);");
    line(sb, 1, "if ((rc = sc_read_object_begin(r)) != 0)");
    line(sb, 2, "return rc;");
    line(sb, 1, "while ((more = sc_next_member(r, &key)) > 0) {");
    if (s->nfields > 0) {
        line(sb, 2, "int member = member_%s(key.ptr, key.len);", s->name);
        line(sb, 2, "if (member < 0) {");
    } else {
        line(sb, 2, "{");
    }
    if (s->additional_properties) {
        line(sb, 3, "if ((rc = sc_skip_member(r, &skipped, &key)) != 0)");
        line(sb, 4, "return rc;");
        line(sb, 3, "continue;");
    } else {
        line(sb, 3, "return sc_fail_unknown_member(r, &key);");
    }
    line(sb, 2, "}");
    if (s->nfields > 0) {
        line(sb, 2, "if (seen[member])");
        line(sb, 3, "return sc_fail_duplicate_member(r, %s_members[member]);", s->name);
        line(sb, 2, "seen[member] = true;");
        line(sb, 2, "switch (member) {");
        for (size_t i = 0; i < s->nfields; i++) {
            const field *f = &s->fields[i];
            char *comment = comment_text(f->json_name);
            line(sb, 2, "case %zu: /* %s */", i, comment);
            free(comment);
            if (f->nullable) {
                line(sb, 3, "if (sc_peek(r) == SC_JSON_NULL) {");
                line(sb, 4, "rc = sc_read_null(r); /* null: the pointer stays NULL */");
                line(sb, 4, "break;");
                line(sb, 3, "}");
            }
            if (f->type->kind == NODE_MAP) {
                emit_read_map(sb, 3, s->name, f);
            } else if (f->type->kind == NODE_ARRAY) {
                emit_read_array(sb, 3, s->name, f);
            } else if (f->by_pointer) {
                line(sb, 3, "if ((out->%s = sc_reader_alloc(r, sizeof *out->%s)) == NULL) {", f->c_path,
                     f->c_path);
                line(sb, 4, "rc = r->err->code;");
                line(sb, 4, "break;");
                line(sb, 3, "}");
                char *lv = xasprintf("*out->%s", f->c_path);
                char *check_fn = xasprintf("%s_%s", s->name, f->c_name);
                emit_read(sb, 3, f->type, lv, check_fn);
                free(check_fn);
                free(lv);
            } else {
                char *lv = xasprintf("out->%s", f->c_path);
                char *check_fn = xasprintf("%s_%s", s->name, f->c_name);
                emit_read(sb, 3, f->type, lv, check_fn);
                free(check_fn);
                free(lv);
            }
            line(sb, 3, "break;");
        }
        line(sb, 2, "default:");
        line(sb, 3, "break;");
        line(sb, 2, "}");
        line(sb, 2, "if (rc != 0)");
        line(sb, 3, "return sc_error_push_key(r->err, %s_members[member]);", s->name);
    }
    line(sb, 1, "}");
    line(sb, 1, "if (more < 0)");
    line(sb, 2, "return r->err->code;");
    if (s->additional_properties) {
        line(sb, 1, "if ((rc = sc_check_skipped(r, &skipped)) != 0)");
        line(sb, 2, "return rc;");
    }
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        char *lit = c_literal(f->json_name);
        switch (f->presence) {
        case PRESENCE_REQUIRED:
            line(sb, 1, "if (!seen[%zu])", i);
            line(sb, 2, "return sc_fail_missing_member(r, %s);", lit);
            break;
        case PRESENCE_HAS_FLAG:
            line(sb, 1, "out->%s = seen[%zu];", f->has_field, i);
            break;
        case PRESENCE_DEFAULT: {
            const cJSON *d = f->default_value;
            line(sb, 1, "if (!seen[%zu])", i);
            put_indent(sb, 2);
            const node *n = f->type;
            if (n->kind == NODE_STRING && n->buf_size > 0) {
                char *v = c_literal(d->valuestring);
                sb_printf(sb, "memcpy(out->%s, %s, sizeof %s);\n", f->c_path, v, v);
                free(v);
            } else if (n->kind == NODE_STRING) {
                char *v = c_literal(d->valuestring);
                sb_printf(sb, "out->%s = %s;\n", f->c_path, v);
                free(v);
            } else if (n->kind == NODE_ENUM) {
                sb_printf(sb, "out->%s = %s;\n", f->c_path, enum_c_name(n->enum_type, d->valuestring));
            } else if (n->kind == NODE_BOOL) {
                sb_printf(sb, "out->%s = %s;\n", f->c_path, cJSON_IsTrue(d) ? "true" : "false");
            } else if (n->kind == NODE_INT) {
                sb_printf(sb, "out->%s = (%s)", f->c_path, n->c_type);
                put_i64(sb, (int64_t)d->valuedouble);
                sb_puts(sb, ";\n");
            } else {
                sb_printf(sb, "out->%s = (%s)", f->c_path, n->c_type);
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
    line(sb, 1, "if ((rc = check_%s(out, r->err, false, %s, 0)) != 0)", s->name, s->nfields ? "seen" : "NULL");
    line(sb, 2, "r->err->offset = (size_t)(r->p - r->begin);");
    line(sb, 1, "return rc;");
    sb_puts(sb, "}\n\n");
    free(names);
}

/* ---- building cJSON ------------------------------------------------------ */

/* An expression making the cJSON item for the value expr of node n. */
static char *build_expr(const node *n, const char *expr)
{
    switch (n->kind) {
    case NODE_BOOL: return xasprintf("cJSON_CreateBool(%s)", expr);
    case NODE_INT:
    case NODE_NUMBER: return xasprintf("cJSON_CreateNumber((double)%s)", expr);
    case NODE_STRING: return xasprintf("cJSON_CreateString(%s)", expr);
    case NODE_ENUM: return xasprintf("build_%s(%s)", n->enum_type->name, expr);
    case NODE_STRUCT: return xasprintf("build_%s(&%s, depth + 1)", n->struct_type->name, expr);
    case NODE_ANY: return xasprintf("cJSON_Duplicate(%s, 1)", expr);
    case NODE_ARRAY:
    case NODE_MAP: return NULL; /* built member by member */
    }
    return NULL;
}

static void emit_enum_build(strbuf *sb, const enum_def *e)
{
    sb_printf(sb, "static cJSON *build_%s(%s value)\n{\n", e->name, e->c_type);
    line(sb, 1, "const char *name = name_%s(value);", e->name);
    line(sb, 1, "return name != NULL ? cJSON_CreateString(name) : NULL;");
    sb_puts(sb, "}\n\n");
}

static void emit_struct_build(strbuf *sb, const struct_def *s)
{
    sb_printf(sb, "static cJSON *build_%s(const %s *v, int depth)\n{\n", s->name, s->c_type);
    line(sb, 1, "cJSON *o;");
    line(sb, 1, "if (depth > SC_DEFAULT_MAX_DEPTH)");
    line(sb, 2, "return NULL; /* a cycle, or deeper than any document we accept */");
    line(sb, 1, "(void)v;");
    line(sb, 1, "o = cJSON_CreateObject();");
    line(sb, 1, "if (o == NULL)");
    line(sb, 2, "return NULL;");
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        char *key = c_literal(f->json_name);
        int level = 1;
        char *comment = comment_text(f->json_name);
        sb_printf(sb, "\n    /* %s */\n", comment);
        free(comment);
        if (f->presence == PRESENCE_POINTER) {
            line(sb, 1, "if (v->%s != NULL) {", f->c_path);
            level = 2;
        } else if (f->presence == PRESENCE_HAS_FLAG) {
            line(sb, 1, "if (v->%s) {", f->has_field);
            level = 2;
        } else if (f->presence == PRESENCE_OPTIONAL && n->kind == NODE_STRING && n->buf_size == 0) {
            line(sb, 1, "if (v->%s != NULL) {", f->c_path);
            level = 2;
        } else if (f->presence == PRESENCE_OPTIONAL &&
                   ((n->kind == NODE_ARRAY && n->fixed_size == 0) || n->kind == NODE_MAP)) {
            line(sb, 1, "if (v->%s != NULL || v->%s > 0) {", f->c_path, f->count_field);
            level = 2;
        }
        if (f->nullable) {
            if (n->kind == NODE_ARRAY || n->kind == NODE_MAP)
                line(sb, level, "if (v->%s == NULL && v->%s == 0) {", f->c_path, f->count_field);
            else
                line(sb, level, "if (v->%s == NULL) {", f->c_path);
            line(sb, level + 1, "if (!sc_cjson_add(o, %s, cJSON_CreateNull()))", key);
            line(sb, level + 2, "goto fail;");
            line(sb, level, "} else");
        }
        if (n->kind == NODE_MAP) {
            line(sb, level, "{");
            line(sb, level + 1, "cJSON *map = cJSON_CreateObject();");
            line(sb, level + 1, "if (!sc_cjson_add(o, %s, map))", key);
            line(sb, level + 2, "goto fail;");
            line(sb, level + 1, "for (size_t i = 0; i < (size_t)v->%s; i++)", f->count_field);
            char *item = xasprintf("v->%s[i].value", f->c_path);
            char *e = build_expr(n->map_value, item);
            line(sb, level + 2, "if (!sc_cjson_add_copy(map, v->%s[i].key, %s))", f->c_path, e);
            line(sb, level + 3, "goto fail;");
            line(sb, level, "}");
            free(item);
            free(e);
        } else if (n->kind == NODE_ARRAY) {
            line(sb, level, "{");
            line(sb, level + 1, "cJSON *list = cJSON_CreateArray();");
            line(sb, level + 1, "if (!sc_cjson_add(o, %s, list))", key);
            line(sb, level + 2, "goto fail;");
            line(sb, level + 1, "for (size_t i = 0; i < (size_t)v->%s; i++)", f->count_field);
            char *item = xasprintf("v->%s[i]", f->c_path);
            char *e = build_expr(n->items, item);
            line(sb, level + 2, "if (!sc_cjson_append(list, %s))", e);
            line(sb, level + 3, "goto fail;");
            line(sb, level, "}");
            free(item);
            free(e);
        } else {
            char *value = xasprintf(f->by_pointer ? "(*v->%s)" : "v->%s", f->c_path);
            char *e = build_expr(n, value);
            if (f->nullable)
                line(sb, level, "{");
            if (f->by_pointer && f->presence != PRESENCE_POINTER && !f->nullable) {
                /* a present value behind a NULL pointer cannot be encoded */
                line(sb, level, "if (v->%s == NULL)", f->c_path);
                line(sb, level + 1, "goto fail;");
            }
            line(sb, level, "if (!sc_cjson_add(o, %s, %s))", key, e);
            line(sb, level + 1, "goto fail;");
            if (f->nullable)
                line(sb, level, "}");
            free(value);
            free(e);
        }
        if (level == 2)
            line(sb, 1, "}");
        free(key);
    }
    line(sb, 1, "return o;");
    if (s->nfields > 0) {
        sb_puts(sb, "fail:\n");
        line(sb, 1, "cJSON_Delete(o);");
        line(sb, 1, "return NULL;");
    }
    sb_puts(sb, "}\n\n");
}

/* ---- public API ---------------------------------------------------------- */

/* `[static ]const char NAME[] = "text";` */
static void emit_text_constant(strbuf *sb, bool is_static, const char *name, const char *text)
{
    sb_printf(sb, "%sconst char %s[] =", is_static ? "static " : "", name);
    /* ISO C only promises 4095-character literals (-Woverlength-strings),
     * so long texts are written as a character list. */
    if (strlen(text) < 4000) {
        sb_puts(sb, "\n    \"");
        sb_put_c_string(sb, text);
        sb_puts(sb, "\";\n\n");
    } else {
        sb_puts(sb, " {");
        size_t len = strlen(text);
        for (size_t i = 0; i <= len; i++) {
            if (i % 16 == 0)
                sb_puts(sb, "\n   ");
            sb_printf(sb, " '\\x%02x',", (unsigned)(unsigned char)text[i]);
        }
        sb_puts(sb, "\n};\n\n");
    }
}

static void emit_schema_constant(strbuf *sb, const struct_def *s)
{
    cJSON *doc = schema_document(s);
    char *text = schema_print(doc, 0);
    cJSON_Delete(doc);
    char *name = xasprintf("%s_schema_json", s->name);
    emit_text_constant(sb, false, name, text);
    free(name);
    free(text);
}

/* ---- tools --------------------------------------------------------------- */

/* The @output struct of a tool, when the header tags it @schema (so it has
 * a public validate and to_cjson); NULL otherwise. */
static const struct_def *tool_output(const model *m, const struct_def *s)
{
    return model_schema_struct(m, s->output_type);
}

static bool is_tool(const struct_def *s)
{
    return s->opted_in && s->tool_name != NULL;
}

static void emit_tool_declarations(strbuf *sb, const model *m, const struct_def *s)
{
    const struct_def *out = tool_output(m, s);
    sb_printf(sb, "/* The tool \"%s\": its descriptor, the handler it calls and a binding of the\n"
                  " * two for sc_tool_call (schemac/tool.h). */\n", s->tool_name);
    sb_printf(sb, "extern const sc_tool %s_tool;\n", s->name);
    if (out != NULL)
        sb_printf(sb, "typedef int (*%s_handler)(sc_arena *arena, const %s *in, %s *out, void *ctx, sc_error *err);\n",
                  s->name, s->c_type, out->c_type);
    else
        sb_printf(sb, "typedef int (*%s_handler)(sc_arena *arena, const %s *in, cJSON **out, void *ctx, sc_error *err);\n",
                  s->name, s->c_type);
    sb_printf(sb, "sc_tool_binding %s_bind(%s_handler handler, void *ctx);\n\n", s->name, s->name);
}

static const char *effect_constant(tool_effect e)
{
    switch (e) {
    case EFFECT_READONLY: return "SC_EFFECT_READONLY";
    case EFFECT_MUTATING: return "SC_EFFECT_MUTATING";
    case EFFECT_DESTRUCTIVE: return "SC_EFFECT_DESTRUCTIVE";
    case EFFECT_NONE: break;
    }
    return "SC_EFFECT_UNSPECIFIED";
}

/* OpenAI strict mode: structs a tool's arguments reach, whose optional
 * members may arrive as null meaning "absent" (SC_CALL_NULL_IS_ABSENT). */
static void mark_reached(const model *m, const struct_def *s, bool *reached);

static void mark_node(const model *m, const node *n, bool *reached)
{
    if (n == NULL)
        return;
    if (n->kind == NODE_STRUCT)
        mark_reached(m, n->struct_type, reached);
    mark_node(m, n->items, reached);
    mark_node(m, n->map_value, reached);
}

static void mark_reached(const model *m, const struct_def *s, bool *reached)
{
    for (size_t i = 0; i < m->nstructs; i++) {
        if (m->structs[i] != s)
            continue;
        if (reached[i])
            return;
        reached[i] = true;
    }
    for (size_t i = 0; i < s->nfields; i++)
        mark_node(m, s->fields[i].type, reached);
    for (size_t v = 0; v < s->nvariants; v++)
        for (size_t i = 0; i < s->variants[v]->nfields; i++)
            mark_node(m, s->variants[v]->fields[i].type, reached);
}

static void emit_drop_fields(strbuf *sb, const struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        char *key = c_literal(f->json_name);
        if (f->presence != PRESENCE_REQUIRED && !f->nullable)
            line(sb, 1, "sc_cjson_drop_null(o, %s);", key);
        const node *inner = n->kind == NODE_ARRAY ? n->items : n->kind == NODE_MAP ? n->map_value : n;
        if (inner->kind == NODE_STRUCT) {
            if (n->kind == NODE_STRUCT) {
                line(sb, 1, "drop_nulls_%s(cJSON_GetObjectItemCaseSensitive(o, %s), depth + 1);",
                     inner->struct_type->name, key);
            } else {
                line(sb, 1, "cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, %s))", key);
                line(sb, 2, "drop_nulls_%s(item, depth + 1);", inner->struct_type->name);
            }
        }
        free(key);
    }
}

static void emit_drop_nulls(strbuf *sb, const model *m)
{
    bool *reached = xcalloc(m->nstructs + 1, sizeof *reached);
    bool any = false;
    for (size_t i = 0; i < m->nstructs; i++)
        if (is_tool(m->structs[i]))
            mark_reached(m, m->structs[i], reached);
    for (size_t i = 0; i < m->nstructs; i++)
        if (reached[i] && m->structs[i]->variant_of == NULL) {
            sb_printf(sb, "static void drop_nulls_%s(cJSON *o, int depth);\n", m->structs[i]->name);
            any = true;
        }
    if (any)
        sb_puts(sb, "\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!reached[i] || s->variant_of != NULL)
            continue;
        sb_printf(sb, "/* %s: null members that stand for absent ones, as OpenAI's strict mode\n"
                      " * sends them, removed before decoding (SC_CALL_NULL_IS_ABSENT). */\n", s->c_type);
        sb_printf(sb, "static void drop_nulls_%s(cJSON *o, int depth)\n{\n", s->name);
        line(sb, 1, "cJSON *item = NULL;");
        line(sb, 1, "if (!cJSON_IsObject(o) || depth > SC_DEFAULT_MAX_DEPTH)");
        line(sb, 2, "return;");
        if (s->nvariants > 0)
            for (size_t v = 0; v < s->nvariants; v++)
                emit_drop_fields(sb, s->variants[v]);
        else
            emit_drop_fields(sb, s);
        line(sb, 1, "(void)item;");
        sb_puts(sb, "}\n\n");
    }
    free(reached);
}

static void emit_tool(strbuf *sb, const model *m, const c_names *names, size_t index)
{
    const struct_def *s = m->structs[index];
    const struct_def *out = tool_output(m, s);
    const char *n = s->name;

    for (int d = 0; d < DIALECT_COUNT; d++) {
        char *name = xasprintf("%s_%s", n, dialect_name((dialect)d));
        for (char *c = name; *c; c++)
            if (*c == '-')
                *c = '_';
        const char *text = names->tool_texts != NULL ? names->tool_texts[index * DIALECT_COUNT + (size_t)d] : NULL;
        emit_text_constant(sb, true, name, text != NULL ? text : "");
        free(name);
    }

    sb_printf(sb, "static int invoke_%s(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,\n"
                  "    unsigned flags, cJSON **result, sc_error *err)\n{\n", n);
    line(sb, 1, "%s in;", s->c_type);
    line(sb, 1, out != NULL ? "%s out;" : "cJSON *out = NULL;", out != NULL ? out->c_type : "");
    line(sb, 1, "int rc;");
    line(sb, 1, "cJSON *copy = NULL;");
    line(sb, 1, "*result = NULL;");
    line(sb, 1, "if (flags & SC_CALL_NULL_IS_ABSENT) {");
    line(sb, 2, "if ((copy = cJSON_Duplicate(args, 1)) == NULL)");
    line(sb, 3, "return sc_fail(err, SC_ERR_NOMEM, NULL, \"out of memory\");");
    line(sb, 2, "drop_nulls_%s(copy, 0);", n);
    line(sb, 2, "args = copy;");
    line(sb, 1, "}");
    line(sb, 1, "rc = %s_from_cjson(arena, args, &in, err);", n);
    line(sb, 1, "cJSON_Delete(copy); /* the decoded value lives in the arena */");
    line(sb, 1, "if (rc != 0)");
    line(sb, 2, "return rc;");
    if (out != NULL)
        line(sb, 1, "memset(&out, 0, sizeof out);");
    line(sb, 1, "if (((%s_handler)binding->handler)(arena, &in, &out, binding->ctx, err) != 0) {", n);
    if (out == NULL)
        line(sb, 2, "cJSON_Delete(out);");
    line(sb, 2, "if (err->code == SC_OK)");
    line(sb, 3, "return sc_fail(err, SC_ERR_HANDLER, NULL, \"the tool failed\");");
    line(sb, 2, "return err->code;");
    line(sb, 1, "}");
    if (out != NULL) {
        line(sb, 1, "if (%s_validate(&out, err) != 0) {", out->name);
        line(sb, 2, "/* the application's bug, not the model's: say so */");
        line(sb, 2, "sc_error_note(err, \"%%s\", \"the tool's result breaks its output schema\");");
        line(sb, 2, "err->code = SC_ERR_OUTPUT;");
        line(sb, 2, "return SC_ERR_OUTPUT;");
        line(sb, 1, "}");
        line(sb, 1, "if ((*result = %s_to_cjson(&out)) == NULL)", out->name);
        line(sb, 2, "return sc_fail(err, SC_ERR_NOMEM, NULL, \"out of memory\");");
    } else {
        line(sb, 1, "*result = out;");
    }
    line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");

    char *tool_name = c_literal(s->tool_name);
    char *description = c_literal(s->description != NULL ? s->description : "");
    char *version = s->version != NULL ? c_literal(s->version) : xstrdup("NULL");
    char *output_schema = out != NULL ? xasprintf("%s_schema_json", out->name) : xstrdup("NULL");
    const struct_def *config = model_schema_struct(m, s->config_type);
    char *config_schema = config != NULL ? xasprintf("%s_schema_json", config->name) : xstrdup("NULL");
    sb_printf(sb, "const sc_tool %s_tool = {\n", n);
    line(sb, 1, "%s,", tool_name);
    line(sb, 1, "%s,", description);
    line(sb, 1, "%s_schema_json,", n);
    line(sb, 1, "%s,", output_schema);
    line(sb, 1, "%s_mcp,", n);
    line(sb, 1, "%s_openai,", n);
    line(sb, 1, "%s_openai_strict,", n);
    line(sb, 1, "%s_anthropic,", n);
    line(sb, 1, "%s_gemini,", n);
    line(sb, 1, "%s_xml,", n);
    line(sb, 1, "%s,", effect_constant(s->effect));
    line(sb, 1, "%s,", s->idempotent ? "true" : "false");
    line(sb, 1, "%s,", version);
    line(sb, 1, "%s,", config_schema);
    line(sb, 1, "invoke_%s,", n);
    sb_puts(sb, "};\n\n");
    free(config_schema);
    free(tool_name);
    free(description);
    free(version);
    free(output_schema);

    sb_printf(sb, "sc_tool_binding %s_bind(%s_handler handler, void *ctx)\n{\n", n, n);
    line(sb, 1, "sc_tool_binding binding;");
    line(sb, 1, "binding.tool = &%s_tool;", n);
    line(sb, 1, "binding.handler = (sc_handler)handler;");
    line(sb, 1, "binding.ctx = ctx;");
    line(sb, 1, "return binding;");
    sb_puts(sb, "}\n\n");
}

static void emit_public(strbuf *sb, const struct_def *s)
{
    const char *t = s->c_type, *n = s->name;
    sb_printf(sb, "int %s_decode(sc_arena *arena, const char *json, size_t len, %s *out, sc_error *err)\n{\n",
              n, t);
    line(sb, 1, "sc_reader r;");
    line(sb, 1, "sc_error local;");
    line(sb, 1, "int rc;");
    line(sb, 1, "if (err == NULL)");
    line(sb, 2, "err = &local;");
    line(sb, 1, "sc_error_clear(err);");
    line(sb, 1, "if (arena == NULL || out == NULL || (json == NULL && len > 0))");
    line(sb, 2, "return sc_fail(err, SC_ERR_ARGUMENT, NULL, \"arena and out must not be NULL\");");
    line(sb, 1, "sc_reader_init(&r, json, len, arena, err);");
    line(sb, 1, "rc = read_%s(&r, out);", n);
    line(sb, 1, "if (rc == 0)");
    line(sb, 2, "rc = sc_reader_finish(&r);");
    line(sb, 1, "return rc;");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static int decode_%s_text(sc_arena *arena, const char *json, size_t len, void *out, "
                  "sc_error *err)\n{\n", n);
    line(sb, 1, "return %s_decode(arena, json, len, (%s *)out, err);", n, t);
    sb_puts(sb, "}\n\n");
    sb_printf(sb, "int %s_from_cjson(sc_arena *arena, const cJSON *node, %s *out, sc_error *err)\n{\n", n, t);
    line(sb, 1, "return sc_decode_cjson(arena, node, out, err, decode_%s_text);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "int %s_validate(const %s *value, sc_error *err)\n{\n", n, t);
    line(sb, 1, "sc_error local;");
    line(sb, 1, "if (err == NULL)");
    line(sb, 2, "err = &local;");
    line(sb, 1, "sc_error_clear(err);");
    line(sb, 1, "if (value == NULL)");
    line(sb, 2, "return sc_fail(err, SC_ERR_ARGUMENT, NULL, \"no value given\");");
    line(sb, 1, "return check_%s(value, err, true, NULL, 0);", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "cJSON *%s_to_cjson(const %s *value)\n{\n", n, t);
    line(sb, 1, "return value != NULL ? build_%s(value, 0) : NULL;", n);
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "char *%s_encode(const %s *value)\n{\n", n, t);
    line(sb, 1, "cJSON *tree = %s_to_cjson(value);", n);
    line(sb, 1, "char *text = NULL;");
    line(sb, 1, "if (tree == NULL)");
    line(sb, 2, "return NULL;");
    line(sb, 1, "if (sc_print_json(tree, &text) != 0)");
    line(sb, 2, "text = NULL;");
    line(sb, 1, "cJSON_Delete(tree);");
    line(sb, 1, "return text;");
    sb_puts(sb, "}\n\n");

    emit_schema_constant(sb, s);
}

static void emit_banner(strbuf *sb, const model *m, const char *file)
{
    const char *base = strrchr(m->header_path, '/');
    base = base != NULL ? base + 1 : m->header_path;
    sb_printf(sb, "/* %s: generated by schemac %s from %s. Do not edit: change %s and run\n"
                  " * schemac again. */\n",
              file, SCHEMAC_VERSION_STRING, base, base);
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
        if (s->tool_name != NULL)
            sb_printf(&sb, "/* %s: input of the tool \"%s\". */\n", t, s->tool_name);
        else
            sb_printf(&sb, "/* %s */\n", t);
        sb_printf(&sb, "int %s_decode(sc_arena *arena, const char *json, size_t len, %s *out, sc_error *err) "
                       "SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "int %s_from_cjson(sc_arena *arena, const cJSON *node, %s *out, sc_error *err) "
                       "SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "int %s_validate(const %s *value, sc_error *err) SC_NODISCARD;\n", n, t);
        sb_printf(&sb, "cJSON *%s_to_cjson(const %s *value);\n", n, t);
        sb_printf(&sb, "char *%s_encode(const %s *value);\n", n, t);
        sb_printf(&sb, "extern const char %s_schema_json[];\n\n", n);
        if (is_tool(s))
            emit_tool_declarations(&sb, m, s);
    }
    sb_puts(&sb, "#ifdef __cplusplus\n}\n#endif\n\n");
    sb_printf(&sb, "#endif /* %s */\n", names->guard);
    return sb_take(&sb);
}

/* A tagged union reads, checks and builds through the variant its
 * discriminator names; errors say which variant they come from. */
static void emit_union_dispatch(strbuf *sb, const struct_def *s)
{
    const field *disc = &s->fields[s->discriminator];
    const enum_def *e = disc->type->enum_type;
    char *disc_lit = c_literal(disc->json_name);

    sb_printf(sb, "static int read_%s(sc_reader *r, %s *out)\n{\n", s->name, s->c_type);
    line(sb, 1, "sc_reader probe = *r;");
    line(sb, 1, "%s which;", e->c_type);
    line(sb, 1, "int rc = sc_find_member(&probe, %s);", disc_lit);
    line(sb, 1, "if (rc < 0)");
    line(sb, 2, "return r->err->code;");
    line(sb, 1, "if (rc == 0)");
    line(sb, 2, "return sc_fail_missing_member(r, %s);", disc_lit);
    line(sb, 1, "if ((rc = read_%s(&probe, &which)) != 0)", e->name);
    line(sb, 2, "return sc_error_push_key(r->err, %s);", disc_lit);
    line(sb, 1, "switch (which) {");
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        line(sb, 1, "case %s:", v->variant_value->c_name);
        line(sb, 2, "if ((rc = read_%s(r, out)) != 0)", v->name);
        line(sb, 3, "sc_error_note(r->err, \"when %%s is \\\"%%s\\\"\", %s, \"%s\");", disc_lit,
             v->variant_value->json_name);
        line(sb, 2, "return rc;");
    }
    line(sb, 1, "default:");
    line(sb, 2, "return sc_fail_missing_member(r, %s); /* not reached: read_%s knows every value */",
         disc_lit, e->name);
    line(sb, 1, "}");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static int check_%s(const %s *v, sc_error *err, bool full, const bool *seen, int depth)\n{\n",
              s->name, s->c_type);
    line(sb, 1, "int rc;");
    line(sb, 1, "switch (v->%s) {", disc->c_path);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        line(sb, 1, "case %s:", v->variant_value->c_name);
        line(sb, 2, "if ((rc = check_%s(v, err, full, seen, depth)) != 0)", v->name);
        line(sb, 3, "sc_error_note(err, \"when %%s is \\\"%%s\\\"\", %s, \"%s\");", disc_lit,
             v->variant_value->json_name);
        line(sb, 2, "return rc;");
    }
    line(sb, 1, "default:");
    line(sb, 2, "rc = check_%s(v->%s, err);", e->name, disc->c_path);
    line(sb, 2, "return sc_error_push_key(err, %s);", disc_lit);
    line(sb, 1, "}");
    sb_puts(sb, "}\n\n");

    sb_printf(sb, "static cJSON *build_%s(const %s *v, int depth)\n{\n", s->name, s->c_type);
    line(sb, 1, "switch (v->%s) {", disc->c_path);
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        line(sb, 1, "case %s:", v->variant_value->c_name);
        line(sb, 2, "return build_%s(v, depth);", v->name);
    }
    line(sb, 1, "default:");
    line(sb, 2, "return NULL; /* not a value of the discriminator */");
    line(sb, 1, "}");
    sb_puts(sb, "}\n\n");
    free(disc_lit);
}

static void emit_layout_asserts(strbuf *sb, const model *m)
{
    const char *base = strrchr(m->header_path, '/');
    base = base != NULL ? base + 1 : m->header_path;
    sb_puts(sb, "/* The structs must still be the ones this file was generated from. */\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (s->variant_of != NULL)
            continue; /* its members are the union's, asserted through its size */
        sb_printf(sb, "_Static_assert(sizeof(%s) == %llu, \"%s changed after schemac generated this "
                      "file: run schemac again\");\n", s->c_type, (unsigned long long)s->size, s->c_type);
        for (size_t j = 0; j < s->nfields; j++)
            sb_printf(sb, "_Static_assert(offsetof(%s, %s) == %llu, \"%s changed after schemac generated "
                          "this file: run schemac again\");\n",
                      s->c_type, s->fields[j].c_name, (unsigned long long)s->fields[j].offset, s->c_type);
    }
    (void)base;
    sb_puts(sb, "\n");
}

char *emit_c_source(const model *m, const c_names *names)
{
    strbuf sb;
    sb_init(&sb);
    emit_banner(&sb, m, names->source_name);
    sb_printf(&sb, "#include \"%s\"\n\n", names->header_name);
    sb_puts(&sb, "#include <float.h>\n#include <stdint.h>\n#include <string.h>\n\n");
    emit_layout_asserts(&sb, m);

    sb_puts(&sb, "/* ---- declarations ---- */\n\n");
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        sb_printf(&sb, "static int read_%s(sc_reader *r, %s *out);\n", s->name, s->c_type);
        sb_printf(&sb, "static int check_%s(const %s *v, sc_error *err, bool full, const bool *seen, int depth);\n",
                  s->name, s->c_type);
        sb_printf(&sb, "static cJSON *build_%s(const %s *v, int depth);\n", s->name, s->c_type);
    }
    sb_puts(&sb, "\n");

    for (size_t i = 0; i < m->nenums; i++) {
        emit_enum(&sb, m->enums[i]);
        emit_enum_build(&sb, m->enums[i]);
    }
    emit_drop_nulls(&sb, m);
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (s->variant_of != NULL)
            sb_printf(&sb, "/* ---- %s when %s is \"%s\" ---- */\n\n", s->c_type,
                      s->variant_of->fields[s->variant_of->discriminator].json_name, s->variant_value->json_name);
        else
            sb_printf(&sb, "/* ---- %s ---- */\n\n", s->c_type);
        if (s->nvariants > 0) {
            emit_union_dispatch(&sb, s);
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
    return sb_take(&sb);
}
