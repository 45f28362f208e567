/* schemac generator, compat: inclusion of one emitted schema in another,
 * with a witness for each change that breaks it (inclusion.h). */
#include "compat/inclusion.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/json_sample.h"
#include "compat/json_valid.h"
#include "pattern/pattern.h"
#include "schemac/check.h"
#include "util/json_print.h"

enum { MAX_DEPTH = 64, MAX_BRANCHES = 64 };

typedef struct incl_ctx {
    const cJSON *ra, *rb; /* the two documents, for $ref */
    bool a_is_old;
    /* object and array pairs being compared: met again (a recursive
     * type), they are assumed included, which is sound for the finite
     * documents JSON has: a counterexample has a finite depth, where
     * the first visit finds it */
    const cJSON *seen_a[MAX_DEPTH], *seen_b[MAX_DEPTH];
    size_t nseen;
} incl_ctx;

/* One JSON type of a schema: the schema whose keywords apply, and the type. */
typedef struct branch {
    const cJSON *s;
    const char *type; /* null, boolean, integer, number, string, array, object */
} branch;

static void diff(incl_ctx *ctx, const cJSON *a, const cJSON *b, finding_list *out);

void finding_add(finding_list *l, const char *rule, const char *path, cJSON *witness,
                 const char *fmt, ...)
{
    l->items = xrealloc(l->items, (l->count + 1) * sizeof *l->items);
    finding *f = &l->items[l->count++];
    memset(f, 0, sizeof *f);
    f->rule = rule;
    f->path = xstrdup(path);
    f->witness = witness;
    va_list ap;
    va_start(ap, fmt);
    strbuf sb;
    sb_init(&sb);
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    sb_puts(&sb, buf);
    va_end(ap);
    f->message = sb_take(&sb);
}

void findings_free(finding_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->items[i].message);
        free(l->items[i].path);
        free(l->items[i].enum_value);
        cJSON_Delete(l->items[i].witness);
    }
    free(l->items);
    l->items = NULL;
    l->count = 0;
}

static const cJSON *kw(const cJSON *s, const char *name)
{
    return cJSON_IsObject(s) ? cJSON_GetObjectItemCaseSensitive(s, name) : NULL;
}

static char *value_text(const cJSON *v)
{
    if (v == NULL)
        return xstrdup("none");
    return json_print(v, 0);
}

/* "maxLength was 20, is 10": said of the old and the new schema whichever
 * side a is. */
static char *change_text(const incl_ctx *ctx, const char *what, const cJSON *in_a,
                         const cJSON *in_b)
{
    char *ta = value_text(in_a), *tb = value_text(in_b);
    char *text =
        xasprintf("%s was %s, is %s", what, ctx->a_is_old ? ta : tb, ctx->a_is_old ? tb : ta);
    free(ta);
    free(tb);
    return text;
}

/* JSON Pointer escaping of one step. */
static char *pointer_step(const char *name)
{
    strbuf sb;
    sb_init(&sb);
    sb_putc(&sb, '/');
    for (const char *c = name; *c; c++) {
        if (*c == '~')
            sb_puts(&sb, "~0");
        else if (*c == '/')
            sb_puts(&sb, "~1");
        else
            sb_putc(&sb, *c);
    }
    return sb_take(&sb);
}

/* Moves the findings of inner into out, each witness put in place by
 * wrap (which takes it and returns the whole value, or NULL when it cannot
 * build one) and its path behind step. */
typedef cJSON *(*wrap_fn)(const void *env, cJSON *inner);
static void adopt(finding_list *out, finding_list *inner, const char *step, wrap_fn wrap,
                  const void *env)
{
    for (size_t i = 0; i < inner->count; i++) {
        finding f = inner->items[i];
        char *path = xasprintf("%s%s", step, f.path);
        free(f.path);
        f.path = path;
        if (f.witness != NULL && !f.note && wrap != NULL)
            f.witness = wrap(env, f.witness);
        out->items = xrealloc(out->items, (out->count + 1) * sizeof *out->items);
        out->items[out->count++] = f;
    }
    free(inner->items);
    inner->items = NULL;
    inner->count = 0;
}

/* ---- branches: a schema as a list of (schema, JSON type) ---------------- */

static const char *const all_types[] = {"null", "boolean", "number", "string", "array", "object"};

static void add_branch(branch *list, size_t *n, const cJSON *s, const char *type)
{
    if (*n < MAX_BRANCHES)
        list[(*n)++] = (branch){s, type};
}

static void collect_branches(const cJSON *s, const cJSON *root, branch *list, size_t *n, int depth)
{
    if (depth > MAX_DEPTH || s == NULL)
        return;
    if (cJSON_IsTrue(s) || (cJSON_IsObject(s) && s->child == NULL)) {
        for (size_t t = 0; t < 6; t++)
            add_branch(list, n, s, all_types[t]);
        return;
    }
    const cJSON *k;
    if ((k = kw(s, "$ref")) != NULL && cJSON_IsString(k)) {
        collect_branches(json_ref_target(root, k->valuestring), root, list, n, depth + 1);
        return;
    }
    const char *unions[] = {"anyOf", "oneOf"};
    for (size_t u = 0; u < 2; u++)
        if ((k = kw(s, unions[u])) != NULL) {
            for (const cJSON *x = k->child; x != NULL; x = x->next)
                collect_branches(x, root, list, n, depth + 1);
            return;
        }
    const cJSON *type = kw(s, "type");
    if (cJSON_IsString(type)) {
        add_branch(list, n, s, type->valuestring);
    } else if (cJSON_IsArray(type)) {
        for (const cJSON *t = type->child; t != NULL; t = t->next)
            add_branch(list, n, s, t->valuestring);
    } else {
        for (size_t t = 0; t < 6; t++)
            add_branch(list, n, s, all_types[t]);
    }
}

static bool numeric(const char *t)
{
    return strcmp(t, "integer") == 0 || strcmp(t, "number") == 0;
}

static bool same_kind(const char *a, const char *b)
{
    return strcmp(a, b) == 0 || (numeric(a) && numeric(b));
}

static bool of_type(const cJSON *v, const char *t)
{
    if (strcmp(t, "null") == 0)
        return cJSON_IsNull(v);
    if (strcmp(t, "boolean") == 0)
        return cJSON_IsBool(v);
    if (strcmp(t, "integer") == 0)
        return cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble);
    if (strcmp(t, "number") == 0)
        return cJSON_IsNumber(v);
    if (strcmp(t, "string") == 0)
        return cJSON_IsString(v);
    if (strcmp(t, "array") == 0)
        return cJSON_IsArray(v);
    return cJSON_IsObject(v);
}

/* A branch with finitely many values (an enum, a const, booleans, null):
 * them, in a new array; NULL otherwise. */
static cJSON *finite_values(const branch *a)
{
    cJSON *values = cJSON_CreateArray();
    const cJSON *k;
    if ((k = kw(a->s, "const")) != NULL) {
        if (of_type(k, a->type))
            cJSON_AddItemToArray(values, cJSON_Duplicate(k, 1));
    } else if ((k = kw(a->s, "enum")) != NULL) {
        for (const cJSON *v = k->child; v != NULL; v = v->next)
            if (of_type(v, a->type))
                cJSON_AddItemToArray(values, cJSON_Duplicate(v, 1));
    } else if (strcmp(a->type, "boolean") == 0) {
        cJSON_AddItemToArray(values, cJSON_CreateFalse());
        cJSON_AddItemToArray(values, cJSON_CreateTrue());
    } else if (strcmp(a->type, "null") == 0) {
        cJSON_AddItemToArray(values, cJSON_CreateNull());
    } else {
        cJSON_Delete(values);
        return NULL;
    }
    return values;
}

/* ---- the rule of each JSON type ----------------------------------------- */

static bool has_num(const cJSON *s, const char *name, double *out)
{
    const cJSON *k = kw(s, name);
    if (!cJSON_IsNumber(k))
        return false;
    *out = k->valuedouble;
    return true;
}

/* Whether a lower (upper: sign -1) bound of a holds b's. */
static bool bound_within(const cJSON *a, const cJSON *b, const char *incl, const char *excl,
                         double sign)
{
    double bv, av;
    bool b_incl = has_num(b, incl, &bv), b_excl = false;
    if (!b_incl)
        b_excl = has_num(b, excl, &bv);
    if (!b_incl && !b_excl)
        return true;
    bool a_incl = has_num(a, incl, &av), a_excl = false;
    if (!a_incl)
        a_excl = has_num(a, excl, &av);
    if (!a_incl && !a_excl)
        return false;
    if (sign * av > sign * bv)
        return true;
    return av == bv && (b_incl || a_excl);
}

static bool integral(double x)
{
    return isfinite(x) && x == floor(x);
}

static void diff_number(incl_ctx *ctx, const branch *a, const branch *b, finding_list *out)
{
    bool a_int = strcmp(a->type, "integer") == 0, b_int = strcmp(b->type, "integer") == 0;
    double ma = 0, mb = 0;
    bool has_ma = has_num(a->s, "multipleOf", &ma), has_mb = has_num(b->s, "multipleOf", &mb);
    bool lo = bound_within(a->s, b->s, "minimum", "exclusiveMinimum", 1);
    bool hi = bound_within(a->s, b->s, "maximum", "exclusiveMaximum", -1);
    bool ints = !b_int || a_int || (has_ma && integral(ma));
    bool mult = !has_mb || (has_ma && sc_is_multiple_of(ma, mb)) ||
                ((a_int || (has_ma && integral(ma))) && sc_is_multiple_of(1, mb));
    if (lo && hi && ints && mult)
        return;
    /* a value of a outside b: near each bound, on a's grid */
    double anchors[9];
    size_t nanchors = 0;
    const char *names[] = {"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"};
    anchors[nanchors++] = 0;
    /* b's bounds first: the witness closest to them reads best */
    for (size_t i = 0; i < 8; i++) {
        double x;
        if (has_num(i < 4 ? b->s : a->s, names[i % 4], &x))
            anchors[nanchors++] = x;
    }
    double steps[5];
    size_t nsteps = 0;
    if (has_ma)
        steps[nsteps++] = ma;
    if (a_int)
        steps[nsteps++] = 1;
    if (!has_ma && !a_int) {
        steps[nsteps++] = 1;
        steps[nsteps++] = 0.5;
        steps[nsteps++] = 0.1;
    }
    cJSON *witness = NULL;
    for (size_t i = 0; i < nanchors && witness == NULL; i++)
        for (size_t s = 0; s < nsteps && witness == NULL; s++)
            for (size_t j = 0; j < 5 && witness == NULL; j++) {
                /* one step past the bound first: the witness that shows it */
                static const int offsets[] = {-1, 1, 0, -2, 2};
                double x = round(anchors[i] / steps[s]) * steps[s] + offsets[j] * steps[s];
                if (!isfinite(x))
                    continue; /* a bound near DBL_MAX over a fractional step */
                cJSON *v = cJSON_CreateNumber(x);
                if (json_valid(a->s, ctx->ra, v) && !json_valid(b->s, ctx->rb, v))
                    witness = v;
                else
                    cJSON_Delete(v);
            }
    strbuf what;
    sb_init(&what);
    const char *rule = "bound";
    if (!ints) {
        rule = "type";
        sb_puts(&what,
                ctx->a_is_old ? "type was number, is integer" : "type was integer, is number");
    }
    for (size_t i = 0; i < 4; i++) {
        const cJSON *x = kw(a->s, names[i]), *y = kw(b->s, names[i]);
        if ((x == NULL) != (y == NULL) || (x != NULL && x->valuedouble != y->valuedouble)) {
            char *t = change_text(ctx, names[i], x, y);
            sb_printf(&what, "%s%s", what.len ? "; " : "", t);
            free(t);
        }
    }
    if (!mult) {
        char *t = change_text(ctx, "multipleOf", kw(a->s, "multipleOf"), kw(b->s, "multipleOf"));
        sb_printf(&what, "%s%s", what.len ? "; " : "", t);
        free(t);
        if (lo && hi && ints)
            rule = "multipleOf";
    }
    if (what.len == 0)
        sb_puts(&what, "the numbers accepted changed");
    finding_add(out, rule, "", witness, "%s", what.data);
    sb_free(&what);
}

static bool same_string(const cJSON *x, const cJSON *y)
{
    if (x == NULL || y == NULL)
        return x == y;
    return cJSON_IsString(x) && cJSON_IsString(y) && strcmp(x->valuestring, y->valuestring) == 0;
}

/* A candidate string, kept as witness when a accepts it and b does not. */
static bool try_string(incl_ctx *ctx, const branch *a, const branch *b, const char *text,
                       cJSON **witness)
{
    if (*witness != NULL || text == NULL)
        return *witness != NULL;
    cJSON *v = cJSON_CreateString(text);
    if (json_valid(a->s, ctx->ra, v) && !json_valid(b->s, ctx->rb, v)) {
        *witness = v;
        return true;
    }
    cJSON_Delete(v);
    return false;
}

/* Strings of a's pattern (NULL: any) and b's (not_b: not b's) within
 * lengths [lo, hi], tried as witnesses. */
static void try_pattern_strings(incl_ctx *ctx, const branch *a, const branch *b, const pattern *pa,
                                const pattern *pb, bool not_b, double lo, double hi,
                                cJSON **witness)
{
    if (*witness != NULL || lo > hi || lo < 0)
        return;
    char *w = NULL;
    uint64_t max = hi >= 1e15 ? UINT64_MAX : (uint64_t)hi;
    int r = not_b ? pattern_difference_string(pa, pb, (uint64_t)lo, max, UINT64_MAX, &w)
                  : pattern_common_string(pa, pb, (uint64_t)lo, max, UINT64_MAX, &w);
    if (r == 1)
        try_string(ctx, a, b, w, witness);
    free(w);
}

static void diff_string(incl_ctx *ctx, const branch *a, const branch *b, finding_list *out)
{
    double a_min = 0, a_max = 1e18, b_min = 0, b_max = 1e18;
    has_num(a->s, "minLength", &a_min);
    has_num(a->s, "maxLength", &a_max);
    has_num(b->s, "minLength", &b_min);
    has_num(b->s, "maxLength", &b_max);
    const cJSON *pat_a = kw(a->s, "pattern"), *pat_b = kw(b->s, "pattern");
    const cJSON *fmt_a = kw(a->s, "format"), *fmt_b = kw(b->s, "format");
    const pattern *pa = cJSON_IsString(pat_a) ? compat_pattern(pat_a->valuestring) : NULL;
    const pattern *pb = cJSON_IsString(pat_b) ? compat_pattern(pat_b->valuestring) : NULL;
    bool lengths = b_min <= a_min && a_max <= b_max;
    bool format = fmt_b == NULL || same_string(fmt_a, fmt_b);
    bool pattern_ok = pat_b == NULL || same_string(pat_a, pat_b);
    if (!pattern_ok && pb != NULL) {
        /* decided by the DFAs: no string of a's pattern within a's
         * lengths that b's pattern rejects */
        pattern_ok = pattern_difference_string(pa, pb, (uint64_t)a_min,
                                               a_max >= 1e15 ? UINT64_MAX : (uint64_t)a_max,
                                               UINT64_MAX, NULL) == 0;
    }
    if (lengths && format && pattern_ok)
        return;
    cJSON *witness = NULL;
    /* too short or too long for b, within a */
    try_pattern_strings(ctx, a, b, pa, NULL, false, a_min, b_min - 1 < a_max ? b_min - 1 : a_max,
                        &witness);
    try_pattern_strings(ctx, a, b, pa, NULL, false, b_max + 1 > a_min ? b_max + 1 : a_min, a_max,
                        &witness);
    if (pb != NULL)
        try_pattern_strings(ctx, a, b, pa, pb, true, a_min, a_max, &witness);
    if (cJSON_IsString(fmt_a))
        for (unsigned k = 0; k < 3; k++)
            try_string(ctx, a, b, format_sample(fmt_a->valuestring, k), &witness);
    for (unsigned k = 0; k < 6 && witness == NULL; k++) {
        cJSON *v = json_sample_of_type(a->s, ctx->ra, "string", k);
        if (v != NULL)
            try_string(ctx, a, b, v->valuestring, &witness);
        cJSON_Delete(v);
    }
    strbuf what;
    sb_init(&what);
    const char *rule = "bound";
    const char *names[] = {"minLength", "maxLength", "pattern", "format"};
    for (size_t i = 0; i < 4; i++) {
        const cJSON *x = kw(a->s, names[i]), *y = kw(b->s, names[i]);
        bool differ =
            i < 2 ? ((x == NULL) != (y == NULL) || (x != NULL && x->valuedouble != y->valuedouble))
                  : !same_string(x, y);
        if (!differ)
            continue;
        if (i == 2 && !pattern_ok)
            rule = "pattern";
        if (i == 3 && !format)
            rule = "format";
        char *t = change_text(ctx, names[i], x, y);
        sb_printf(&what, "%s%s", what.len ? "; " : "", t);
        free(t);
    }
    if (what.len == 0)
        sb_puts(&what, "the strings accepted changed");
    finding_add(out, rule, "", witness, "%s", what.data);
    sb_free(&what);
}

/* ---- arrays ------------------------------------------------------------- */

typedef struct array_env {
    incl_ctx *ctx;
    const cJSON *a; /* a's array schema */
} array_env;

/* [inner, then distinct samples of a's items up to a's minItems] */
static cJSON *array_around(const void *env_, cJSON *inner)
{
    const array_env *env = env_;
    double min = 0;
    has_num(env->a, "minItems", &min);
    cJSON *arr = cJSON_CreateArray();
    cJSON_AddItemToArray(arr, inner);
    const cJSON *items = kw(env->a, "items");
    for (unsigned k = 1; k < 64 && cJSON_GetArraySize(arr) < (int)min; k++) {
        cJSON *v = items != NULL ? json_sample(items, env->ctx->ra, k) : cJSON_CreateNumber(k);
        if (v == NULL)
            break;
        cJSON_AddItemToArray(arr, v);
    }
    return arr;
}

/* n items of a's items, distinct where possible, the first `first` (taken) if given. */
static cJSON *array_of(incl_ctx *ctx, const cJSON *a, size_t n, cJSON *first)
{
    cJSON *arr = cJSON_CreateArray();
    const cJSON *items = kw(a, "items");
    if (first != NULL)
        cJSON_AddItemToArray(arr, first);
    for (unsigned k = 0; k < 4 * n + 8 && (size_t)cJSON_GetArraySize(arr) < n; k++) {
        cJSON *v = items != NULL ? json_sample(items, ctx->ra, k) : cJSON_CreateNumber(k);
        if (v == NULL)
            break;
        cJSON_AddItemToArray(arr, v);
    }
    return arr;
}

static cJSON *checked(incl_ctx *ctx, const cJSON *a, const cJSON *b, cJSON *v)
{
    if (v != NULL && json_valid(a, ctx->ra, v) && !json_valid(b, ctx->rb, v))
        return v;
    cJSON_Delete(v);
    return NULL;
}

static void diff_array(incl_ctx *ctx, const branch *a, const branch *b, finding_list *out)
{
    double a_min = 0, a_max = 1e18, b_min = 0, b_max = 1e18;
    has_num(a->s, "minItems", &a_min);
    has_num(a->s, "maxItems", &a_max);
    has_num(b->s, "minItems", &b_min);
    has_num(b->s, "maxItems", &b_max);
    if (b_min > a_min) {
        char *t = change_text(ctx, "minItems", kw(a->s, "minItems"), kw(b->s, "minItems"));
        finding_add(out, "bound", "",
                    checked(ctx, a->s, b->s, array_of(ctx, a->s, (size_t)a_min, NULL)), "%s", t);
        free(t);
    }
    if (b_max < a_max) {
        char *t = change_text(ctx, "maxItems", kw(a->s, "maxItems"), kw(b->s, "maxItems"));
        cJSON *w = b_max < 1000
                       ? checked(ctx, a->s, b->s, array_of(ctx, a->s, (size_t)b_max + 1, NULL))
                       : NULL;
        finding_add(out, "bound", "", w, "%s", t);
        free(t);
    }
    if (cJSON_IsTrue(kw(b->s, "uniqueItems")) && !cJSON_IsTrue(kw(a->s, "uniqueItems")) &&
        a_max >= 2) {
        const cJSON *items = kw(a->s, "items");
        cJSON *w = NULL;
        cJSON *s = items != NULL ? json_sample(items, ctx->ra, 0) : cJSON_CreateNumber(0);
        /* [s, s, then distinct samples up to minItems] */
        if (s != NULL)
            w = checked(ctx, a->s, b->s, array_of(ctx, a->s, (size_t)(a_min > 2 ? a_min : 2), s));
        char *t = change_text(ctx, "uniqueItems", kw(a->s, "uniqueItems"), kw(b->s, "uniqueItems"));
        finding_add(out, "bound", "", w, "%s", t);
        free(t);
    }
    if (a_max < 1)
        return; /* no item ever: what an item may be does not matter */
    const cJSON *ia = kw(a->s, "items"), *ib = kw(b->s, "items");
    if (ib == NULL)
        return;
    cJSON *any = cJSON_CreateObject();
    finding_list inner = {NULL, 0};
    diff(ctx, ia != NULL ? ia : any, ib, &inner);
    array_env env = {ctx, a->s};
    adopt(out, &inner, "/0", array_around, &env);
    cJSON_Delete(any);
}

/* ---- objects ------------------------------------------------------------ */

typedef struct member_env {
    incl_ctx *ctx;
    const cJSON *a;   /* a's object schema */
    const char *name; /* the member the inner witness becomes */
    bool as_key;      /* the inner witness is a member's name, not its value */
} member_env;

/* a's smallest document (its required members) with the member set. */
static cJSON *object_around(const void *env_, cJSON *inner)
{
    const member_env *env = env_;
    cJSON *o = json_sample_of_type(env->a, env->ctx->ra, "object", 0);
    if (o == NULL)
        o = cJSON_CreateObject();
    if (env->as_key) {
        const cJSON *extra = kw(env->a, "additionalProperties");
        cJSON *v = cJSON_IsObject(extra) ? json_sample(extra, env->ctx->ra, 0) : cJSON_CreateNull();
        if (v == NULL)
            v = cJSON_CreateNull();
        if (cJSON_IsString(inner))
            cJSON_AddItemToObject(o, inner->valuestring, v);
        else
            cJSON_Delete(v);
        cJSON_Delete(inner);
        return o;
    }
    /* in the member's place when a's smallest document has it */
    if (cJSON_GetObjectItemCaseSensitive(o, env->name) != NULL)
        cJSON_ReplaceItemInObjectCaseSensitive(o, env->name, inner);
    else
        cJSON_AddItemToObject(o, env->name, inner);
    return o;
}

/* The schema a gives an unknown member: additionalProperties' schema, an
 * empty schema when absent (any value), NULL when false. */
static const cJSON *unknown_member_schema(const cJSON *s, const cJSON *any)
{
    const cJSON *extra = kw(s, "additionalProperties");
    if (extra == NULL || cJSON_IsTrue(extra))
        return any;
    return cJSON_IsObject(extra) ? extra : NULL;
}

/* A member name neither schema declares, valid for a's propertyNames. */
static char *fresh_name(incl_ctx *ctx, const cJSON *a, const cJSON *b)
{
    const cJSON *names = kw(a, "propertyNames");
    for (unsigned k = 0; k < 32; k++) {
        char *name;
        if (names != NULL) {
            cJSON *v = json_sample(names, ctx->ra, k);
            name = cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
            cJSON_Delete(v);
        } else {
            name = k == 0 ? xstrdup("unknown") : xasprintf("unknown%u", k);
        }
        if (name == NULL)
            continue;
        const cJSON *pa = kw(a, "properties"), *pb = kw(b, "properties");
        if ((pa == NULL || kw(pa, name) == NULL) && (pb == NULL || kw(pb, name) == NULL))
            return name;
        free(name);
    }
    return NULL;
}

/* Object branches whose const members agree (a tagged union's variant). */
static bool consts_agree(const cJSON *a, const cJSON *b)
{
    const cJSON *pa = kw(a, "properties"), *pb = kw(b, "properties");
    for (const cJSON *m = pa != NULL ? pa->child : NULL; m != NULL; m = m->next) {
        const cJSON *x = kw(m, "const"), *other = pb != NULL ? kw(pb, m->string) : NULL;
        const cJSON *y = other != NULL ? kw(other, "const") : NULL;
        if (x != NULL && y != NULL && !cJSON_Compare(x, y, 1))
            return false;
    }
    return true;
}

static bool required_in(const cJSON *s, const char *name)
{
    for (const cJSON *r = kw(s, "required") != NULL ? kw(s, "required")->child : NULL; r != NULL;
         r = r->next)
        if (cJSON_IsString(r) && strcmp(r->valuestring, name) == 0)
            return true;
    return false;
}

static void diff_object(incl_ctx *ctx, const branch *a, const branch *b, finding_list *out)
{
    cJSON *any = cJSON_CreateObject();
    const cJSON *pa = kw(a->s, "properties"), *pb = kw(b->s, "properties");
    const cJSON *rb = kw(b->s, "required");
    /* members b requires that a does not */
    for (const cJSON *r = rb != NULL ? rb->child : NULL; r != NULL; r = r->next) {
        if (!cJSON_IsString(r) || required_in(a->s, r->valuestring))
            continue;
        char *step = pointer_step(r->valuestring);
        cJSON *w = checked(ctx, a->s, b->s, json_sample_of_type(a->s, ctx->ra, "object", 0));
        if (ctx->a_is_old)
            finding_add(out, "member-required", step, w, "member '%s' is required now%s",
                        r->valuestring,
                        pa != NULL && kw(pa, r->valuestring) != NULL ? ", optional before" : "");
        else
            finding_add(out, "member-required", step, w, "member '%s' was required, is %s now",
                        r->valuestring,
                        pa != NULL && kw(pa, r->valuestring) != NULL ? "optional" : "gone");
        free(step);
    }
    /* a's members, under b's */
    for (const cJSON *m = pa != NULL ? pa->child : NULL; m != NULL; m = m->next) {
        const cJSON *in_b = pb != NULL ? kw(pb, m->string) : NULL;
        char *step = pointer_step(m->string);
        member_env env = {ctx, a->s, m->string, false};
        if (in_b == NULL)
            in_b = unknown_member_schema(b->s, any);
        if (in_b == NULL) {
            cJSON *v = json_sample(m, ctx->ra, 0);
            cJSON *w = v != NULL ? checked(ctx, a->s, b->s, object_around(&env, v)) : NULL;
            if (ctx->a_is_old)
                finding_add(out, "member-removed", step, w,
                            "member '%s' removed while unknown members are rejected", m->string);
            else
                finding_add(out, "member-added", step, w,
                            "member '%s' added where the old schema rejects unknown members",
                            m->string);
        } else if (in_b != any) {
            finding_list inner = {NULL, 0};
            diff(ctx, m, in_b, &inner);
            adopt(out, &inner, step, object_around, &env);
        }
        free(step);
    }
    const cJSON *extra_a = unknown_member_schema(a->s, any);
    /* b's members that a takes as unknown ones */
    for (const cJSON *m = pb != NULL ? pb->child : NULL; extra_a != NULL && m != NULL;
         m = m->next) {
        if (pa != NULL && kw(pa, m->string) != NULL)
            continue;
        char *step = pointer_step(m->string);
        member_env env = {ctx, a->s, m->string, false};
        finding_list inner = {NULL, 0};
        if (extra_a == any) {
            /* any value before: one of another type, or the first sample b rejects */
            static const char *const tries[] = {"null", "0.5", "\"\"", "[]", "{}", "true"};
            cJSON *w = NULL;
            for (size_t i = 0; i < 6 && w == NULL; i++)
                w = checked(ctx, a->s, b->s, object_around(&env, cJSON_Parse(tries[i])));
            finding_add(out, ctx->a_is_old ? "member-added-open" : "member-removed-open", step, w,
                        ctx->a_is_old
                            ? "member '%s' added where unknown members of any value were accepted"
                            : "member '%s' removed: the new schema accepts any value for it",
                        m->string);
        } else {
            diff(ctx, extra_a, m, &inner);
            adopt(out, &inner, step, object_around, &env);
        }
        free(step);
    }
    /* unknown members */
    const cJSON *extra_b = unknown_member_schema(b->s, any);
    if (extra_a != NULL && extra_b != any) {
        char *name = fresh_name(ctx, a->s, b->s);
        if (name != NULL) {
            char *step = pointer_step(name);
            member_env env = {ctx, a->s, name, false};
            if (extra_b == NULL) {
                cJSON *v =
                    extra_a == any ? cJSON_CreateNumber(0) : json_sample(extra_a, ctx->ra, 0);
                cJSON *w = v != NULL ? checked(ctx, a->s, b->s, object_around(&env, v)) : NULL;
                finding_add(out, "unknown-members", "", w,
                            ctx->a_is_old ? "unknown members were accepted, are rejected now"
                                          : "unknown members are accepted now, were rejected");
            } else {
                finding_list inner = {NULL, 0};
                diff(ctx, extra_a, extra_b, &inner);
                adopt(out, &inner, step, object_around, &env);
            }
            free(step);
        }
        free(name);
    }
    /* member names (a map's keys) */
    const cJSON *names_b = kw(b->s, "propertyNames");
    if (extra_a != NULL && names_b != NULL) {
        cJSON *string_schema = cJSON_Parse("{\"type\":\"string\"}");
        const cJSON *names_a = kw(a->s, "propertyNames");
        member_env env = {ctx, a->s, NULL, true};
        finding_list inner = {NULL, 0};
        diff(ctx, names_a != NULL ? names_a : string_schema, names_b, &inner);
        for (size_t i = 0; i < inner.count; i++) {
            char *m = xasprintf("member names: %s", inner.items[i].message);
            free(inner.items[i].message);
            inner.items[i].message = m;
        }
        adopt(out, &inner, "", object_around, &env);
        cJSON_Delete(string_schema);
    }
    /* member counts (maps) */
    double a_min = 0, a_max = 1e18, b_min = 0, b_max = 1e18;
    has_num(a->s, "minProperties", &a_min);
    has_num(a->s, "maxProperties", &a_max);
    has_num(b->s, "minProperties", &b_min);
    has_num(b->s, "maxProperties", &b_max);
    if (b_min > a_min || b_max < a_max) {
        cJSON *w = NULL;
        for (unsigned k = 0; k < 4 && w == NULL; k++)
            w = checked(ctx, a->s, b->s, json_sample_of_type(a->s, ctx->ra, "object", k));
        if (w == NULL && extra_a != NULL && b_max < 1000) {
            cJSON *o = json_sample_of_type(a->s, ctx->ra, "object", 0);
            for (unsigned k = 0;
                 o != NULL && k < 2 * (unsigned)b_max + 8 && cJSON_GetArraySize(o) <= (int)b_max;
                 k++) {
                char *name = xasprintf("k%u", k + 1000);
                cJSON *v =
                    extra_a == any ? cJSON_CreateNumber(k) : json_sample(extra_a, ctx->ra, k);
                if (v != NULL && kw(o, name) == NULL)
                    cJSON_AddItemToObject(o, name, v);
                else
                    cJSON_Delete(v);
                free(name);
            }
            w = checked(ctx, a->s, b->s, o);
        }
        char *t1 =
            change_text(ctx, "minProperties", kw(a->s, "minProperties"), kw(b->s, "minProperties"));
        char *t2 =
            change_text(ctx, "maxProperties", kw(a->s, "maxProperties"), kw(b->s, "maxProperties"));
        finding_add(out, "bound", "", w, "%s; %s", t1, t2);
        free(t1);
        free(t2);
    }
    cJSON_Delete(any);
}

/* ---- one branch of a against the branches of b ------------------------- */

static bool seen_pair(incl_ctx *ctx, const cJSON *a, const cJSON *b)
{
    for (size_t i = 0; i < ctx->nseen; i++)
        if (ctx->seen_a[i] == a && ctx->seen_b[i] == b)
            return true;
    return false;
}

static void diff_branch(incl_ctx *ctx, const branch *a, const branch *b, finding_list *out)
{
    if (strcmp(a->type, "integer") == 0 || strcmp(a->type, "number") == 0)
        diff_number(ctx, a, b, out);
    else if (strcmp(a->type, "string") == 0)
        diff_string(ctx, a, b, out);
    else if (strcmp(a->type, "array") == 0 || strcmp(a->type, "object") == 0) {
        if (seen_pair(ctx, a->s, b->s))
            return;
        if (ctx->nseen == MAX_DEPTH) {
            finding_add(out, "too-deep", "", NULL, "nested too deep to compare");
            return;
        }
        ctx->seen_a[ctx->nseen] = a->s;
        ctx->seen_b[ctx->nseen++] = b->s;
        if (strcmp(a->type, "array") == 0)
            diff_array(ctx, a, b, out);
        else
            diff_object(ctx, a, b, out);
        ctx->nseen--;
    }
}

static bool valid_in_any(const cJSON *v, const branch *list, size_t n, const cJSON *root)
{
    for (size_t i = 0; i < n; i++)
        if (json_valid(list[i].s, root, v) && of_type(v, list[i].type))
            return true;
    return false;
}

/* One of the first `tries` samples of a's branch x that none of b's
 * branches accepts (a witness), or NULL. */
static cJSON *sample_rejected(const incl_ctx *ctx, const branch *x, const branch *bb, size_t nb,
                              unsigned tries)
{
    for (unsigned k = 0; k < tries; k++) {
        cJSON *v = json_sample_of_type(x->s, ctx->ra, x->type, k);
        if (v != NULL && !valid_in_any(v, bb, nb, ctx->rb))
            return v;
        cJSON_Delete(v);
    }
    return NULL;
}

static void diff(incl_ctx *ctx, const cJSON *a, const cJSON *b, finding_list *out)
{
    branch ba[MAX_BRANCHES], bb[MAX_BRANCHES];
    size_t na = 0, nb = 0;
    collect_branches(a, ctx->ra, ba, &na, 0);
    collect_branches(b, ctx->rb, bb, &nb, 0);
    bool b_is_union = kw(b, "anyOf") != NULL || kw(b, "oneOf") != NULL;
    bool a_is_union = kw(a, "anyOf") != NULL || kw(a, "oneOf") != NULL;
    for (size_t i = 0; i < na; i++) {
        const branch *x = &ba[i];
        cJSON *values = finite_values(x);
        /* a union's variant of a JSON type that no variant of b has: the
         * variant is gone (or new), one finding, not one per value */
        bool kind_gone = a_is_union || b_is_union;
        for (size_t j = 0; j < nb && kind_gone; j++)
            kind_gone = !same_kind(x->type, bb[j].type);
        if (values != NULL) {
            /* decided value by value */
            for (const cJSON *v = values->child; v != NULL; v = v->next) {
                if (!json_valid(x->s, ctx->ra, v) || valid_in_any(v, bb, nb, ctx->rb))
                    continue;
                char *text = json_print(v, 0);
                bool is_enum = kw(x->s, "enum") != NULL || kw(x->s, "const") != NULL;
                const char *rule = cJSON_IsNull(v) ? "nullable" : is_enum ? "enum-value" : "type";
                if (kind_gone && !cJSON_IsNull(v) && !is_enum) {
                    finding_add(out, "variant", "", cJSON_Duplicate(v, 1), "%s",
                                ctx->a_is_old
                                    ? "a variant was removed: no variant takes its documents now"
                                    : "a variant was added: no variant of the old schema takes "
                                      "its documents");
                    free(text);
                    break;
                }
                if (cJSON_IsNull(v))
                    finding_add(out, rule, "", cJSON_Duplicate(v, 1), "%s",
                                ctx->a_is_old
                                    ? "null was accepted, is rejected now (@nullable removed)"
                                    : "null is accepted now, was rejected (@nullable added)");
                else
                    finding_add(out, rule, "", cJSON_Duplicate(v, 1), "%s %s %s",
                                ctx->a_is_old ? "value" : "new value", text,
                                ctx->a_is_old ? "is rejected now"
                                              : "is rejected by the old schema");
                if (cJSON_IsString(v))
                    out->items[out->count - 1].enum_value = xstrdup(v->valuestring);
                free(text);
            }
            cJSON_Delete(values);
            continue;
        }
        /* b's branches of the same JSON type */
        const branch *match[MAX_BRANCHES];
        size_t nmatch = 0;
        for (size_t j = 0; j < nb; j++)
            if (same_kind(x->type, bb[j].type) &&
                (strcmp(x->type, "object") != 0 || consts_agree(x->s, bb[j].s)))
                match[nmatch++] = &bb[j];
        if (nmatch == 0) {
            cJSON *w = json_sample_of_type(x->s, ctx->ra, x->type, 0);
            if (w != NULL && valid_in_any(w, bb, nb, ctx->rb)) {
                cJSON_Delete(w);
                w = NULL;
            }
            const char *rule = strcmp(x->type, "null") == 0                     ? "nullable"
                               : b_is_union || kw(a, "anyOf") || kw(a, "oneOf") ? "variant"
                                                                                : "type";
            if (strcmp(rule, "variant") == 0)
                finding_add(out, rule, "", w, "%s",
                            ctx->a_is_old ? "a variant was removed: no variant takes its "
                                            "documents now"
                                          : "a variant was added: no variant of the old "
                                            "schema takes its documents");
            else
                finding_add(out, rule, "", w, "%s %s: no %s value is accepted %s", x->type,
                            ctx->a_is_old ? "values removed" : "values added", x->type,
                            ctx->a_is_old ? "now" : "by the old schema");
            continue;
        }
        if (nmatch == 1) {
            /* b's branch may carry a finite set: compare value by value
             * through the samples; else by the keywords of the type */
            if (kw(match[0]->s, "enum") != NULL || kw(match[0]->s, "const") != NULL) {
                cJSON *w = sample_rejected(ctx, x, bb, nb, 16);
                finding_add(out, "enum", "", w,
                            ctx->a_is_old ? "a fixed list of values replaced any %s"
                                          : "any %s is accepted now, "
                                            "was a fixed list",
                            x->type);
                continue;
            }
            diff_branch(ctx, x, match[0], out);
            continue;
        }
        /* several of b's branches could take a's values (an untagged
         * union's variants of one type): compatible only when one is the
         * same schema; else a sample b rejects, or may break */
        bool same = false;
        for (size_t j = 0; j < nmatch && !same; j++)
            same = cJSON_Compare(x->s, match[j]->s, 1);
        if (same)
            continue;
        cJSON *w = sample_rejected(ctx, x, bb, nb, 8);
        finding_add(out, "variant", "", w,
                    "the %s variants changed and cannot be matched one to one", x->type);
    }
}

void inclusion_check(const cJSON *a, const cJSON *b, bool a_is_old, finding_list *out)
{
    incl_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.ra = a;
    ctx.rb = b;
    ctx.a_is_old = a_is_old;
    finding_list found = {NULL, 0};
    diff(&ctx, a, b, &found);
    /* every witness, as a whole document, must be one a accepts and b
     * rejects; one that is not (its surroundings could not be built) is
     * dropped: the change is then reported as one that may break */
    for (size_t i = 0; i < found.count; i++) {
        finding *f = &found.items[i];
        if (f->witness != NULL && (!json_valid(a, a, f->witness) || json_valid(b, b, f->witness))) {
            cJSON_Delete(f->witness);
            f->witness = NULL;
        }
    }
    adopt(out, &found, "", NULL, NULL);
}
