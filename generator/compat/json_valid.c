/* schemac generator, compat: a validator for the schemas schemac emits.
 * Written here rather than taken from a library: the generator already
 * has every piece (the pattern compiler, libschemac's formats and
 * multipleOf, which are the decoder's own), and only the emitted subset
 * of draft 2020-12 is needed. */
#include "compat/json_valid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/check.h"
#include "util/strbuf.h"

/* The patterns compiled so far, by their text: a text compiles alike in
 * every run, so runs in one process may share them (kept until exit). */
static struct {
    char **sources;
    pattern **compiled;
    size_t count;
} patterns;

const pattern *compat_pattern(const char *src)
{
    for (size_t i = 0; i < patterns.count; i++)
        if (strcmp(patterns.sources[i], src) == 0)
            return patterns.compiled[i];
    char err[256];
    size_t off = 0;
    pattern *p = pattern_compile(src, err, sizeof err, &off);
    patterns.sources = xrealloc(patterns.sources, (patterns.count + 1) * sizeof *patterns.sources);
    patterns.compiled =
        xrealloc(patterns.compiled, (patterns.count + 1) * sizeof *patterns.compiled);
    patterns.sources[patterns.count] = xstrdup(src);
    patterns.compiled[patterns.count++] = p;
    return p;
}

void compat_patterns_free(void)
{
    for (size_t i = 0; i < patterns.count; i++) {
        free(patterns.sources[i]);
        if (patterns.compiled[i] != NULL)
            pattern_free(patterns.compiled[i]);
    }
    free(patterns.sources);
    free(patterns.compiled);
    memset(&patterns, 0, sizeof patterns);
}

double json_string_chars(const char *s)
{
    return (double)sc_utf8_count(s, strlen(s));
}

const cJSON *json_ref_target(const cJSON *root, const char *ref)
{
    if (strcmp(ref, "#") == 0)
        return root;
    const char *prefix = "#/$defs/";
    if (strncmp(ref, prefix, strlen(prefix)) != 0)
        return NULL;
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(root, "$defs");
    return defs != NULL ? cJSON_GetObjectItemCaseSensitive(defs, ref + strlen(prefix)) : NULL;
}

static bool is_integer_value(const cJSON *v)
{
    return cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble == floor(v->valuedouble);
}

static bool type_matches(const char *type, const cJSON *v)
{
    if (strcmp(type, "null") == 0)
        return cJSON_IsNull(v);
    if (strcmp(type, "boolean") == 0)
        return cJSON_IsBool(v);
    if (strcmp(type, "integer") == 0)
        return is_integer_value(v);
    if (strcmp(type, "number") == 0)
        return cJSON_IsNumber(v);
    if (strcmp(type, "string") == 0)
        return cJSON_IsString(v);
    if (strcmp(type, "array") == 0)
        return cJSON_IsArray(v);
    if (strcmp(type, "object") == 0)
        return cJSON_IsObject(v);
    return false;
}

/* JSON equality as JSON Schema means it (1 and 1.0 equal, member order
 * free). */
static bool json_equal(const cJSON *a, const cJSON *b)
{
    if (cJSON_IsNumber(a) && cJSON_IsNumber(b))
        return a->valuedouble == b->valuedouble;
    if ((a->type & 0xFF) != (b->type & 0xFF))
        return false;
    if (cJSON_IsString(a))
        return strcmp(a->valuestring, b->valuestring) == 0;
    if (cJSON_IsArray(a)) {
        if (cJSON_GetArraySize(a) != cJSON_GetArraySize(b))
            return false;
        for (const cJSON *x = a->child, *y = b->child; x != NULL; x = x->next, y = y->next)
            if (!json_equal(x, y))
                return false;
        return true;
    }
    if (cJSON_IsObject(a)) {
        if (cJSON_GetArraySize(a) != cJSON_GetArraySize(b))
            return false;
        for (const cJSON *x = a->child; x != NULL; x = x->next) {
            const cJSON *y = cJSON_GetObjectItemCaseSensitive(b, x->string);
            if (y == NULL || !json_equal(x, y))
                return false;
        }
        return true;
    }
    return true; /* null, true, false: the type says it all */
}

static bool number_keywords_hold(const cJSON *s, double x)
{
    const cJSON *k;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "minimum")) != NULL && x < k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "maximum")) != NULL && x > k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "exclusiveMinimum")) != NULL &&
        x <= k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "exclusiveMaximum")) != NULL &&
        x >= k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "multipleOf")) != NULL &&
        !sc_is_multiple_of(x, k->valuedouble))
        return false;
    return true;
}

static int format_named(const char *name)
{
#define SC_FORMAT_COUNT_ONE(id, text) +1
    enum { FORMATS = 0 SC_FORMATS(SC_FORMAT_COUNT_ONE) };
#undef SC_FORMAT_COUNT_ONE
    for (int f = 0; f < FORMATS; f++)
        if (strcmp(sc_format_name((sc_format)f), name) == 0)
            return f;
    return -1;
}

static bool string_keywords_hold(const cJSON *s, const char *text)
{
    const cJSON *k;
    double chars = json_string_chars(text);
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "minLength")) != NULL && chars < k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "maxLength")) != NULL && chars > k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "pattern")) != NULL && cJSON_IsString(k)) {
        const pattern *p = compat_pattern(k->valuestring);
        if (p == NULL || !pattern_match(p, text, strlen(text)))
            return false;
    }
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "format")) != NULL && cJSON_IsString(k)) {
        int f = format_named(k->valuestring);
        if (f >= 0 && !sc_format_valid((sc_format)f, text, strlen(text)))
            return false;
    }
    return true;
}

static bool array_keywords_hold(const cJSON *s, const cJSON *root, const cJSON *v)
{
    const cJSON *k;
    double n = cJSON_GetArraySize(v);
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "minItems")) != NULL && n < k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "maxItems")) != NULL && n > k->valuedouble)
        return false;
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(s, "uniqueItems")))
        for (const cJSON *x = v->child; x != NULL; x = x->next)
            for (const cJSON *y = x->next; y != NULL; y = y->next)
                if (json_equal(x, y))
                    return false;
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(s, "items");
    if (items != NULL)
        for (const cJSON *x = v->child; x != NULL; x = x->next)
            if (!json_valid(items, root, x))
                return false;
    return true;
}

static bool object_keywords_hold(const cJSON *s, const cJSON *root, const cJSON *v)
{
    const cJSON *k;
    double n = cJSON_GetArraySize(v);
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "minProperties")) != NULL && n < k->valuedouble)
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(s, "maxProperties")) != NULL && n > k->valuedouble)
        return false;
    const cJSON *required = cJSON_GetObjectItemCaseSensitive(s, "required");
    for (const cJSON *r = required != NULL ? required->child : NULL; r != NULL; r = r->next)
        if (cJSON_IsString(r) && cJSON_GetObjectItemCaseSensitive(v, r->valuestring) == NULL)
            return false;
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
    const cJSON *extra = cJSON_GetObjectItemCaseSensitive(s, "additionalProperties");
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(s, "propertyNames");
    for (const cJSON *m = v->child; m != NULL; m = m->next) {
        /* duplicate names: the reader refuses them, as I-JSON does */
        for (const cJSON *o = m->next; o != NULL; o = o->next)
            if (strcmp(o->string, m->string) == 0)
                return false;
        if (names != NULL) {
            cJSON *name = cJSON_CreateString(m->string);
            bool ok = json_valid(names, root, name);
            cJSON_Delete(name);
            if (!ok)
                return false;
        }
        const cJSON *p = props != NULL ? cJSON_GetObjectItemCaseSensitive(props, m->string) : NULL;
        if (p != NULL) {
            if (!json_valid(p, root, m))
                return false;
        } else if (extra != NULL && !json_valid(extra, root, m)) {
            return false;
        }
    }
    return true;
}

bool json_valid(const cJSON *schema, const cJSON *root, const cJSON *v)
{
    if (cJSON_IsBool(schema))
        return cJSON_IsTrue(schema);
    const cJSON *k;
    if ((k = cJSON_GetObjectItemCaseSensitive(schema, "$ref")) != NULL) {
        const cJSON *target = cJSON_IsString(k) ? json_ref_target(root, k->valuestring) : NULL;
        if (target == NULL || !json_valid(target, root, v))
            return false;
    }
    if ((k = cJSON_GetObjectItemCaseSensitive(schema, "type")) != NULL) {
        bool any = false;
        if (cJSON_IsString(k))
            any = type_matches(k->valuestring, v);
        for (const cJSON *t = cJSON_IsArray(k) ? k->child : NULL; t != NULL && !any; t = t->next)
            any = type_matches(t->valuestring, v);
        if (!any)
            return false;
    }
    if ((k = cJSON_GetObjectItemCaseSensitive(schema, "const")) != NULL && !json_equal(k, v))
        return false;
    if ((k = cJSON_GetObjectItemCaseSensitive(schema, "enum")) != NULL) {
        bool any = false;
        for (const cJSON *e = k->child; e != NULL && !any; e = e->next)
            any = json_equal(e, v);
        if (!any)
            return false;
    }
    if ((k = cJSON_GetObjectItemCaseSensitive(schema, "anyOf")) != NULL) {
        bool any = false;
        for (const cJSON *b = k->child; b != NULL && !any; b = b->next)
            any = json_valid(b, root, v);
        if (!any)
            return false;
    }
    if ((k = cJSON_GetObjectItemCaseSensitive(schema, "oneOf")) != NULL) {
        int matched = 0;
        for (const cJSON *b = k->child; b != NULL; b = b->next)
            matched += json_valid(b, root, v);
        if (matched != 1)
            return false;
    }
    if (cJSON_IsNumber(v)) /* JSON has no infinities or NaN */
        return isfinite(v->valuedouble) && number_keywords_hold(schema, v->valuedouble);
    if (cJSON_IsString(v))
        return string_keywords_hold(schema, v->valuestring);
    if (cJSON_IsArray(v))
        return array_keywords_hold(schema, root, v);
    if (cJSON_IsObject(v))
        return object_keywords_hold(schema, root, v);
    return true;
}
