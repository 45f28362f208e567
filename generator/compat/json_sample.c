/* schemac generator, compat: valid documents for a schema: the first
 * candidate of each kind that json_valid accepts. */
#include "compat/json_sample.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compat/json_valid.h"
#include "util/strbuf.h"

enum { SAMPLE_DEPTH = 40 };

static cJSON *sample_at(const cJSON *schema, const cJSON *root, unsigned k, int depth);

const char *format_sample(const char *format, unsigned k)
{
    static const struct {
        const char *name;
        const char *values[3];
    } samples[] = {
        {"date-time", {"2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z", "2024-01-03T00:00:00Z"}},
        {"date", {"2024-01-01", "2024-01-02", "2024-01-03"}},
        {"time", {"00:00:00Z", "00:00:01Z", "00:00:02Z"}},
        {"email", {"a@example.com", "b@example.com", "c@example.com"}},
        {"uri", {"https://example.com/", "https://example.com/a", "https://example.com/b"}},
        {"uuid",
         {"00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000001",
          "00000000-0000-4000-8000-000000000002"}},
        {"ipv4", {"192.0.2.1", "192.0.2.2", "192.0.2.3"}},
        {"ipv6", {"2001:db8::1", "2001:db8::2", "2001:db8::3"}},
        {"hostname", {"example.com", "a.example.com", "b.example.com"}},
    };
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++)
        if (strcmp(samples[i].name, format) == 0)
            return k < 3 ? samples[i].values[k] : NULL;
    return NULL;
}

static double keyword_number(const cJSON *s, const char *name, double otherwise)
{
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(s, name);
    return cJSON_IsNumber(k) ? k->valuedouble : otherwise;
}

static cJSON *accept_or_drop(const cJSON *schema, const cJSON *root, cJSON *v)
{
    if (v != NULL && json_valid(schema, root, v))
        return v;
    cJSON_Delete(v);
    return NULL;
}

static cJSON *sample_number(const cJSON *s, const cJSON *root, bool integer, unsigned k)
{
    double step = keyword_number(s, "multipleOf", integer ? 1 : 0.5);
    if (integer && step != floor(step))
        step = 1;
    double lo = keyword_number(s, "minimum", keyword_number(s, "exclusiveMinimum", -INFINITY));
    double hi = keyword_number(s, "maximum", keyword_number(s, "exclusiveMaximum", INFINITY));
    double anchors[] = {0, lo, hi};
    for (size_t a = 0; a < 3; a++) {
        if (!isfinite(anchors[a]))
            continue;
        double base = ceil(anchors[a] / step) * step;
        for (int j = 0; j < 4; j++) {
            double x = base + (a == 2 ? -1.0 : 1.0) * step * (double)(k + (unsigned)j);
            cJSON *v = accept_or_drop(s, root, cJSON_CreateNumber(x));
            if (v != NULL)
                return v;
        }
    }
    return NULL;
}

static cJSON *sample_string(const cJSON *s, const cJSON *root, unsigned k)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(s, "format");
    if (cJSON_IsString(format)) {
        for (unsigned i = k; i < k + 3; i++) {
            const char *text = format_sample(format->valuestring, i);
            cJSON *v = text != NULL ? accept_or_drop(s, root, cJSON_CreateString(text)) : NULL;
            if (v != NULL)
                return v;
        }
        return NULL;
    }
    double min = keyword_number(s, "minLength", 0), max = keyword_number(s, "maxLength", 1e9);
    const cJSON *pat = cJSON_GetObjectItemCaseSensitive(s, "pattern");
    if (cJSON_IsString(pat)) {
        const pattern *p = compat_pattern(pat->valuestring);
        /* distinct samples: one length more each */
        for (double want = min + k; p != NULL && want <= max && want <= min + k + 8; want++) {
            char *w = NULL;
            int r = pattern_common_string(p, NULL, (uint64_t)want, (uint64_t)max, UINT64_MAX, &w);
            cJSON *v = r == 1 ? accept_or_drop(s, root, cJSON_CreateString(w)) : NULL;
            free(w);
            if (v != NULL)
                return v;
        }
        return NULL;
    }
    /* min letters of one kind, the k-th letter; more letters than that
     * vary by length */
    size_t n = (size_t)min;
    if (n == 0 && k > 0)
        n = 1;
    if (n > 4096)
        return NULL;
    char *text = xcalloc(n + 1, 1);
    memset(text, 'a' + (int)(k % 26), n);
    if (n == 1 && k == 0 && min == 0)
        text[0] = '\0';
    cJSON *v = accept_or_drop(s, root, cJSON_CreateString(text));
    free(text);
    return v;
}

static cJSON *sample_array(const cJSON *s, const cJSON *root, unsigned k, int depth)
{
    double min = keyword_number(s, "minItems", 0);
    double max = keyword_number(s, "maxItems", 1e9);
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(s, "items");
    size_t want = (size_t)min + (k > 0 && min + 1 <= max ? 1 : 0);
    if (want > 64)
        return NULL;
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < want; i++) {
        cJSON *item = items != NULL ? sample_at(items, root, (unsigned)i + k, depth + 1)
                                    : cJSON_CreateNumber((double)i);
        if (item == NULL) {
            cJSON_Delete(a);
            return NULL;
        }
        cJSON_AddItemToArray(a, item);
    }
    return accept_or_drop(s, root, a);
}

/* An object: the required members (the k-th sample of the first one, so
 * that samples differ), then members up to minProperties for a map. */
static cJSON *sample_object(const cJSON *s, const cJSON *root, unsigned k, int depth)
{
    cJSON *o = cJSON_CreateObject();
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
    const cJSON *required = cJSON_GetObjectItemCaseSensitive(s, "required");
    unsigned first_k = k;
    for (const cJSON *r = required != NULL ? required->child : NULL; r != NULL; r = r->next) {
        const cJSON *p =
            props != NULL ? cJSON_GetObjectItemCaseSensitive(props, r->valuestring) : NULL;
        cJSON *v = p != NULL ? sample_at(p, root, first_k, depth + 1) : cJSON_CreateNull();
        first_k = 0;
        if (v == NULL) {
            cJSON_Delete(o);
            return NULL;
        }
        cJSON_AddItemToObject(o, r->valuestring, v);
    }
    const cJSON *extra = cJSON_GetObjectItemCaseSensitive(s, "additionalProperties");
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(s, "propertyNames");
    double min = keyword_number(s, "minProperties", 0);
    bool open = extra == NULL || cJSON_IsTrue(extra) || cJSON_IsObject(extra);
    size_t want = (size_t)min + (k > 0 && required == NULL && open ? 1 : 0);
    for (unsigned i = 0; open && (size_t)cJSON_GetArraySize(o) < want && i < 64; i++) {
        cJSON *key = names != NULL ? sample_at(names, root, i, depth + 1) : NULL;
        char *name = key != NULL ? xstrdup(key->valuestring) : xasprintf("k%u", i);
        cJSON_Delete(key);
        if (cJSON_GetObjectItemCaseSensitive(o, name) == NULL &&
            (props == NULL || cJSON_GetObjectItemCaseSensitive(props, name) == NULL)) {
            cJSON *v = cJSON_IsObject(extra) ? sample_at(extra, root, i + k, depth + 1)
                                             : cJSON_CreateNumber(i);
            if (v != NULL)
                cJSON_AddItemToObject(o, name, v);
        }
        free(name);
    }
    return accept_or_drop(s, root, o);
}

static cJSON *sample_typed(const cJSON *s, const cJSON *root, const char *type, unsigned k,
                           int depth)
{
    if (strcmp(type, "null") == 0)
        return accept_or_drop(s, root, cJSON_CreateNull());
    if (strcmp(type, "boolean") == 0) {
        cJSON *v = accept_or_drop(s, root, cJSON_CreateBool(k % 2 != 0));
        return v != NULL ? v : accept_or_drop(s, root, cJSON_CreateBool(k % 2 == 0));
    }
    if (strcmp(type, "integer") == 0)
        return sample_number(s, root, true, k);
    if (strcmp(type, "number") == 0)
        return sample_number(s, root, false, k);
    if (strcmp(type, "string") == 0)
        return sample_string(s, root, k);
    if (strcmp(type, "array") == 0)
        return sample_array(s, root, k, depth);
    if (strcmp(type, "object") == 0)
        return sample_object(s, root, k, depth);
    return NULL;
}

static cJSON *sample_at(const cJSON *s, const cJSON *root, unsigned k, int depth)
{
    if (depth > SAMPLE_DEPTH)
        return NULL;
    const cJSON *kw;
    if ((kw = cJSON_GetObjectItemCaseSensitive(s, "const")) != NULL)
        return accept_or_drop(s, root, cJSON_Duplicate(kw, 1));
    if ((kw = cJSON_GetObjectItemCaseSensitive(s, "enum")) != NULL) {
        int n = cJSON_GetArraySize(kw);
        for (int i = 0; i < n; i++) {
            cJSON *v = accept_or_drop(
                s, root,
                cJSON_Duplicate(cJSON_GetArrayItem(kw, (int)((k + (unsigned)i) % (unsigned)n)), 1));
            if (v != NULL)
                return v;
        }
        return NULL;
    }
    if ((kw = cJSON_GetObjectItemCaseSensitive(s, "$ref")) != NULL) {
        const cJSON *target = cJSON_IsString(kw) ? json_ref_target(root, kw->valuestring) : NULL;
        return target != NULL ? sample_at(target, root, k, depth + 1) : NULL;
    }
    const char *branches[] = {"anyOf", "oneOf"};
    for (size_t b = 0; b < 2; b++) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(s, branches[b]);
        if (list == NULL)
            continue;
        int n = cJSON_GetArraySize(list);
        /* the k-th branch that has a sample, cycling */
        for (int i = 0; i < n; i++) {
            const cJSON *branch = cJSON_GetArrayItem(list, (int)((k + (unsigned)i) % (unsigned)n));
            cJSON *v = accept_or_drop(s, root, sample_at(branch, root, k / (unsigned)n, depth + 1));
            if (v != NULL)
                return v;
        }
        return NULL;
    }
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(s, "type");
    if (cJSON_IsString(type))
        return sample_typed(s, root, type->valuestring, k, depth);
    if (cJSON_IsArray(type)) {
        /* the non-null type first: a witness reads better with a value */
        for (const cJSON *t = type->child; t != NULL; t = t->next)
            if (strcmp(t->valuestring, "null") != 0) {
                cJSON *v = sample_typed(s, root, t->valuestring, k, depth);
                if (v != NULL)
                    return v;
            }
        return accept_or_drop(s, root, cJSON_CreateNull());
    }
    /* no type: any value */
    return accept_or_drop(s, root, k == 0 ? cJSON_CreateNull() : cJSON_CreateNumber(k));
}

cJSON *json_sample(const cJSON *schema, const cJSON *root, unsigned k)
{
    return sample_at(schema, root, k, 0);
}

cJSON *json_sample_of_type(const cJSON *schema, const cJSON *root, const char *type, unsigned k)
{
    /* a schema of several types (or none) samples each through the
     * narrowed type; enum, const and branches through their own values */
    if (cJSON_GetObjectItemCaseSensitive(schema, "const") != NULL ||
        cJSON_GetObjectItemCaseSensitive(schema, "enum") != NULL ||
        cJSON_GetObjectItemCaseSensitive(schema, "anyOf") != NULL ||
        cJSON_GetObjectItemCaseSensitive(schema, "oneOf") != NULL ||
        cJSON_GetObjectItemCaseSensitive(schema, "$ref") != NULL) {
        for (unsigned i = k; i < k + 8; i++) {
            cJSON *v = json_sample(schema, root, i);
            bool fits = v != NULL && (strcmp(type, "null") == 0      ? cJSON_IsNull(v)
                                      : strcmp(type, "boolean") == 0 ? cJSON_IsBool(v)
                                      : strcmp(type, "integer") == 0 || strcmp(type, "number") == 0
                                          ? cJSON_IsNumber(v)
                                      : strcmp(type, "string") == 0 ? cJSON_IsString(v)
                                      : strcmp(type, "array") == 0  ? cJSON_IsArray(v)
                                                                    : cJSON_IsObject(v));
            if (fits)
                return v;
            cJSON_Delete(v);
        }
        return NULL;
    }
    return sample_typed(schema, root, type, k, 0);
}
