/* schemac generator: the descriptors (issue 23; the only output since
 * issue 31). A struct, enum or union becomes constant tables that libschemac walks
 * (include/schemac/table.h, runtime/core/table_*.c) instead of functions
 * of its own: designated initializers that a person can check against
 * the header (offsets, kinds, bounds, presence, variants), and the
 * members' keywords as rules, each with the message the keyword table
 * gives it; a pattern's rule points to its generated DFA. */
#include "emit/c/emit_c_table.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "emit/c/emit_c_pattern.h"
#include "model/keywords.h"
#include "pattern/pattern.h"
#include "schemac/check.h"

/* The structs' descriptors of the source being written, in the order
 * emit_c.c writes them (emit_table_plan). */
static const struct_def **tabled;
static size_t ntabled;
/* Whether a value points to a descriptor written after it, through
 * sc_gen_tables (emit_table_forward). */
static bool forward_used;

/* The matchers emitted so far into the source being written, by pattern:
 * one matcher serves every string of the same pattern (a typedef'd string
 * used in many structs), named after its first use. */
typedef struct matcher {
    char *pattern;
    char *fn;
} matcher;
static matcher *matchers;
static size_t nmatchers;

static void forget_matchers(void)
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
static const char *pattern_matcher(strbuf *sb, const node *n, const char *fn)
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
    emit_c_pattern(p, name, sb);
    sb_puts(sb, "\n");
    pattern_free(p);
    matchers = xrealloc(matchers, (nmatchers + 1) * sizeof *matchers);
    matchers[nmatchers++] = (matcher){xstrdup(n->c.pattern), name};
    return name;
}

/* The sc_unique_kind that compares items like these (uniqueItems). */
static const char *unique_kind(const node *items)
{
    switch (items->kind) {
    case NODE_NUMBER:
        return items->is_float ? "SC_UNIQUE_FLOAT" : "SC_UNIQUE_DOUBLE";
    case NODE_STRING:
        return items->buf_size > 0 ? "SC_UNIQUE_CHARBUF" : "SC_UNIQUE_STRPTR";
    default:
        return "SC_UNIQUE_BYTES";
    }
}

/* The least JSON text of an object of s, its members' values aside: the
 * braces, and the names, colons and commas of the members it always has.
 * validate counts it against max_input at each struct it visits. */
static size_t struct_min_text(const struct_def *s)
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

/* The bounds of an untagged union's number variants up to variant i, as
 * a C initializer list (count of them): where sc_float_forms seeks the
 * forms of a float variant read back. malloc'd. */
static char *float_marks(const struct_def *s, size_t i, size_t *count)
{
    strbuf marks;
    sb_init(&marks);
    *count = 0;
    for (size_t k = 0; k <= i; k++) {
        const struct_def *o = s->variants[k];
        if (o->nfields == 0 ||
            (o->fields[0].type->kind != NODE_INT && o->fields[0].type->kind != NODE_NUMBER))
            continue;
        const node *n = o->fields[0].type;
        const number *b[] = {&n->c.minimum, &n->c.maximum, &n->c.exclusive_minimum,
                             &n->c.exclusive_maximum};
        for (size_t m = 0; m < 4; m++)
            if (b[m]->set) {
                sb_printf(&marks, "%s", *count ? ", " : "");
                sb_put_json_number(&marks, b[m]->value);
                ++*count;
            }
        if (n->kind == NODE_INT) {
            sb_printf(&marks, "%s%lld.0, %lld.0", *count ? ", " : "", (long long)n->c_min,
                      (long long)n->c_max);
            *count += 2;
        }
    }
    return marks.data != NULL ? sb_take(&marks) : xstrdup("");
}

/* What the value must be when no variant reads its type: "null, an
 * integer or a string". */
static char *untagged_expected(const struct_def *s)
{
    const char *names[8];
    size_t total = 0;
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        node_kind k = v->nfields == 0 ? NODE_ANY : v->fields[0].type->kind;
        const char *name = k == NODE_ANY                        ? "null"
                           : k == NODE_BOOL                     ? "a boolean"
                           : k == NODE_INT                      ? "an integer"
                           : k == NODE_NUMBER                   ? "a number"
                           : k == NODE_STRING || k == NODE_ENUM ? "a string"
                           : k == NODE_ARRAY                    ? "an array"
                                                                : "an object";
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

void emit_table_reset(void)
{
    free((void *)tabled);
    tabled = NULL;
    ntabled = 0;
    forward_used = false;
    forget_matchers();
}

void emit_table_plan(const model *m)
{
    emit_table_reset();
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        size_t variants = s->untagged ? 0 : s->nvariants;
        tabled = xrealloc(tabled, (ntabled + variants + 1) * sizeof *tabled);
        for (size_t v = 0; v < variants; v++)
            tabled[ntabled++] = s->variants[v];
        tabled[ntabled++] = s;
    }
}

/* Where s's descriptor stands among those of the source. */
static size_t tabled_index(const struct_def *s)
{
    size_t i = 0;
    while (i < ntabled && tabled[i] != s)
        i++;
    return i;
}

/* Whether s's descriptor is written before referrer's: a value of type s
 * in referrer can point to it, or else through sc_gen_tables (C has no
 * declaration of a static object that C++ takes too). */
static bool table_written_before(const struct_def *s, const struct_def *referrer)
{
    return tabled_index(s) < tabled_index(referrer);
}

void emit_table_forward(strbuf *head, strbuf *sb)
{
    if (!forward_used)
        return;
    sb_puts(head, "static const sc_table_struct *sc_gen_tables(size_t index_);\n\n");
    sb_puts(sb, "/* The descriptors by their order in this file, for the values that point to\n"
                " * one written after them (recursive types). */\n");
    sb_puts(sb, "static const sc_table_struct *sc_gen_tables(size_t index_)\n{\n");
    emit_line(sb, 1, "static const sc_table_struct *const tables_[] = {");
    for (size_t i = 0; i < ntabled; i++) {
        char *table = emit_table_name(tabled[i]);
        emit_line(sb, 2, "&%s,", table);
        free(table);
    }
    emit_line(sb, 1, "};");
    emit_line(sb, 1, "return tables_[index_];");
    sb_puts(sb, "}\n\n");
}

static size_t code_points(const char *s);

char *emit_table_name(const struct_def *s)
{
    return is_root(s) ? xasprintf("%s_descriptor", s->name) : xasprintf("sc_gen_table_%s", s->name);
}

/* The head of s's descriptor, static unless the header declares it. */
static void open_table(strbuf *sb, const struct_def *s)
{
    char *table = emit_table_name(s);
    sb_printf(sb, "%sconst sc_table_struct %s = {\n", is_root(s) ? "" : "static ", table);
    free(table);
}

void emit_table_enum(strbuf *sb, const enum_def *e)
{
    sb_printf(sb, "static const sc_string sc_gen_tenumnames_%s[] = {\n", e->name);
    for (size_t i = 0; i < e->nvalues; i++) {
        char *lit = c_literal(e->values[i].json_name);
        emit_line(sb, 1, "{%s, %zu, %zu},", lit, strlen(e->values[i].json_name),
                  code_points(e->values[i].json_name));
        free(lit);
    }
    sb_puts(sb, "};\n\n");
    sb_printf(sb, "static const int64_t sc_gen_tenumvalues_%s[] = {\n", e->name);
    for (size_t i = 0; i < e->nvalues; i++)
        emit_line(sb, 1, "(int64_t)%s,", e->values[i].c_name);
    sb_puts(sb, "};\n\n");
    char *choices = enum_choices(e), *lit = c_literal(choices);
    sb_printf(sb, "static const sc_table_enum sc_gen_tenum_%s = {\n", e->name);
    emit_line(sb, 1, ".count = %zu,", e->nvalues);
    emit_line(sb, 1, ".names = sc_gen_tenumnames_%s,", e->name);
    emit_line(sb, 1, ".values = sc_gen_tenumvalues_%s,", e->name);
    emit_line(sb, 1, ".choices = %s,", lit);
    sb_puts(sb, "};\n\n");
    free(choices);
    free(lit);
}

/* A value's rules as put_rules writes them: how many, and the decoder's
 * fused check of the leading ones (sc_table_value's fused, lo and hi). */
typedef struct value_rules {
    size_t count, fused;
    bool fusing;       /* no rule yet that the range cannot stand for */
    bool decoder_full; /* the decoder runs the full_only rules too (a float's) */
    double lo, hi;     /* within +-DBL_MAX: finite */
} value_rules;

/* The double a bound's C literal stands for: put_double's shortest round
 * trip, or FLT_MAX. */
static double bound_value(const char *literal)
{
    bool minus = literal[0] == '-';
    if (strcmp(literal + minus, "FLT_MAX") == 0)
        return minus ? -FLT_MAX : FLT_MAX;
    return strtod(literal, NULL);
}

/* Rule op (full_only, bound the C literal of its bound) after vr's: the
 * range takes an inclusive bound (of a number or a code point count) and
 * stands for finite (it is), a full_only rule the decoder does not run is
 * passed over; any other rule ends the fusion. */
static void fuse_rule(value_rules *vr, const char *op, bool full_only, const char *bound)
{
    vr->count++;
    if (!vr->fusing)
        return;
    if ((full_only && !vr->decoder_full) || strcmp(op, "SC_TABLE_FINITE") == 0) {
        vr->fused++;
        return;
    }
    bool lower = strcmp(op, "SC_TABLE_FAILS_BELOW") == 0 || strcmp(op, "SC_TABLE_SHORTER") == 0;
    bool upper = strcmp(op, "SC_TABLE_FAILS_ABOVE") == 0 || strcmp(op, "SC_TABLE_LONGER") == 0;
    if (!lower && !upper) {
        vr->fusing = false;
        return;
    }
    double b = bound_value(bound);
    if (lower && b > vr->lo)
        vr->lo = b;
    if (upper && b < vr->hi)
        vr->hi = b;
    vr->fused++;
}

/* One sc_table_rule: op, the C text of its bound (or NULL), more fields
 * (or NULL), and what its failure says; counted in vr. */
static void put_rule(strbuf *sb, value_rules *vr, const char *op, bool full_only, const char *bound,
                     const char *more, const char *keyword, const char *message)
{
    char *kw = c_literal(keyword), *text = c_literal(message);
    fuse_rule(vr, op, full_only, bound);
    sb_printf(sb, "    {.op = %s%s", op, full_only ? ", .full_only = true" : "");
    if (bound != NULL)
        sb_printf(sb, ", .bound = %s", bound);
    if (more != NULL)
        sb_printf(sb, ", %s", more);
    sb_printf(sb, ", .keyword = %s, .message = %s},\n", kw, text);
    free(kw);
    free(text);
}

static char *double_literal(double v)
{
    strbuf sb;
    sb_init(&sb);
    put_double(&sb, v);
    return sb_take(&sb);
}

/* The op of a bound that fails when `value fails_if bound`. */
static const char *bound_op(const char *fails_if)
{
    if (strcmp(fails_if, "<") == 0)
        return "SC_TABLE_FAILS_BELOW";
    if (strcmp(fails_if, "<=") == 0)
        return "SC_TABLE_FAILS_AT_MOST";
    if (strcmp(fails_if, ">") == 0)
        return "SC_TABLE_FAILS_ABOVE";
    return "SC_TABLE_FAILS_AT_LEAST";
}

/* A rule of keyword id against bound (a C literal; text: as the message
 * says it). */
static void put_keyword_rule(strbuf *sb, value_rules *vr, const char *op, keyword_id id,
                             const char *bound, const char *more, const char *text)
{
    char *message = keyword_message(id, text);
    put_rule(sb, vr, op, false, bound, more, keywords[id].name, message);
    free(message);
}

/* The C literal of JSON value v as a value of n's kind in an @enum or
 * @const rule, or NULL when no value of n can equal it. */
static char *one_of_literal(const node *n, const cJSON *v)
{
    switch (n->kind) {
    case NODE_BOOL:
        return cJSON_IsBool(v) ? xstrdup(cJSON_IsTrue(v) ? "1" : "0") : NULL;
    case NODE_INT:
    case NODE_NUMBER:
        return cJSON_IsNumber(v) ? double_literal(v->valuedouble) : NULL;
    case NODE_STRING:
        return cJSON_IsString(v) ? c_literal(v->valuestring) : NULL;
    case NODE_ENUM:
        return cJSON_IsString(v)
                   ? xasprintf("(int64_t)%s", enum_c_name(n->enum_type, v->valuestring))
                   : NULL;
    default:
        return NULL;
    }
}

/* An @enum (a list) or @const (one value) rule: the values it takes go to
 * `values`, an array named name; the rule to sb. */
static void put_one_of_rule(strbuf *sb, value_rules *vr, strbuf *values, const node *n,
                            keyword_id id, const cJSON *v, const char *name)
{
    const char *type = n->kind == NODE_STRING                         ? "const char *const"
                       : n->kind == NODE_BOOL || n->kind == NODE_ENUM ? "const int64_t"
                                                                      : "const double";
    size_t count = 0;
    strbuf items;
    sb_init(&items);
    const cJSON *item;
    if (id == KW_ENUM) {
        cJSON_ArrayForEach(item, v)
        {
            char *lit = one_of_literal(n, item);
            if (lit != NULL)
                sb_printf(&items, "%s%s", count++ ? ", " : "", lit);
            free(lit);
        }
    } else {
        char *lit = one_of_literal(n, v);
        if (lit != NULL) {
            sb_puts(&items, lit);
            count++;
        }
        free(lit);
    }
    char *more = count > 0 ? xasprintf(".values = %s, .count = %zu", name, count) : NULL;
    if (count > 0)
        sb_printf(values, "static %s %s[] = {%s};\n", type, name, items.data);
    char *text = keyword_value_text(&keywords[id], v);
    put_keyword_rule(sb, vr, "SC_TABLE_ONE_OF", id, NULL, more, text);
    free(text);
    free(more);
    sb_free(&items);
}

/* The rules of n's keywords, in the order they are checked: to sb, what they point to before them
 * to pre, counted and fused in *vr. */
static void put_rules(strbuf *sb, value_rules *vr, strbuf *pre, const node *n, const char *fn)
{
    const constraints *c = &n->c;
    *vr = (value_rules){.fusing = true,
                        .decoder_full = n->kind == NODE_NUMBER && n->is_float,
                        .lo = -DBL_MAX,
                        .hi = DBL_MAX};
    if (n->kind == NODE_INT &&
        n->int_bytes >= 7) { /* only 64-bit types hold values beyond +-(2^53-1) */
        if (n->is_signed)
            put_rule(sb, vr, "SC_TABLE_FAILS_BELOW", true, "-9007199254740991.0", NULL, "minimum",
                     "must be >= -9007199254740991");
        char *message = xasprintf("must be <= %lld", (long long)n->c_max);
        put_rule(sb, vr, "SC_TABLE_FAILS_ABOVE", true, "9007199254740991.0", NULL, "maximum",
                 message);
        free(message);
    }
    if (n->kind == NODE_NUMBER) {
        put_rule(sb, vr, "SC_TABLE_FINITE", true, NULL, NULL, "type", "must be a finite number");
        if (n->is_float && n->state_type_min)
            put_rule(sb, vr, "SC_TABLE_FAILS_BELOW", true, "-FLT_MAX", NULL, "minimum",
                     "must be >= -3.4028234663852886e+38");
        if (n->is_float && n->state_type_max)
            put_rule(sb, vr, "SC_TABLE_FAILS_ABOVE", true, "FLT_MAX", NULL, "maximum",
                     "must be <= 3.4028234663852886e+38");
    }
    if (n->kind == NODE_INT || n->kind == NODE_NUMBER) {
        for (keyword_id id = KW_MINIMUM; id <= KW_EXCLUSIVE_MAXIMUM; id++) {
            const number *bound = keyword_number(c, id);
            if (!bound->set)
                continue;
            char *lit = double_literal(bound->value), *text = double_text(bound->value);
            put_keyword_rule(sb, vr, bound_op(keywords[id].fails_if), id, lit, NULL, text);
            free(lit);
            free(text);
        }
        if (c->multiple_of.set) {
            char *lit = double_literal(c->multiple_of.value),
                 *text = double_text(c->multiple_of.value);
            put_keyword_rule(sb, vr, "SC_TABLE_MULTIPLE_OF", KW_MULTIPLE_OF, lit, NULL, text);
            free(lit);
            free(text);
        }
    }
    if (n->kind == NODE_STRING) {
        if (c->has_min_length && c->min_length > 0) { /* >= 0 holds */
            char *text = xasprintf("%llu", (unsigned long long)c->min_length);
            char *lit = xasprintf("%s.0", text);
            put_keyword_rule(sb, vr, "SC_TABLE_SHORTER", KW_MIN_LENGTH, lit, NULL, text);
            free(lit);
            free(text);
        }
        if (c->has_max_length) {
            char *text = xasprintf("%llu", (unsigned long long)c->max_length);
            char *lit = xasprintf("%s.0", text);
            put_keyword_rule(sb, vr, "SC_TABLE_LONGER", KW_MAX_LENGTH, lit, NULL, text);
            free(lit);
            free(text);
        }
        if (c->format >= 0) {
            static const char *const format_ids[] = {
#define FORMAT_ID(id, name) "SC_FORMAT_" #id,
                SC_FORMATS(FORMAT_ID)
#undef FORMAT_ID
            };
            char *more = xasprintf(".format = %s", format_ids[c->format]);
            put_keyword_rule(sb, vr, "SC_TABLE_FORMAT", KW_FORMAT, NULL, more,
                             sc_format_name((sc_format)c->format));
            free(more);
        }
        if (c->pattern != NULL) {
            char *more = xasprintf(".match = %s", pattern_matcher(pre, n, fn));
            put_keyword_rule(sb, vr, "SC_TABLE_PATTERN", KW_PATTERN, NULL, more, c->pattern);
            free(more);
        }
    }
    if (c->enum_values != NULL) {
        char *name = xasprintf("sc_gen_enum_%s", fn);
        put_one_of_rule(sb, vr, pre, n, KW_ENUM, c->enum_values, name);
        free(name);
    }
    if (c->const_value != NULL) {
        char *name = xasprintf("sc_gen_const_%s", fn);
        put_one_of_rule(sb, vr, pre, n, KW_CONST, c->const_value, name);
        free(name);
    }
}

/* sc_gen_rules_FN, the rules of a value's keywords, emitted before its
 * descriptor (with what they point to), counted and fused in *vr. */
static void emit_value_helpers(strbuf *sb, value_rules *vr, const node *n, const char *fn)
{
    strbuf rules;
    sb_init(&rules);
    put_rules(&rules, vr, sb, n, fn);
    if ((vr->count > 0) != value_has_rules(n))
        abort(); /* check_names.c derives this table's name by value_has_rules */
    if (vr->count > 0)
        sb_printf(sb, "static const sc_table_rule sc_gen_rules_%s[] = {\n%s};\n\n", fn, rules.data);
    sb_free(&rules);
}

/* A bound of the fused range: DBL_MAX stands for none. */
static void put_fused_bound(strbuf *sb, double v)
{
    if (v == DBL_MAX || v == -DBL_MAX)
        sb_puts(sb, v > 0 ? "DBL_MAX" : "-DBL_MAX");
    else
        put_double(sb, v);
}

/* Whether the member is checked only when validating a value built in C
 * (a decode checks the rest as it reads them, or guarantees them). */
static bool check_full_only(const node *n)
{
    return n->kind == NODE_STRUCT || n->kind == NODE_ANY ||
           (n->kind == NODE_ENUM && !has_value_keywords(n)) ||
           (n->kind == NODE_NUMBER && n->is_float) || n->kind == NODE_STRING;
}

static const char *storage_name(const field *f)
{
    switch (field_storage(f)) {
    case STORAGE_VALUE:
        return "SC_TABLE_STORED_VALUE";
    case STORAGE_POINTER:
        return "SC_TABLE_STORED_POINTER";
    case STORAGE_SEQUENCE:
        return "SC_TABLE_STORED_SEQUENCE";
    }
    return "SC_TABLE_STORED_VALUE";
}

static const char *kind_name(const node *n)
{
    switch (n->kind) {
    case NODE_BOOL:
        return "SC_TABLE_BOOL";
    case NODE_INT:
        return "SC_TABLE_INT";
    case NODE_NUMBER:
        return n->is_float ? "SC_TABLE_FLOAT" : "SC_TABLE_DOUBLE";
    case NODE_STRING:
        return n->buf_size > 0 ? "SC_TABLE_CHARBUF" : "SC_TABLE_STRING";
    case NODE_ENUM:
        return "SC_TABLE_ENUM";
    case NODE_STRUCT:
        return "SC_TABLE_STRUCT";
    case NODE_ANY:
        return n->any_object ? "SC_TABLE_OBJECT" : "SC_TABLE_ANY";
    case NODE_ARRAY:
    case NODE_MAP:
        break; /* a member's, never an item's (the parser refuses arrays of arrays) */
    }
    return NULL;
}

/* `.value = {...}`: the value (in referrer) whose storage `lvalue` names
 * (an expression on a null T pointer, for sizeof only), with rules vr. */
static void emit_value(strbuf *sb, const node *n, const char *lvalue, const char *fn,
                       const value_rules *vr, const struct_def *referrer)
{
    sb_printf(sb, "        .value = {.kind = %s, .size = sizeof(%s)", kind_name(n), lvalue);
    if (n->kind == NODE_INT) {
        sb_printf(sb, ", .is_signed = %s, .min = ", n->is_signed ? "true" : "false");
        put_i64(sb, n->c_min);
        sb_puts(sb, ", .max = ");
        put_i64(sb, n->c_max);
    }
    if (n->kind == NODE_ENUM)
        sb_printf(sb, ", .enumeration = &sc_gen_tenum_%s", n->enum_type->name);
    if (n->kind == NODE_STRUCT && table_written_before(n->struct_type, referrer)) {
        char *table = emit_table_name(n->struct_type);
        sb_printf(sb, ", .table = &%s", table);
        free(table);
    } else if (n->kind == NODE_STRUCT) {
        /* written later (a recursive type): C has no declaration of a
         * static object that C++ takes too, so through a function */
        sb_printf(sb, ", .tables = sc_gen_tables, .table_index = %zu",
                  tabled_index(n->struct_type));
        forward_used = true;
    }
    if (vr->count > 0)
        sb_printf(sb, ", .rules = sc_gen_rules_%s, .nrules = %zu", fn, vr->count);
    if (vr->fused > 0) {
        sb_printf(sb, ", .fused = %zu, .lo = ", vr->fused);
        put_fused_bound(sb, vr->lo);
        sb_puts(sb, ", .hi = ");
        put_fused_bound(sb, vr->hi);
    }
    if (needs_check(n))
        sb_puts(sb, ", .checked = true");
    sb_puts(sb, "},\n");
}

static const char *presence_name(presence p)
{
    switch (p) {
    case PRESENCE_REQUIRED:
        return "SC_TABLE_REQUIRED";
    case PRESENCE_POINTER:
        return "SC_TABLE_POINTER";
    case PRESENCE_HAS_FLAG:
        return "SC_TABLE_HAS_FLAG";
    case PRESENCE_OPTIONAL:
        return "SC_TABLE_OPTIONAL";
    case PRESENCE_DEFAULT:
        return "SC_TABLE_DEFAULT";
    }
    return "SC_TABLE_REQUIRED";
}

/* `.fallback = {...}`: a @default, as the decoder stores it. */
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

/* Whether every name can be an expected key of sc_next_member_expect: no byte that a key could only
 * hold escaped. */
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

/* sc_table_struct.by_length: where the names of each length start in it,
 * then the members by name length; returns the lengths it covers. */
static size_t emit_by_length(strbuf *sb, const struct_def *s)
{
    size_t lengths = 0, start = 0;
    for (size_t i = 0; i < s->nfields; i++)
        if (strlen(s->fields[i].json_name) >= lengths)
            lengths = strlen(s->fields[i].json_name) + 1;
    sb_printf(sb, "static const uint32_t sc_gen_bylength_%s[] = {\n   ", s->name);
    for (size_t n = 0; n <= lengths; n++) {
        sb_printf(sb, " %zu,", lengths + 1 + start);
        for (size_t i = 0; i < s->nfields; i++)
            start += n < lengths && strlen(s->fields[i].json_name) == n;
    }
    sb_puts(sb, "\n   ");
    for (size_t n = 0; n < lengths; n++)
        for (size_t i = 0; i < s->nfields; i++)
            if (strlen(s->fields[i].json_name) == n)
                sb_printf(sb, " %zu,", i);
    sb_puts(sb, "\n};\n\n");
    return lengths;
}

void emit_table_build(strbuf *sb, const struct_def *s)
{
    sb_printf(sb, "static cJSON *sc_gen_build_%s(const %s *v_, int depth_)\n{\n", s->name,
              s->c_type);
    char *table = emit_table_name(s);
    emit_line(sb, 1, "return sc_table_build(&%s, v_, depth_);", table);
    free(table);
    sb_puts(sb, "}\n\n");
}

/* What field f's member descriptor points to (names prefixed n),
 * emitted before it: the rules of its value (an array's items, a map's
 * values) into *vr, a map's keys' into *nkey_rules. */
static void emit_field_helpers(strbuf *sb, const char *n, const field *f, value_rules *vr,
                               size_t *nkey_rules)
{
    char *fn = xasprintf("%s_%s", n, f->c_name);
    *nkey_rules = 0;
    if (f->type->kind == NODE_ARRAY || f->type->kind == NODE_MAP) {
        bool map = f->type->kind == NODE_MAP;
        char *item_fn = xasprintf("%s_%s", fn, map ? "value" : "items");
        emit_value_helpers(sb, vr, map ? f->type->map_value : f->type->items, item_fn);
        free(item_fn);
        if (map) {
            char *key_fn = xasprintf("%s_key", fn);
            value_rules key_rules;
            emit_value_helpers(sb, &key_rules, f->type->map_key, key_fn);
            *nkey_rules = key_rules.count;
            free(key_fn);
        }
    } else {
        emit_value_helpers(sb, vr, f->type, fn);
    }
    free(fn);
}

/* sc_gen_tarray_N_F: the array or map field f of the struct of C type t. */
static void emit_field_array(strbuf *sb, const char *n, const char *t, const field *f,
                             size_t nkey_rules)
{
    const node *a = f->type;
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
    const constraints *c = &a->c;
    if (c->has_min_items && c->min_items > 0)
        emit_line(sb, 1, ".has_min = true, .min_items = %lluu,", (unsigned long long)c->min_items);
    if (c->unique_items && a->kind == NODE_ARRAY)
        emit_line(sb, 1, ".unique = true, .unique_kind = %s,", unique_kind(a->items));
    if (nkey_rules > 0)
        emit_line(sb, 1, ".key_rules = sc_gen_rules_%s_%s_key, .nkey_rules = %zu,", n, f->c_name,
                  nkey_rules);
    sb_puts(sb, "};\n\n");
}

/* One sc_table_member initializer: field f of the struct of C type t
 * (names prefixed n, in referrer's descriptor), its value's rules
 * vr. */
static void emit_field_member(strbuf *sb, const char *n, const char *t, const field *f,
                              const value_rules *vr, const struct_def *referrer)
{
    char *comment = comment_text(f->json_name);
    emit_line(sb, 1, "{ /* %s */", comment);
    free(comment);
    sb_printf(sb, "        .offset = offsetof(%s, %s),\n", t, f->c_path);
    sb_printf(sb, "        .presence = %s,\n", presence_name(f->presence));
    if (!f->nullable && !f->by_pointer && f->type->kind != NODE_ARRAY &&
        f->type->kind != NODE_MAP && f->presence != PRESENCE_HAS_FLAG)
        sb_puts(sb, "        .plain = true,\n");
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
        emit_value(sb, f->type->map_value, value, value_fn, vr, referrer);
        free(value_fn);
        free(value);
    } else if (f->type->kind == NODE_ARRAY) {
        sb_printf(sb, "        .array = &sc_gen_tarray_%s,\n", fn);
        char *item = xasprintf("%s((%s *)0)->%s%s", f->type->fixed_size > 0 ? "" : "*", t,
                               f->c_path, f->type->fixed_size > 0 ? "[0]" : "");
        char *item_fn = xasprintf("%s_items", fn);
        emit_value(sb, f->type->items, item, item_fn, vr, referrer);
        free(item_fn);
        free(item);
    } else {
        char *lvalue = xasprintf("%s((%s *)0)->%s", f->by_pointer ? "*" : "", t, f->c_path);
        emit_value(sb, f->type, lvalue, fn, vr, referrer);
        free(lvalue);
    }
    if (needs_check(f->type))
        sb_printf(sb, "        .checked = true,%s\n",
                  check_full_only(f->type) ? " .full_only = true," : "");
    free(fn);
    emit_line(sb, 1, "},");
}

void emit_table_struct(strbuf *sb, const struct_def *s)
{
    const char *n = s->name, *t = s->c_type;
    bool expect = s->nfields > 0;
    size_t lengths = 0;
    value_rules *rules = xcalloc(s->nfields + 1, sizeof *rules);
    size_t *nkey_rules = xcalloc(s->nfields + 1, sizeof *nkey_rules);
    for (size_t i = 0; i < s->nfields; i++) {
        expect = expect && plain_name(s->fields[i].json_name);
        emit_field_helpers(sb, n, &s->fields[i], &rules[i], &nkey_rules[i]);
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
        lengths = emit_by_length(sb, s);
    }
    sb_printf(sb, "static const uint32_t sc_gen_next_%s[] = {", n);
    for (size_t i = 0; i <= s->nfields; i++)
        sb_printf(sb, "%s%zu", i > 0 ? ", " : "", i + 1 < s->nfields ? i + 1 : 0);
    sb_puts(sb, "};\n\n");

    for (size_t i = 0; i < s->nfields; i++)
        if (s->fields[i].type->kind == NODE_ARRAY || s->fields[i].type->kind == NODE_MAP)
            emit_field_array(sb, n, t, &s->fields[i], nkey_rules[i]);

    if (s->nfields > 0) {
        sb_printf(sb, "static const sc_table_member sc_gen_tfields_%s[] = {\n", n);
        for (size_t i = 0; i < s->nfields; i++)
            emit_field_member(sb, n, t, &s->fields[i], &rules[i], s);
        sb_puts(sb, "};\n\n");
    }
    free(rules);
    free(nkey_rules);

    sb_printf(sb, "/* How libschemac reads, checks and builds %s (include/schemac/table.h). */\n",
              t);
    open_table(sb, s);
    emit_line(sb, 1, ".size = sizeof(%s),", t);
    emit_line(sb, 1, ".count = %zu,", s->nfields);
    if (s->nfields > 0) {
        emit_line(sb, 1, ".members = sc_gen_tfields_%s,", n);
        emit_line(sb, 1, ".names = sc_gen_members_%s,", n);
        emit_line(sb, 1, ".keys = sc_gen_keys_%s,", n);
        emit_line(sb, 1, ".lengths = %zu,", lengths);
        emit_line(sb, 1, ".by_length = sc_gen_bylength_%s,", n);
    }
    emit_line(sb, 1, ".next = sc_gen_next_%s,", n);
    if (expect)
        emit_line(sb, 1, ".expect = true,");
    if (s->additional_properties)
        emit_line(sb, 1, ".additional_properties = true,");
    emit_line(sb, 1, ".min_text = %zu,", struct_min_text(s));
    sb_puts(sb, "};\n\n");
}

/* An untagged union's descriptor: each variant's value a member of the
 * union's T (sc_gen_tfields_T, with what they point to), the variants in
 * the enum's order. */
void emit_table_untagged(strbuf *sb, const struct_def *s)
{
    const char *n = s->name, *t = s->c_type;
    const field *tag = &s->fields[s->discriminator];
    value_rules *rules = xcalloc(s->nvariants + 1, sizeof *rules);
    size_t nkey_rules = 0, members = 0;
    for (size_t v = 0; v < s->nvariants; v++) {
        const struct_def *variant = s->variants[v];
        if (variant->nfields == 0)
            continue;
        emit_field_helpers(sb, variant->name, &variant->fields[0], &rules[v], &nkey_rules);
        if (variant->fields[0].type->kind == NODE_ARRAY)
            emit_field_array(sb, variant->name, t, &variant->fields[0], nkey_rules);
        members++;
    }
    if (members > 0) {
        sb_printf(sb, "static const sc_table_member sc_gen_tfields_%s[] = {\n", n);
        for (size_t v = 0; v < s->nvariants; v++)
            if (s->variants[v]->nfields > 0)
                emit_field_member(sb, s->variants[v]->name, t, &s->variants[v]->fields[0],
                                  &rules[v], s);
        sb_puts(sb, "};\n\n");
    }
    free(rules);
    size_t *marks = xcalloc(s->nvariants + 1, sizeof *marks);
    /* sc_peek's type of each variant_type (a boolean: true, and false beside it) */
    static const char *const json_types[VARIANT_TYPE_COUNT] = {
        [VARIANT_NULL] = "SC_JSON_NULL",     [VARIANT_BOOLEAN] = "SC_JSON_TRUE",
        [VARIANT_NUMBER] = "SC_JSON_NUMBER", [VARIANT_STRING] = "SC_JSON_STRING",
        [VARIANT_ARRAY] = "SC_JSON_ARRAY",   [VARIANT_OBJECT] = "SC_JSON_OBJECT"};
    strbuf selectors;
    sb_init(&selectors);
    /* a float variant read back: the bounds of the number variants up to
     * it, where its forms are sought (float_marks) */
    for (size_t v = 0; v < s->nvariants; v++) {
        const struct_def *variant = s->variants[v];
        if (!variant->read_back || variant->fields[0].type->kind != NODE_NUMBER ||
            !variant->fields[0].type->is_float)
            continue;
        size_t nmarks;
        char *list = float_marks(s, v, &nmarks);
        if (nmarks > 0)
            sb_printf(sb, "static const double sc_gen_marks_%s[] = {%s};\n\n", variant->name, list);
        free(list);
        marks[v] = nmarks;
    }
    sb_printf(sb, "static const sc_table_choice sc_gen_tchoices_%s[] = {\n", n);
    for (size_t v = 0, member = 0; v < s->nvariants; v++) {
        const struct_def *variant = s->variants[v];
        char *select =
            variant->select_member != NULL ? c_literal(variant->select_member) : xstrdup("NULL");
        char *at = variant->nfields > 0 ? xasprintf("&sc_gen_tfields_%s[%zu]", n, member++)
                                        : xstrdup("NULL");
        char *name = c_literal(variant->variant_value->json_name);
        sb_printf(sb, "    {.value = (int64_t)%s, .json_type = %s", variant->variant_value->c_name,
                  json_types[untagged_variant_type(variant)]);
        if (variant->select_member != NULL)
            sb_printf(sb, ", .select = %s", select);
        if (variant->nfields > 0)
            sb_printf(sb, ", .member = %s", at);
        sb_printf(sb, ", .name = %s", name);
        if (variant->read_back)
            sb_puts(sb, ", .read_back = true");
        if (marks[v] > 0)
            sb_printf(sb, ", .marks = sc_gen_marks_%s, .nmarks = %zu", variant->name, marks[v]);
        sb_puts(sb, "},\n");
        free(name);
        if (variant->select_member != NULL && untagged_variant_type(variant) == VARIANT_OBJECT)
            sb_printf(&selectors, "%s\"%s\"", selectors.len ? ", " : "", variant->select_member);
        free(select);
        free(at);
    }
    sb_puts(sb, "};\n\n");
    free(marks);
    char *expected = untagged_expected(s), *expected_lit = c_literal(expected);
    char *selectors_lit = c_literal(selectors.data != NULL ? selectors.data : "");
    char *tag_type = c_literal(tag->type->c_type);
    sb_printf(sb, "static const sc_table_untagged sc_gen_tuntagged_%s = {\n", n);
    emit_line(sb, 1, ".size = sizeof(%s),", t);
    emit_line(sb, 1, ".tag_offset = offsetof(%s, %s),", t, tag->c_path);
    emit_line(sb, 1, ".tag_size = sizeof(((%s *)0)->%s),", t, tag->c_path);
    emit_line(sb, 1, ".tag_type = %s,", tag_type);
    emit_line(sb, 1, ".expected = %s,", expected_lit);
    emit_line(sb, 1, ".selectors = %s,", selectors_lit);
    emit_line(sb, 1, ".count = %zu,", s->nvariants);
    emit_line(sb, 1, ".choices = sc_gen_tchoices_%s,", n);
    sb_puts(sb, "};\n\n");
    free(expected);
    free(expected_lit);
    free(selectors_lit);
    free(tag_type);
    sb_free(&selectors);
    sb_printf(
        sb,
        "/* How libschemac reads %s: the first variant, in the enum's order, that reads the value. */\n",
        t);
    open_table(sb, s);
    emit_line(sb, 1, ".untagged = &sc_gen_tuntagged_%s,", n);
    emit_line(sb, 1, ".size = sizeof(%s),", t);
    sb_puts(sb, "};\n\n");
}

/* A tagged union's descriptor: its variants' (written before it) and
 * the tag's enum. */
void emit_table_union(strbuf *sb, const struct_def *s)
{
    const field *tag = &s->fields[s->discriminator];
    const char *n = s->name, *t = s->c_type;
    sb_printf(sb, "static const sc_table_variant sc_gen_tvariants_%s[] = {\n", n);
    for (size_t v = 0; v < s->nvariants; v++) {
        const struct_def *variant = s->variants[v];
        char *name = c_literal(variant->variant_value->json_name);
        char *table = emit_table_name(variant);
        emit_line(sb, 1, "{(int64_t)%s, %s, &%s},", variant->variant_value->c_name, name, table);
        free(table);
        free(name);
    }
    sb_puts(sb, "};\n\n");
    char *tag_name = c_literal(tag->json_name);
    sb_printf(sb, "static const sc_table_union sc_gen_tunion_%s = {\n", n);
    emit_line(sb, 1, ".tag = %s,", tag_name);
    emit_line(sb, 1, ".tag_offset = offsetof(%s, %s),", t, tag->c_path);
    emit_line(sb, 1, ".tag_size = sizeof(((%s *)0)->%s),", t, tag->c_path);
    emit_line(sb, 1, ".tag_enum = &sc_gen_tenum_%s,", tag->type->enum_type->name);
    emit_line(sb, 1, ".count = %zu,", s->nvariants);
    emit_line(sb, 1, ".variants = sc_gen_tvariants_%s,", n);
    sb_puts(sb, "};\n\n");
    free(tag_name);
    sb_printf(sb, "/* How libschemac reads %s: through the variant its tag names. */\n", t);
    open_table(sb, s);
    emit_line(sb, 1, ".tagged = &sc_gen_tunion_%s,", n);
    emit_line(sb, 1, ".size = sizeof(%s),", t);
    sb_puts(sb, "};\n\n");
}
