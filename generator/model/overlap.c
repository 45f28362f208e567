/* schemac generator: values two variants of an untagged union share.
 *
 * The decoder tries the variants of one JSON type in the enum's order and
 * keeps the first that accepts the value. A value of a later variant that
 * an earlier one accepts as written by encode would come back as the
 * earlier one: encode -> decode would change the variant (and, when the
 * earlier is an integer and the later a float, the value). So for each
 * pair of variants of one JSON type (objects are told apart by their
 * selecting members already) this decides whether some value of the later
 * one, as encode writes it, is a value the earlier one accepts, and
 * finds one (the witness). The answer must be sound: "disjoint" only when
 * no such value exists; when it cannot tell it says "may overlap".
 *
 * Number variants compare sets of doubles (the decoder reads every number
 * as a double first: an integer variant accepts an integral one in its
 * range, a double variant one within its keywords, a float variant one
 * within +-FLT_MAX whose float is within its bounds); a later variant's
 * values are its integers, doubles, or floats within its keywords. String
 * variants compare languages: enum names and @enum/@const lists are
 * checked one by one, patterns and lengths by a search over the product
 * of the pattern DFAs (pattern_common_string), formats by known examples.
 * Arrays share [] when both accept it, else items that both accept. */
#include "model/overlap.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/value.h"
#include "pattern/pattern.h"
#include "schemac/check.h"
#include "util/strbuf.h"

/* ---- numbers ------------------------------------------------------------ */

typedef enum { LAT_INT, LAT_FLOAT, LAT_DOUBLE } lattice;

typedef struct {
    lattice lat;
    double lo, hi;
    bool lo_x, hi_x;   /* exclusive */
    double mult;       /* 0: none */
    const cJSON *list; /* @enum values, or NULL */
    const cJSON *one;  /* @const, or NULL */
} numset;

static void lower(numset *s, double v, bool x)
{
    if (v > s->lo || (v == s->lo && x)) {
        s->lo = v;
        s->lo_x = x;
    }
}

static void upper(numset *s, double v, bool x)
{
    if (v < s->hi || (v == s->hi && x)) {
        s->hi = v;
        s->hi_x = x;
    }
}

/* The doubles the decoder accepts for n (accepts) or the values n holds
 * and encode writes (!accepts): they differ for a float only. */
static numset numset_of(const node *n, bool accepts)
{
    const constraints *c = &n->c;
    numset s = {LAT_DOUBLE, -DBL_MAX, DBL_MAX, false, false, 0, c->enum_values, c->const_value};
    if (n->kind == NODE_INT) {
        s.lat = LAT_INT;
        s.lo = (double)n->c_min;
        s.hi = (double)n->c_max;
    } else if (n->is_float) {
        s.lat = accepts ? LAT_DOUBLE : LAT_FLOAT;
        s.lo = -FLT_MAX;
        s.hi = FLT_MAX;
    }
    if (c->minimum.set)
        lower(&s, c->minimum.value, false);
    if (c->exclusive_minimum.set)
        lower(&s, c->exclusive_minimum.value, true);
    if (c->maximum.set)
        upper(&s, c->maximum.value, false);
    if (c->exclusive_maximum.set)
        upper(&s, c->exclusive_maximum.value, true);
    if (c->multiple_of.set && c->multiple_of.value > 0)
        s.mult = c->multiple_of.value;
    if (n->is_float && accepts) {
        /* the decoder checks the float it stores: a number rounding onto
         * a bound is accepted, but none beyond +-FLT_MAX */
        double a, b;
        sc_float_interval((float)s.lo, &a, &b);
        s.lo = fmax(a, -FLT_MAX);
        sc_float_interval((float)s.hi, &a, &b);
        s.hi = fmin(b, FLT_MAX);
    }
    return s;
}

/* Whether d is a float's value (no conversion out of float's range: that
 * is undefined). */
static bool is_float(double d)
{
    return fabs(d) <= FLT_MAX && (double)(float)d == d;
}

static bool in_numset(const numset *s, double d)
{
    if (!isfinite(d))
        return false;
    if (s->lat == LAT_INT && (d != floor(d) || fabs(d) > 9007199254740991.0))
        return false;
    if (s->lat == LAT_FLOAT && !is_float(d))
        return false;
    if (d < s->lo || d > s->hi || (d == s->lo && s->lo_x) || (d == s->hi && s->hi_x))
        return false;
    if (s->mult > 0 && !sc_is_multiple_of(d, s->mult))
        return false;
    if (s->one != NULL && !(cJSON_IsNumber(s->one) && s->one->valuedouble == d))
        return false;
    if (s->list != NULL) {
        bool found = false;
        const cJSON *item;
        cJSON_ArrayForEach(item, s->list) found =
            found || (cJSON_IsNumber(item) && item->valuedouble == d);
        if (!found)
            return false;
    }
    return true;
}

static bool both(const numset *a, const numset *b, double d, double *w)
{
    if (in_numset(a, d) && in_numset(b, d)) {
        *w = d;
        return true;
    }
    return false;
}

/* The smallest float >= v (> v when strict). */
static double float_at_least(double v, bool strict)
{
    float f = (float)fmax(fmin(v, FLT_MAX), -FLT_MAX);
    if ((double)f < v || ((double)f == v && strict))
        f = nextafterf(f, INFINITY);
    return f;
}

/* A double that the earlier variant (a: what it accepts) and the later one
 * (b: what it holds) share. */
static ov_result number_overlap(const numset *a, const numset *b, double *w)
{
    /* a finite list decides exactly */
    const numset *sides[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        const numset *s = sides[i];
        if (s->one != NULL)
            return both(a, b, s->one->valuedouble, w) ? OV_FOUND : OV_NONE;
        if (s->list != NULL) {
            const cJSON *item;
            cJSON_ArrayForEach(item, s->list) if (cJSON_IsNumber(item) &&
                                                  both(a, b, item->valuedouble, w)) return OV_FOUND;
            return OV_NONE;
        }
    }
    /* short, familiar witnesses first */
    static const double nice[] = {1, 0, -1, 0.5, 2, 10, 100};
    for (size_t i = 0; i < sizeof nice / sizeof *nice; i++)
        if (both(a, b, nice[i], w))
            return OV_FOUND;
    numset x = *a;
    lower(&x, b->lo, b->lo_x);
    upper(&x, b->hi, b->hi_x);
    if (x.lo > x.hi || (x.lo == x.hi && (x.lo_x || x.hi_x)))
        return OV_NONE;
    /* the ends of the common interval and their neighbours */
    double ends[] = {x.lo, nextafter(x.lo, INFINITY), x.hi, nextafter(x.hi, -INFINITY)};
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++)
        if (both(a, b, ends[i], w))
            return OV_FOUND;
    bool ints = a->lat == LAT_INT || b->lat == LAT_INT;
    bool floats = a->lat == LAT_FLOAT || b->lat == LAT_FLOAT;
    double m = fmax(a->mult, b->mult);
    if (m > 0) {
        /* multiples of the larger divisor, and the doubles next to each
         * (ajv's quotient test also takes a double within a few ulps of
         * one); exhaustive when the interval holds few enough */
        double k0 = ceil(x.lo / m) - 1, k1 = floor(x.hi / m) + 1;
        if (!(fabs(k0) < 4503599627370496.0 && fabs(k1) < 4503599627370496.0))
            return OV_UNKNOWN; /* quotients past 2^52: k + 1 would not step */
        bool whole = k1 - k0 <= 200000;
        for (double k = k0; k <= k1 && k <= k0 + 200000; k++) {
            double d = k * m;
            if (both(a, b, d, w) || both(a, b, nextafter(d, INFINITY), w) ||
                both(a, b, nextafter(d, -INFINITY), w) ||
                both(a, b, nextafter(nextafter(d, INFINITY), INFINITY), w) ||
                both(a, b, nextafter(nextafter(d, -INFINITY), -INFINITY), w))
                return OV_FOUND;
            if (ints && floats && !is_float(d) && fabs(d) <= FLT_MAX &&
                both(a, b, float_at_least(d, false), w))
                return OV_FOUND;
        }
        return whole ? OV_NONE : OV_UNKNOWN;
    }
    if (ints) {
        /* the first integer of the interval (that is a float, with a
         * float side): every integer up to 2^24 is one, and every float
         * from 2^23 on is an integer */
        double d = x.lo_x && x.lo == floor(x.lo) ? x.lo + 1 : ceil(x.lo);
        for (int i = 0; i < 64 && d <= x.hi; i++) {
            if (floats && !is_float(d))
                d = float_at_least(d, false);
            if (both(a, b, d, w))
                return OV_FOUND;
            d = floor(d) + 1;
        }
        return d > x.hi ? OV_NONE : OV_UNKNOWN;
    }
    double d = floats ? float_at_least(x.lo, x.lo_x) : x.lo_x ? nextafter(x.lo, INFINITY) : x.lo;
    if (both(a, b, d, w))
        return OV_FOUND;
    d = floats ? float_at_least((x.lo + x.hi) / 2, false) : (x.lo + x.hi) / 2;
    if (both(a, b, d, w))
        return OV_FOUND;
    /* the first element is beyond the interval: none */
    return OV_NONE;
}

/* ---- strings ------------------------------------------------------------ */

static bool accepts_string(const node *n, const char *s)
{
    char why[256];
    cJSON *v = cJSON_CreateString(s);
    bool ok = v != NULL && node_accepts(n, v, why, sizeof why);
    cJSON_Delete(v);
    return ok;
}

/* A string both accept, from a finite list: an enum's names or @enum/@const. */
static ov_result string_list_overlap(const node *a, const node *b, const node *finite, strbuf *w)
{
    if (finite->kind == NODE_ENUM && finite->c.enum_values == NULL &&
        finite->c.const_value == NULL) {
        for (size_t i = 0; i < finite->enum_type->nvalues; i++) {
            const char *name = finite->enum_type->values[i].json_name;
            if (accepts_string(a, name) && accepts_string(b, name)) {
                sb_puts(w, name);
                return OV_FOUND;
            }
        }
        return OV_NONE;
    }
    const cJSON *item,
        *list = finite->c.const_value != NULL ? finite->c.const_value : finite->c.enum_values;
    if (cJSON_IsString(list)) {
        if (accepts_string(a, list->valuestring) && accepts_string(b, list->valuestring)) {
            sb_puts(w, list->valuestring);
            return OV_FOUND;
        }
        return OV_NONE;
    }
    cJSON_ArrayForEach(item, list) if (cJSON_IsString(item) &&
                                       accepts_string(a, item->valuestring) &&
                                       accepts_string(b, item->valuestring))
    {
        sb_puts(w, item->valuestring);
        return OV_FOUND;
    }
    return OV_NONE;
}

static bool finite_strings(const node *n)
{
    return n->kind == NODE_ENUM || n->c.enum_values != NULL || n->c.const_value != NULL;
}

static uint64_t min_chars(const node *n)
{
    return n->c.has_min_length ? n->c.min_length : 0;
}

static ov_result string_overlap(const node *a, const node *b, strbuf *w)
{
    if (finite_strings(a))
        return string_list_overlap(a, b, a, w);
    if (finite_strings(b))
        return string_list_overlap(a, b, b, w);
    if (a->c.format >= 0 || b->c.format >= 0) {
        /* a value of each format (with its corner cases: a dotted quad is a
         * hostname too), and the other side's own shortest string */
        static const char *const examples[] = {"2024-01-01T00:00:00Z",
                                               "2024-01-01",
                                               "00:00:00Z",
                                               "a@example.com",
                                               "https://example.com",
                                               "00000000-0000-0000-0000-000000000000",
                                               "127.0.0.1",
                                               "::1",
                                               "example.com",
                                               "a",
                                               "localhost",
                                               "urn:a",
                                               "a:b",
                                               "1.2.3.4",
                                               "0.0.0.0"};
        for (size_t i = 0; i < sizeof examples / sizeof *examples; i++)
            if (accepts_string(a, examples[i]) && accepts_string(b, examples[i])) {
                sb_puts(w, examples[i]);
                return OV_FOUND;
            }
        return OV_UNKNOWN;
    }
    char message[128];
    size_t offset;
    pattern *pa = a->c.pattern != NULL
                      ? pattern_compile(a->c.pattern, message, sizeof message, &offset)
                      : NULL;
    pattern *pb = b->c.pattern != NULL
                      ? pattern_compile(b->c.pattern, message, sizeof message, &offset)
                      : NULL;
    ov_result r = OV_UNKNOWN;
    if ((a->c.pattern == NULL || pa != NULL) && (b->c.pattern == NULL || pb != NULL)) {
        uint64_t lo = min_chars(a) > min_chars(b) ? min_chars(a) : min_chars(b);
        uint64_t hi = UINT64_MAX, bytes = UINT64_MAX, m;
        if (node_max_length(a, &m) && m < hi)
            hi = m;
        if (node_max_length(b, &m) && m < hi)
            hi = m;
        if (a->buf_size > 0 && a->buf_size - 1 < bytes)
            bytes = a->buf_size - 1;
        if (b->buf_size > 0 && b->buf_size - 1 < bytes)
            bytes = b->buf_size - 1;
        char *found = NULL;
        int got = lo > hi ? 0 : pattern_common_string(pa, pb, lo, hi, bytes, &found);
        /* the search's answer, confirmed by the checks @default uses */
        if (got == 1 && accepts_string(a, found) && accepts_string(b, found)) {
            sb_puts(w, found);
            r = OV_FOUND;
        } else if (got == 0) {
            r = OV_NONE;
        }
        free(found);
    }
    pattern_free(pa);
    pattern_free(pb);
    return r;
}

/* ---- any two nodes of one JSON type ------------------------------------- */

typedef enum { J_NONE, J_BOOLEAN, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT, J_ANY } json_kind;

static json_kind json_kind_of(const node *n)
{
    switch (n->kind) {
    case NODE_BOOL:
        return J_BOOLEAN;
    case NODE_INT:
    case NODE_NUMBER:
        return J_NUMBER;
    case NODE_STRING:
    case NODE_ENUM:
        return J_STRING;
    case NODE_ARRAY:
        return J_ARRAY;
    case NODE_STRUCT:
        return n->struct_type->untagged ? J_ANY : J_OBJECT;
    case NODE_ANY:
    case NODE_MAP:
        return J_ANY;
    }
    return J_ANY;
}

static void put_json_string(strbuf *w, const char *s)
{
    cJSON *v = cJSON_CreateString(s);
    char *text = v != NULL ? cJSON_PrintUnformatted(v) : NULL;
    sb_puts(w, text != NULL ? text : "\"\"");
    cJSON_free(text);
    cJSON_Delete(v);
}

/* Whether a value of b, as encode writes it, can be one a accepts; the
 * value, as JSON, in w. */
ov_result node_overlap(const node *a, const node *b, strbuf *w)
{
    json_kind ka = json_kind_of(a), kb = json_kind_of(b);
    if (ka == J_ANY || kb == J_ANY)
        return OV_UNKNOWN;
    if (ka != kb)
        return OV_NONE;
    switch (ka) {
    case J_BOOLEAN:
        for (int v = 1; v >= 0; v--) {
            cJSON *value = cJSON_CreateBool(v);
            char why[256];
            bool ok =
                node_accepts(a, value, why, sizeof why) && node_accepts(b, value, why, sizeof why);
            cJSON_Delete(value);
            if (ok) {
                sb_puts(w, v ? "true" : "false");
                return OV_FOUND;
            }
        }
        return OV_NONE;
    case J_NUMBER: {
        numset sa = numset_of(a, true), sb = numset_of(b, false);
        double d = 0;
        ov_result r = number_overlap(&sa, &sb, &d);
        if (r == OV_FOUND)
            sb_put_json_number(w, d);
        return r;
    }
    case J_STRING: {
        strbuf text;
        sb_init(&text);
        ov_result r = string_overlap(a, b, &text);
        if (r == OV_FOUND)
            put_json_string(w, text.data != NULL ? text.data : "");
        sb_free(&text);
        return r;
    }
    case J_ARRAY: {
        uint64_t lo_a = a->c.has_min_items ? a->c.min_items : 0,
                 lo_b = b->c.has_min_items ? b->c.min_items : 0;
        uint64_t hi_a, hi_b;
        if (!node_max_items(a, &hi_a))
            hi_a = UINT64_MAX;
        if (!node_max_items(b, &hi_b))
            hi_b = UINT64_MAX;
        uint64_t lo = lo_a > lo_b ? lo_a : lo_b, hi = hi_a < hi_b ? hi_a : hi_b;
        if (lo > hi)
            return OV_NONE;
        if (lo == 0) {
            sb_puts(w, "[]");
            return OV_FOUND;
        }
        strbuf item;
        sb_init(&item);
        ov_result r = node_overlap(a->items, b->items, &item);
        if (r == OV_FOUND && lo > 1 && (a->c.unique_items || b->c.unique_items))
            r = OV_UNKNOWN; /* the witness would repeat its item */
        if (r == OV_FOUND && lo <= 8) {
            sb_puts(w, "[");
            for (uint64_t i = 0; i < lo; i++)
                sb_printf(w, "%s%s", i ? "," : "", item.data);
            sb_puts(w, "]");
        } else if (r == OV_FOUND) {
            sb_printf(w, "[%s, ... (%llu items)]", item.data, (unsigned long long)lo);
        }
        sb_free(&item);
        return r;
    }
    case J_OBJECT:
        /* as array items (variants are told apart by their selecting
         * members, resolve.c): two struct types may share documents */
        return OV_UNKNOWN;
    case J_NONE:
    case J_ANY:
        break;
    }
    return OV_UNKNOWN;
}

bool variant_compared(const struct_def *v)
{
    variant_type t = untagged_variant_type(v);
    return v->nfields > 0 && !v->fields[0].stand_in && t != VARIANT_OBJECT && t != VARIANT_NULL;
}

bool variant_overlaps_earlier(const struct_def *s, size_t later)
{
    const struct_def *b = s->variants[later];
    bool any = false;
    for (size_t i = 0; i < later && !any && variant_compared(b); i++) {
        const struct_def *a = s->variants[i];
        if (!variant_compared(a) || untagged_variant_type(a) != untagged_variant_type(b))
            continue;
        strbuf w;
        sb_init(&w);
        any = node_overlap(a->fields[0].type, b->fields[0].type, &w) != OV_NONE;
        sb_free(&w);
    }
    return any;
}
