/* schemac generator: model checks. */
#include "check/check.h"
#include "check/check_depth.h"
#include "check/check_names.h"
#include "check/check_overlap.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/dialect_names.h"
#include "model/value.h"
#include "parse/tags.h"
#include "pattern/pattern.h"
#include "schemac/check.h"
#include "util/strbuf.h"

static void check_value_list(diag_state *diag, const node *n, const cJSON *list, src_loc where,
                             const char *what, bool is_error)
{
    const cJSON *item;
    char why[256];
    cJSON_ArrayForEach(item, list)
    {
        /* check @enum entries against the type, not against @enum itself */
        node probe = *n;
        probe.c.enum_values = NULL;
        probe.c.const_value = NULL;
        if (!node_accepts(&probe, item, why, sizeof why)) {
            char *text = cJSON_PrintUnformatted(item);
            if (is_error)
                diag_error(diag, where, "%s value %s %s", what, text, why);
            else
                diag_warn(diag, W_EXAMPLES, where, "%s value %s %s", what, text, why);
            cJSON_free(text);
        }
    }
}

/* User bounds looser than the C type, which resolve_model dropped: the
 * type's bound applies. */
static void warn_type_bounds(diag_state *diag, const node *n, double lo, double hi)
{
    const constraints *c = &n->c;
    const number *lower[] = {&c->minimum, &c->exclusive_minimum};
    const number *upper[] = {&c->maximum, &c->exclusive_maximum};
    static const char *const lower_names[] = {"minimum", "exclusiveMinimum"};
    static const char *const upper_names[] = {"maximum", "exclusiveMaximum"};
    for (int i = 0; i < 2; i++) {
        if (lower[i]->beyond_type)
            diag_warn(diag, W_TYPE_RANGE, lower[i]->where,
                      "@%s %.17g is below the range of %s; the type's bound "
                      "%.17g applies",
                      lower_names[i], lower[i]->value, n->c_type, lo);
        if (upper[i]->beyond_type)
            diag_warn(diag, W_TYPE_RANGE, upper[i]->where,
                      "@%s %.17g is above the range of %s; the type's bound "
                      "%.17g applies",
                      upper_names[i], upper[i]->value, n->c_type, hi);
    }
}

static void check_range(diag_state *diag, const node *n)
{
    const constraints *c = &n->c;
    double lo = -INFINITY, hi = INFINITY;
    bool lo_strict = false, hi_strict = false;
    src_loc where = {NULL, 0, 0};
    if (c->minimum.set) {
        lo = c->minimum.value;
        where = c->minimum.where;
    }
    if (c->exclusive_minimum.set && c->exclusive_minimum.value >= lo) {
        lo = c->exclusive_minimum.value;
        lo_strict = true;
        where = c->exclusive_minimum.where;
    }
    if (c->maximum.set) {
        hi = c->maximum.value;
        if (where.file == NULL)
            where = c->maximum.where;
    }
    if (c->exclusive_maximum.set && c->exclusive_maximum.value <= hi) {
        hi = c->exclusive_maximum.value;
        hi_strict = true;
        if (where.file == NULL)
            where = c->exclusive_maximum.where;
    }
    /* which bound the C type set, to name it (@minimum 300 on a uint8_t) */
    const char *lo_from = "", *hi_from = "", *type = n->c_type != NULL ? n->c_type : "its C type";
    if (n->kind == NODE_INT) {
        /* on integers every bound is an inclusive integer one: exclusive
         * 128 is 127, and then the type's own range applies (on int8_t
         * @minimum 127 @exclusiveMaximum 128 leaves exactly 127) */
        double lo_tag = lo_strict ? floor(lo) + 1 : ceil(lo),
               hi_tag = hi_strict ? ceil(hi) - 1 : floor(hi);
        lo = fmax(lo_tag, (double)n->c_min);
        hi = fmin(hi_tag, (double)n->c_max);
        lo_from = lo_tag < (double)n->c_min ? ", the least value of " : "";
        hi_from = hi_tag > (double)n->c_max ? ", the largest value of " : "";
        lo_strict = hi_strict = false;
    }
    if (lo > hi || (lo == hi && (lo_strict || hi_strict)))
        diag_error(diag, where,
                   "no number satisfies these bounds (lower %.17g%s%s%s, upper %.17g%s%s%s)", lo,
                   lo_strict ? " exclusive" : "", lo_from, lo_from[0] ? type : "", hi,
                   hi_strict ? " exclusive" : "", hi_from, hi_from[0] ? type : "");
    if (c->multiple_of.set && !(c->multiple_of.value > 0))
        diag_error(diag, c->multiple_of.where, "@multipleOf must be greater than 0");
}

/* A count member narrower than 32 bits bounds the items (set_count in
 * parse_struct.c): an int8_t count holds 127 at most, so @minItems 200
 * leaves no array the decoder could store. */
/* A float member stores the nearest float to the number the document
 * held. The decoder checks the number itself, as a JSON Schema validator
 * does; validate checks the stored float. Both agree only for keywords
 * that rounding to float cannot break: inclusive bounds that are floats
 * themselves. */
static void check_float_keywords(diag_state *diag, const node *n)
{
    const constraints *c = &n->c;
    const number *bounds[] = {&c->minimum, &c->maximum};
    for (size_t i = 0; i < 2; i++) {
        if (bounds[i]->set && (double)(float)bounds[i]->value != bounds[i]->value) {
            char given[40], nearest[40];
            format_shortest_double(given, bounds[i]->value);
            format_shortest_double(nearest, (double)(float)bounds[i]->value);
            diag_error(diag, bounds[i]->where,
                       "@%s %s is not a float, so rounding could move a value across it: "
                       "use a bound that is a float (such as %s) or make the member a double",
                       i == 0 ? "minimum" : "maximum", given, nearest);
        }
    }
    const number *exact[] = {&c->exclusive_minimum, &c->exclusive_maximum, &c->multiple_of};
    static const char *const names[] = {"exclusiveMinimum", "exclusiveMaximum", "multipleOf"};
    for (size_t i = 0; i < 3; i++)
        if (exact[i]->set)
            diag_error(diag, exact[i]->where,
                       "@%s on a float: rounding to float can break it after the decoder "
                       "checked the number; make the member a double",
                       names[i]);
    if (c->enum_values != NULL)
        diag_error(diag, c->enum_where,
                   "@enum on a float: rounding to float can break it; make the member a double");
    if (c->const_value != NULL)
        diag_error(diag, c->const_where,
                   "@const on a float: rounding to float can break it; make the member a double");
}

/* The fewest bytes a text of the format can have, where its grammar fixes
 * them: RFC 3339 full-date (10), full-time (hh:mm:ss and an offset, "Z":
 * 9) and date-time (20), RFC 4122 uuid (36), a dotted quad (7). */
static size_t format_min_length(int format)
{
    switch (format) {
    case SC_FORMAT_DATE_TIME:
        return 20;
    case SC_FORMAT_DATE:
        return 10;
    case SC_FORMAT_TIME:
        return 9;
    case SC_FORMAT_UUID:
        return 36;
    case SC_FORMAT_IPV4:
        return 7;
    default:
        return 0;
    }
}

/* A format no text of the allowed lengths can have accepts nothing. */
static void check_format_length(diag_state *diag, const node *n)
{
    const constraints *c = &n->c;
    size_t need = c->format >= 0 ? format_min_length(c->format) : 0;
    if (need == 0)
        return;
    const char *name = sc_format_name((sc_format)c->format);
    if (n->buf_size > 0 && need > n->buf_size - 1)
        diag_error(diag, c->format_where,
                   "@format %s needs at least %zu characters, but the %zu-byte buffer "
                   "holds at most %zu: make it at least char[%zu]",
                   name, need, n->buf_size, n->buf_size - 1, need + 1);
    else if (c->has_max_length && need > c->max_length)
        diag_error(diag, c->format_where,
                   "@format %s needs at least %zu characters, more than @maxLength %llu", name,
                   need, (unsigned long long)c->max_length);
}

static bool ascii_string(const cJSON *value)
{
    if (!cJSON_IsString(value))
        return false;
    for (const unsigned char *p = (const unsigned char *)value->valuestring; *p != '\0'; p++)
        if (*p >= 0x80)
            return false;
    return true;
}

/* Whether every string member n takes is ASCII: its @enum or @const
 * values are, its format's are (every one but date-time, whose
 * separator may be any white space: runtime/core/format.c), or its
 * pattern shares no string of at most max characters with a non-ASCII
 * one. */
static bool only_ascii(const node *n, uint64_t max)
{
    const constraints *c = &n->c;
    const cJSON *values = c->enum_values, *value;
    bool ascii = values != NULL || c->const_value != NULL;
    cJSON_ArrayForEach(value, values) ascii = ascii && ascii_string(value);
    if (c->const_value != NULL)
        ascii = ascii && ascii_string(c->const_value);
    if (ascii || (c->format >= 0 && c->format != SC_FORMAT_DATE_TIME))
        return true;
    if (c->pattern == NULL)
        return false;
    char message[256];
    size_t offset;
    pattern *p = pattern_compile(c->pattern, message, sizeof message, &offset);
    pattern *wide = pattern_compile("[^\\x01-\\x7f]", message, sizeof message, &offset);
    ascii =
        p != NULL && wide != NULL && pattern_common_string(p, wide, 0, max, UINT64_MAX, NULL) == 0;
    pattern_free(p);
    pattern_free(wide);
    return ascii;
}

/* char buf[N] holds N - 1 bytes, and maxLength counts code points of up
 * to 4 bytes: above (N - 1) / 4 it lets the schema accept text the
 * decoder must refuse, unless the member takes ASCII only. Warned rather
 * than refused, since ASCII text is the usual content of a fixed buffer;
 * the message says how to make the two agree. */
static void check_buffer_bytes(diag_state *diag, const node *n, src_loc where)
{
    static const char *const wide_char[] = {NULL, NULL, "\xc3\xa9", "\xe2\x82\xac",
                                            "\xf0\x9f\x98\x80"};
    uint64_t max;
    size_t bytes = n->buf_size - 1;
    if (n->buf_size == 0 ||
        (n->c.has_max_length && n->c.max_length > bytes) /* an error already */ ||
        !node_max_length(n, &max) || max <= bytes / 4 || only_ascii(n, max))
        return;
    int width = 2;
    while ((uint64_t)(bytes / (size_t)width + 1) > max)
        width++; /* 4 * max > bytes: at most 4 */
    uint64_t count = bytes / (size_t)width + 1;
    char exact[96] = ""; /* a bound any text fits, when one is not 0 */
    if (bytes >= 4)
        snprintf(exact, sizeof exact, "@maxLength %zu (4 bytes a character at most), ", bytes / 4);
    diag_warn(
        diag, W_CHAR_BYTES, where,
        "char[%zu] holds %zu bytes, but maxLength %llu counts characters: %llu x \"%s\" (%llu bytes) is "
        "valid by the schema and refused by the decoder; give %sa @pattern of ASCII characters (^[ -~]*$), "
        "or char[%llu]",
        n->buf_size, bytes, (unsigned long long)max, (unsigned long long)count, wide_char[width],
        (unsigned long long)(count * (uint64_t)width), exact, (unsigned long long)(4 * max + 1));
}

/* " (MAX_TAGS)" when keyword id's value was written as a constant
 * expression, else "": the storage errors name what the user wrote. */
static const char *written_as(const constraints *c, keyword_id id, char *buf, size_t size)
{
    const char *text = (int)id < (int)CONSTANT_TEXTS ? c->constant_text[id] : NULL;
    snprintf(buf, size, text != NULL ? " (%s)" : "%s", text != NULL ? text : "");
    return buf;
}

/* A bound of an array's or map's size that its count member's type cannot
 * hold (an int8_t count and @maxItems 200). */
static void check_count_holds(diag_state *diag, const node *n, keyword_id min_id, keyword_id max_id)
{
    const constraints *c = &n->c;
    const struct {
        keyword_id id;
        bool set;
        uint64_t value;
    } bounds[] = {{min_id, c->has_min_items, c->min_items},
                  {max_id, c->has_max_items, c->max_items}};
    char as[256];
    for (size_t i = 0; i < 2; i++)
        if (n->count_max > 0 && bounds[i].set && bounds[i].value > n->count_max)
            diag_error(
                diag, c->items_where,
                "@%s %llu%s is more than the count member's type holds (%llu): give it a wider type, such "
                "as size_t",
                keywords[bounds[i].id].name, (unsigned long long)bounds[i].value,
                written_as(c, bounds[i].id, as, sizeof as), (unsigned long long)n->count_max);
}

static void check_node(diag_state *diag, const node *n, src_loc where)
{
    const constraints *c = &n->c;
    char as[256];
    switch (n->kind) {
    case NODE_INT:
        warn_type_bounds(diag, n, (double)n->c_min, (double)n->c_max);
        check_range(diag, n);
        break;
    case NODE_NUMBER:
        if (n->is_float) {
            warn_type_bounds(diag, n, -FLT_MAX, FLT_MAX);
            check_float_keywords(diag, n);
        }
        check_range(diag, n);
        break;
    case NODE_STRING:
        if (c->has_min_length && c->has_max_length && c->min_length > c->max_length)
            diag_error(diag, c->length_where, "@minLength %llu is greater than @maxLength %llu",
                       (unsigned long long)c->min_length, (unsigned long long)c->max_length);
        if (n->buf_size > 0 && c->has_min_length && c->min_length > n->buf_size - 1)
            diag_error(diag, c->length_where, "@minLength %llu cannot fit the %zu-byte buffer",
                       (unsigned long long)c->min_length, n->buf_size);
        /* a bound the storage cannot reach contradicts it (issue 22) */
        if (n->buf_size > 0 && c->has_max_length && c->max_length > n->buf_size - 1) {
            diag_error(diag, c->length_where,
                       "@maxLength %llu%s cannot fit the %zu-byte buffer, which holds at most "
                       "%zu characters",
                       (unsigned long long)c->max_length,
                       written_as(c, KW_MAX_LENGTH, as, sizeof as), n->buf_size, n->buf_size - 1);
            diag_note(diag, where, "the buffer is declared here");
        }
        check_format_length(diag, n);
        check_buffer_bytes(diag, n, where);
        break;
    case NODE_ARRAY:
        if (c->has_min_items && c->has_max_items && c->min_items > c->max_items)
            diag_error(diag, c->items_where, "@minItems %llu is greater than @maxItems %llu",
                       (unsigned long long)c->min_items, (unsigned long long)c->max_items);
        if (n->fixed_size > 0 && c->has_min_items && c->min_items > n->fixed_size)
            diag_error(diag, c->items_where, "@minItems %llu cannot fit the array of %zu",
                       (unsigned long long)c->min_items, n->fixed_size);
        if (n->fixed_size > 0 && c->has_max_items && c->max_items > n->fixed_size) {
            diag_error(diag, c->items_where, "@maxItems %llu%s cannot fit the array of %zu",
                       (unsigned long long)c->max_items, written_as(c, KW_MAX_ITEMS, as, sizeof as),
                       n->fixed_size);
            diag_note(diag, where, "the array is declared here");
        }
        check_count_holds(diag, n, KW_MIN_ITEMS, KW_MAX_ITEMS);
        if (c->unique_items && (n->items->kind == NODE_STRUCT || n->items->kind == NODE_ARRAY ||
                                n->items->kind == NODE_ANY || n->items->kind == NODE_MAP))
            diag_error(diag, c->unique_where,
                       "@uniqueItems is supported on arrays of strings, numbers, "
                       "booleans and enums");
        if (c->unique_items && n->items->kind == NODE_NUMBER && n->items->is_float)
            diag_error(diag, c->unique_where,
                       "@uniqueItems on float items would compare them after rounding "
                       "to float, unlike a JSON Schema validator: use double");
        if (n->items->kind == NODE_ARRAY)
            diag_error(diag, where,
                       "arrays of arrays are not supported: wrap the inner array in a struct");
        check_node(diag, n->items, where);
        break;
    case NODE_MAP:
        if (c->has_min_items && c->has_max_items && c->min_items > c->max_items)
            diag_error(diag, c->items_where,
                       "@minProperties %llu is greater than @maxProperties %llu",
                       (unsigned long long)c->min_items, (unsigned long long)c->max_items);
        check_count_holds(diag, n, KW_MIN_PROPERTIES, KW_MAX_PROPERTIES);
        check_node(diag, n->map_key, where);
        check_node(diag, n->map_value, where);
        break;
    case NODE_BOOL:
    case NODE_ENUM:
    case NODE_STRUCT:
    case NODE_ANY:
        break;
    }
    if (c->enum_values != NULL) {
        if (cJSON_GetArraySize(c->enum_values) == 0)
            diag_error(diag, c->enum_where, "@enum needs at least one value");
        check_value_list(diag, n, c->enum_values, c->enum_where, "@enum", true);
    }
    if (c->const_value != NULL) {
        char why[256];
        node probe = *n;
        probe.c.const_value = NULL;
        if (!node_accepts(&probe, c->const_value, why, sizeof why))
            diag_error(diag, c->const_where, "@const value %s", why);
    }
    if (c->examples != NULL && n->kind != NODE_STRUCT && n->kind != NODE_ARRAY &&
        n->kind != NODE_MAP)
        check_value_list(diag, n, c->examples, where, "@examples", false);
}

/* @optional on a member held by value: a missing member reads as the zero
 * value, so that value must be one the member accepts (validate and encode
 * see it like any other). Pointers read as NULL, sequences as empty. */
static void check_optional_zero(diag_state *diag, const field *f)
{
    const node *n = f->type;
    cJSON *zero = NULL;
    char why[256];
    switch (n->kind) {
    case NODE_STRUCT:
        diag_error(diag, f->where,
                   "'%s' is @optional but held by value, so a missing member cannot be told "
                   "from a present one: make it a pointer or add 'bool has_%s;'",
                   f->c_name, f->c_name);
        return;
    case NODE_BOOL:
        zero = cJSON_CreateFalse();
        break;
    case NODE_INT:
    case NODE_NUMBER:
        zero = cJSON_CreateNumber(0);
        break;
    case NODE_STRING:
        zero = cJSON_CreateString("");
        break; /* a char[N] */
    case NODE_ENUM:
        for (size_t i = 0; i < n->enum_type->nvalues && zero == NULL; i++)
            if (n->enum_type->values[i].value == 0)
                zero = cJSON_CreateString(n->enum_type->values[i].json_name);
        if (zero == NULL) {
            diag_error(
                diag, f->where,
                "'%s' is @optional and a missing member reads as 0, which is no value of %s: "
                "add 'bool has_%s;' or use @default",
                f->c_name, n->enum_type->c_type, f->c_name);
            return;
        }
        break;
    case NODE_ARRAY:
        if (n->c.has_min_items && n->c.min_items > 0) /* a T[N] */
            diag_error(diag, f->where,
                       "'%s' is @optional and a missing array reads as empty, which @minItems "
                       "rejects: add 'bool has_%s;'",
                       f->c_name, f->c_name);
        return;
    case NODE_MAP:
    case NODE_ANY:
        return; /* not held by value */
    }
    if (!node_accepts(n, zero, why, sizeof why)) {
        char *text = cJSON_PrintUnformatted(zero);
        diag_error(
            diag, f->where,
            "'%s' is @optional and a missing member reads as %s, which %s: add 'bool has_%s;' "
            "or use @default",
            f->c_name, text, why, f->c_name);
        cJSON_free(text);
    }
    cJSON_Delete(zero);
}

/* An untagged union: values of one JSON type are tried in the enum's
 * order, which agrees with anyOf whatever the order. Object variants are
 * not tried: when there are several, each needs a required member no other
 * one has (and none may accept unknown members), whose presence selects
 * it; only then can at most one of them accept an object. */
static void check_untagged(diag_state *diag, const struct_def *s)
{
    if (s->opted_in)
        diag_error(diag, s->where,
                   "an @untagged union is not an object, so it cannot be @schema or @tool: "
                   "use it as a member of a struct that is");
    size_t objects = 0, nulls = 0;
    for (size_t i = 0; i < s->nvariants; i++) {
        variant_type type = untagged_variant_type(s->variants[i]);
        objects += type == VARIANT_OBJECT;
        if (type == VARIANT_NULL && nulls++ > 0)
            diag_error(diag, s->variants[i]->variant_value->where,
                       "'%s' has no union member, like an earlier "
                       "value: both would be null; give one a member",
                       s->variants[i]->variant_value->c_name);
    }
    check_untagged_overlaps(diag, s);
    if (objects < 2)
        return;
    for (size_t i = 0; i < s->nvariants; i++) {
        const struct_def *v = s->variants[i];
        if (untagged_variant_type(v) != VARIANT_OBJECT)
            continue;
        const struct_def *obj = v->fields[0].type->struct_type;
        if (obj->nvariants > 0 || obj->additional_properties) {
            diag_error(diag, v->fields[0].where,
                       "'%s' is one of several object variants, so it must be a plain "
                       "struct that rejects unknown members (not a tagged union, not "
                       "@additionalProperties): only then can its members tell it apart",
                       v->fields[0].c_name);
            continue;
        }
        /* resolve_model chose a required member no other object variant has */
        if (v->select_member == NULL)
            diag_error(diag, v->fields[0].where,
                       "object variant '%s' cannot be told from the other object "
                       "variants: give it a required member that none of them has",
                       v->fields[0].c_name);
    }
}

/* @default of an array or a map: [] or {}, which is what a missing member
 * decodes to (no items, no entries); other items would need the decoder to
 * build them, and a count bound above 0 would refuse the default. */
static void check_empty_default(diag_state *diag, const field *f)
{
    const node *n = f->type;
    bool map = n->kind == NODE_MAP;
    const cJSON *d = f->default_value;
    if (map ? !cJSON_IsObject(d) : !cJSON_IsArray(d)) {
        diag_error(diag, f->default_where, "@default of %s must be %s", map ? "a map" : "an array",
                   map ? "{}" : "[]");
        return;
    }
    if (cJSON_GetArraySize(d) > 0) {
        diag_error(diag, f->default_where,
                   "@default of %s can only be empty (%s): a missing member decodes to no "
                   "%s, and other %s would have to be built by the decoder",
                   map ? "a map" : "an array", map ? "{}" : "[]", map ? "entries" : "items",
                   map ? "entries" : "items");
        return;
    }
    if (n->c.has_min_items && n->c.min_items > 0)
        diag_error(diag, f->default_where, "@default %s must have at least %llu %s",
                   map ? "{}" : "[]", (unsigned long long)n->c.min_items,
                   map ? (n->c.min_items == 1 ? "property" : "properties")
                       : (n->c.min_items == 1 ? "item" : "items"));
}

/* The variable of a URI template that starts at p (after '{'), up to '}':
 * its length, or 0 when it is empty or unterminated. */
static size_t template_variable(const char *p)
{
    size_t n = 0;
    while (p[n] != '\0' && p[n] != '}' && p[n] != '{')
        n++;
    return p[n] == '}' ? n : 0;
}

/* @prompt and @resource: MCP sends a prompt's arguments and a template's
 * variables as strings, so every member is a string or an enum (whose
 * values complete with no code); a template's {variables} are exactly
 * the struct's members. */
static void check_mcp_arguments(diag_state *diag, const struct_def *s)
{
    const char *what = s->prompt_name != NULL ? "prompt" : "resource template";
    if (s->prompt_name != NULL && s->prompt_name[0] == '\0')
        diag_error(diag, s->prompt_where, "@prompt needs the prompt's name: @prompt NAME");
    if (s->prompt_name != NULL && s->resource_uri != NULL)
        diag_error(diag, s->resource_where,
                   "@prompt and @resource on one struct: a struct is the arguments of one of "
                   "them; declare a second struct");
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        if (f->type->kind != NODE_STRING && f->type->kind != NODE_ENUM)
            diag_error(diag, f->where,
                       "'%s' is %s, but MCP sends every argument of a %s as a string: make it a "
                       "string (char *) or an enum",
                       f->c_name, node_kind_text(f->type->kind), what);
    }
    if (s->resource_uri == NULL)
        return;
    const char *uri = s->resource_uri;
    if (uri[0] == '\0') {
        diag_error(diag, s->resource_where,
                   "@resource needs the URI template: @resource \"file:///logs/{date}\"");
        return;
    }
    for (const char *p = strchr(uri, '{'); p != NULL; p = strchr(p + 1, '{')) {
        size_t n = template_variable(p + 1);
        bool known = false;
        for (size_t i = 0; n > 0 && i < s->nfields && !known; i++)
            known = strlen(s->fields[i].json_name) == n &&
                    strncmp(s->fields[i].json_name, p + 1, n) == 0;
        if (n == 0)
            diag_error(diag, s->resource_where,
                       "the URI template '%s' has a '{' without a variable name and '}' "
                       "after it",
                       uri);
        else if (!known)
            diag_error(diag, s->resource_where,
                       "the URI template's variable {%.*s} is no member of '%s'", (int)n, p + 1,
                       s->c_type);
        if (n == 0)
            return;
    }
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        char *var = xasprintf("{%s}", f->json_name);
        if (strstr(uri, var) == NULL)
            diag_error(
                diag, f->where,
                "'%s' is not a variable of the URI template '%s': a template's members are its "
                "variables, write {%s} in it",
                f->c_name, uri, f->json_name);
        free(var);
    }
}

static bool same_name_any_case(const char *a, const char *b)
{
    while (*a != '\0' && tolower((unsigned char)*a) == tolower((unsigned char)*b))
        a++, b++;
    return *a == '\0' && *b == '\0';
}

/* @header (MCP's x-mcp-header): a parameter of a @tool, of a type a
 * header can carry, each name once whatever its case (header names are
 * compared without it). */
static void check_headers(diag_state *diag, const struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        if (f->mcp_header == NULL)
            continue;
        node_kind kind = f->type->kind;
        if (s->tool_name == NULL)
            diag_error(diag, f->header_where,
                       "@header belongs to a parameter of a @tool struct: MCP mirrors a tool's "
                       "argument into an HTTP header");
        else if (kind != NODE_BOOL && kind != NODE_INT && kind != NODE_NUMBER &&
                 kind != NODE_STRING && kind != NODE_ENUM)
            diag_error(diag, f->header_where,
                       "'%s' is %s: @header takes a boolean, a number, a string or an enum, the "
                       "values MCP mirrors into a header",
                       f->c_name, node_kind_text(kind));
        for (size_t j = 0; j < i; j++)
            if (s->fields[j].mcp_header != NULL &&
                same_name_any_case(s->fields[j].mcp_header, f->mcp_header)) {
                diag_error(diag, f->header_where,
                           "header name '%s' is also given to '%s': header names are compared "
                           "without their case",
                           f->mcp_header, s->fields[j].c_name);
                diag_note(diag, s->fields[j].header_where, "'%s' is declared here",
                          s->fields[j].c_name);
            }
    }
}

static void check_struct(diag_state *diag, dialect_warnings *dialects, const model *m,
                         const struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        for (size_t j = 0; j < i; j++)
            if (strcmp(s->fields[j].json_name, f->json_name) == 0) {
                diag_error(diag, f->where,
                           "JSON name \"%s\" is already used by member '%s': a document could "
                           "not tell them apart; give one of them another @name",
                           f->json_name, s->fields[j].c_name);
                diag_note(diag, s->fields[j].where, "'%s' is declared here", s->fields[j].c_name);
            }
        check_node(diag, f->type, f->where);
        if (f->presence == PRESENCE_OPTIONAL && field_storage(f) == STORAGE_VALUE)
            check_optional_zero(diag, f);
        if (f->default_value != NULL) {
            char why[256];
            if (f->type->kind == NODE_ARRAY || f->type->kind == NODE_MAP)
                check_empty_default(diag, f);
            else if (f->type->kind == NODE_STRUCT || f->type->kind == NODE_ANY)
                diag_error(diag, f->default_where,
                           "@default is supported on booleans, numbers, strings and enums, "
                           "and as [] on an array or {} on a map");
            else if (!node_accepts(f->type, f->default_value, why, sizeof why)) {
                char *text = cJSON_PrintUnformatted(f->default_value);
                diag_error(diag, f->default_where, "@default %s %s", text, why);
                cJSON_free(text);
            }
        }
    }
    if (s->config_type != NULL && model_schema_struct(m, s->config_type) == NULL)
        diag_error(diag, s->tool_where,
                   "@config names '%s', which is no struct of this header tagged @schema: "
                   "tag it @schema so that its settings can be decoded and checked",
                   s->config_type);
    /* a tool whose @output is not a @schema struct would silently have
     * no outputSchema and no check of its handler's result */
    if (s->output_type != NULL && s->output_type[0] == '\0')
        diag_error(diag, s->output_where,
                   "@output needs the name of a struct tagged @schema: the type of the "
                   "tool's result");
    else if (s->output_type != NULL && model_schema_struct(m, s->output_type) == NULL)
        diag_warn(
            diag, W_UNTAGGED_OUTPUT, s->output_where,
            "@output names '%s', which is no struct of this header tagged @schema: tag it @schema so "
            "that the tool's outputSchema and the check of its result exist",
            s->output_type);
    if (s->output_type != NULL && s->tool_name == NULL)
        diag_error(diag, s->output_where,
                   "@output belongs to a @tool struct: it is the type of the tool's result");
    if (s->config_type != NULL && s->tool_name == NULL)
        diag_error(diag, s->where, "@config belongs to a @tool struct");
    if (s->task != 0 && s->tool_name == NULL)
        diag_error(diag, s->task_where,
                   "@task belongs to a @tool struct: it lets MCP run the tool's calls as tasks");
    if (s->scopes != NULL && s->tool_name == NULL && s->prompt_name == NULL &&
        s->resource_uri == NULL)
        diag_error(diag, s->scopes_where,
                   "@scopes belongs to a @tool, @prompt or @resource struct: the scopes a "
                   "caller's access token must hold for it");
    if (s->tool_name != NULL)
        dialect_check_tool(dialects, s);
    if (s->prompt_name != NULL || s->resource_uri != NULL)
        check_mcp_arguments(diag, s);
    if (s->untagged)
        check_untagged(diag, s);
    check_headers(diag, s);
}

/* Two structs under one @tool name would be two tools a model cannot tell
 * apart (and two entries of the tool table): an error at each of them. */
static void check_tool_names_unique(diag_state *diag, const model *m)
{
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        for (size_t j = 0; s->tool_name != NULL && j < m->nstructs; j++) {
            const struct_def *other = m->structs[j];
            if (j != i && other->tool_name != NULL && strcmp(other->tool_name, s->tool_name) == 0) {
                diag_error(diag, s->tool_where,
                           "tool name '%s' is also given to struct '%s' (%s:%u): tool names "
                           "must be unique",
                           s->tool_name, other->name,
                           other->tool_where.file != NULL ? other->tool_where.file : "?",
                           other->tool_where.line);
                break;
            }
        }
    }
}

/* Two values of one enum under one JSON name (X_A_B and X_A_b, or a
 * repeated @name) could not be told apart in a document. */
static void check_enum_names_unique(diag_state *diag, const enum_def *e)
{
    for (size_t i = 0; i < e->nvalues; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(e->values[i].json_name, e->values[j].json_name) == 0) {
                diag_error(diag, e->values[i].where,
                           "'%s' has the JSON name \"%s\" of '%s' already: give one of "
                           "them another @name",
                           e->values[i].c_name, e->values[i].json_name, e->values[j].c_name);
                break;
            }
}

/* Two enumerators of one value (COLOR_CRIMSON = COLOR_RED): a document's
 * "crimson" would decode to the value of "red" and encode back as "red",
 * and a tagged union's switch would have one case twice. */
static void check_enum_values_unique(diag_state *diag, const enum_def *e)
{
    for (size_t i = 0; i < e->nvalues; i++)
        for (size_t j = 0; j < i; j++)
            if (e->values[i].value == e->values[j].value) {
                diag_error(diag, e->values[i].where,
                           "'%s' has the value %lld of '%s', so \"%s\" would be encoded "
                           "back as \"%s\": give each enumerator its own value",
                           e->values[i].c_name, (long long)e->values[i].value, e->values[j].c_name,
                           e->values[i].json_name, e->values[j].json_name);
                break;
            }
}

void check_model(diag_state *diag, dialect_warnings *dialects, const model *m)
{
    for (size_t i = 0; i < m->nenums; i++) {
        check_enum_names_unique(diag, m->enums[i]);
        check_enum_values_unique(diag, m->enums[i]);
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        check_struct(diag, dialects, m, m->structs[i]);
        for (size_t v = 0; v < m->structs[i]->nvariants; v++)
            check_struct(diag, dialects, m, m->structs[i]->variants[v]);
    }
    check_tool_names_unique(diag, m);
    check_generated_names(diag, m);
    check_document_depth(diag, m);
}
