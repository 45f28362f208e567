/* libschemac-validate: JSON equality (const, enum, uniqueItems) and the
 * hash that lets uniqueItems sort instead of comparing every pair, which a
 * long array would turn into quadratic work. */
#include "validate_internal.h"

#include "schemac/schemac.h" /* SC_MAX_DEPTH, sc_print_json, sc_free_string */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kind(const cJSON *v)
{
    return v->type & 0xFF;
}

/* One step of work; false once the budget is spent (or the values nest
 * deeper than any document the limits let through, a tree built in C):
 * the caller then stops with SC_ERR_LIMIT. */
static bool step(sv_budget *w, size_t n, int depth)
{
    w->used += n;
    if (w->used > w->max || depth > 2 * SC_MAX_DEPTH)
        w->over = true;
    return !w->over;
}

static const cJSON *member(const cJSON *obj, const char *name, sv_budget *w)
{
    for (const cJSON *m = obj->child; m != NULL && step(w, 1, 0); m = m->next)
        if (strcmp(m->string, name) == 0)
            return m;
    return NULL;
}

static bool equal(const cJSON *a, const cJSON *b, sv_budget *w, int depth)
{
    if (kind(a) != kind(b) || !step(w, 1, depth))
        return false;
    switch (kind(a)) {
    case cJSON_Number: return a->valuedouble == b->valuedouble;
    case cJSON_String: return strcmp(a->valuestring, b->valuestring) == 0;
    case cJSON_Array: {
        const cJSON *x = a->child, *y = b->child;
        for (; x != NULL && y != NULL; x = x->next, y = y->next)
            if (!equal(x, y, w, depth + 1))
                return false;
        return x == NULL && y == NULL;
    }
    case cJSON_Object: {
        size_t na = 0, nb = 0;
        for (const cJSON *x = a->child; x != NULL; x = x->next)
            na++;
        for (const cJSON *y = b->child; y != NULL; y = y->next)
            nb++;
        if (na != nb)
            return false;
        /* a member lookup each: quadratic in the members, so counted */
        for (const cJSON *x = a->child; x != NULL; x = x->next) {
            const cJSON *y = member(b, x->string, w);
            if (y == NULL || !equal(x, y, w, depth + 1))
                return false;
        }
        return true;
    }
    default: return true; /* null, true, false: the kind says it all */
    }
}

bool sv_equal(const cJSON *a, const cJSON *b, sv_budget *w)
{
    return equal(a, b, w, 0);
}

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

static uint64_t hash_bytes(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static uint64_t hash(const cJSON *v, sv_budget *w, int depth)
{
    uint64_t h = (uint64_t)kind(v);
    if (!step(w, 1, depth))
        return h;
    switch (kind(v)) {
    case cJSON_Number: {
        double d = v->valuedouble == 0 ? 0 : v->valuedouble; /* -0 == 0 */
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        return mix(h ^ bits);
    }
    case cJSON_String: return mix(h ^ hash_bytes(v->valuestring));
    case cJSON_Array:
        for (const cJSON *x = v->child; x != NULL; x = x->next)
            h = mix(h * 31 + hash(x, w, depth + 1));
        return h;
    case cJSON_Object: {
        uint64_t sum = 0; /* order-independent, as equality is */
        for (const cJSON *x = v->child; x != NULL; x = x->next)
            sum += mix(hash_bytes(x->string) ^ hash(x, w, depth + 1));
        return mix(h ^ sum);
    }
    default: return mix(h);
    }
}

uint64_t sv_hash(const cJSON *v, sv_budget *w)
{
    return hash(v, w, 0);
}

typedef struct keyed {
    uint64_t hash;
    size_t index;
} keyed;

static int by_hash(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

size_t sv_find_duplicate(const cJSON *const *items, size_t n, sv_budget *w)
{
    if (n < 2)
        return n;
    keyed *k = malloc(n * sizeof *k);
    if (k == NULL)
        return n + 1;
    for (size_t i = 0; i < n; i++)
        k[i] = (keyed){sv_hash(items[i], w), i};
    qsort(k, n, sizeof *k, by_hash);
    size_t found = n;
    /* within a run of equal hashes, compare each with those before it */
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start + 1; end < n && k[end].hash == k[start].hash; end++)
            ;
        for (size_t i = start + 1; i < end; i++)
            for (size_t j = start; j < i; j++)
                if (k[i].index < found && sv_equal(items[k[i].index], items[k[j].index], w)) {
                    found = k[i].index;
                    break;
                }
    }
    free(k);
    return found;
}

void sv_format_number(double d, char *buf, size_t size)
{
    /* sc_print_json's number, the form the decoders' messages have: an
     * integer below 2^53 as one ("<= 90", where the shortest %g is
     * "9e+01"), any other number in its shortest exact form, not affected
     * by the C locale (9007199254740992.0, 1e+300, 0.5) */
    cJSON number;
    memset(&number, 0, sizeof number);
    number.type = cJSON_Number;
    number.valuedouble = d == 0 ? 0.0 : d; /* "must be >= 0" for -0, which equals 0 */
    char *text;
    if (sc_print_json(&number, &text) != 0) {
        snprintf(buf, size, "%g", d); /* not finite: only in a tree built in C */
        return;
    }
    snprintf(buf, size, "%s", text);
    sc_free_string(text);
}
