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
    case cJSON_Number:
        return a->valuedouble == b->valuedouble;
    case cJSON_String:
        return strcmp(a->valuestring, b->valuestring) == 0;
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
    default:
        return true; /* null, true, false: the kind says it all */
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

/* a word at a time (sv_hash_name), not a byte */
static uint64_t hash_bytes(const char *s)
{
    return sv_hash_name(s, strlen(s));
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
    case cJSON_String:
        return mix(h ^ hash_bytes(v->valuestring));
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
    default:
        return mix(h);
    }
}

uint64_t sv_hash(const cJSON *v, sv_budget *w)
{
    return hash(v, w, 0);
}

typedef struct keyed {
    uint64_t hash;
    size_t index;
    const cJSON *item;
} keyed;

static int by_hash(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

size_t sv_find_duplicate(const cJSON *arr, size_t n, sv_budget *w)
{
    if (n < 2)
        return n;
    keyed small[32]; /* the arrays of documents are mostly short: no malloc */
    keyed *k = n <= sizeof small / sizeof *small ? small : malloc(n * sizeof *k);
    if (k == NULL)
        return n + 1;
    size_t i = 0;
    for (const cJSON *c = arr->child; c != NULL; c = c->next, i++)
        k[i] = (keyed){sv_hash(c, w), i, c};
    if (k == small) /* insertion: a few items, fewer steps than qsort's calls */
        for (i = 1; i < n; i++)
            for (size_t j = i; j > 0 && by_hash(&k[j - 1], &k[j]) > 0; j--) {
                keyed t = k[j];
                k[j] = k[j - 1];
                k[j - 1] = t;
            }
    else
        qsort(k, n, sizeof *k, by_hash);
    size_t found = n;
    /* within a run of equal hashes, compare each with those before it */
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start + 1; end < n && k[end].hash == k[start].hash; end++)
            ;
        for (i = start + 1; i < end; i++)
            for (size_t j = start; j < i; j++)
                if (k[i].index < found && sv_equal(k[i].item, k[j].item, w)) {
                    found = k[i].index;
                    break;
                }
    }
    if (k != small)
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
