/* schemac generator: whether a node accepts a JSON value, as the decoder
 * will (libschemac's own UTF-8, format and multipleOf checks). */
#include "model/value.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pattern/pattern.h"
#include "schemac/check.h"
#include "util/strbuf.h"

static bool fail(char *why, size_t size, const char *fmt, const char *arg)
{
    snprintf(why, size, fmt, arg);
    return false;
}

static bool number_ok(const node *n, double v, char *why, size_t size)
{
    const constraints *c = &n->c;
    char text[64];
    if (n->kind == NODE_INT) {
        if (v != floor(v))
            return fail(why, size, "must be an integer%s", "");
        if (v < (double)n->c_min || v > (double)n->c_max) {
            snprintf(why, size, "must be between %lld and %lld", (long long)n->c_min,
                     (long long)n->c_max);
            return false;
        }
    } else if (n->is_float && (v < -FLT_MAX || v > FLT_MAX)) {
        return fail(why, size, "is out of the range of float%s", "");
    }
#define BOUND(field, op, words)                                                                    \
    if (c->field.set && !(v op c->field.value)) {                                                  \
        format_json_number(text, c->field.value);                                                  \
        return fail(why, size, words " %s", text);                                                 \
    }
    BOUND(minimum, >=, "must be >=")
    BOUND(maximum, <=, "must be <=")
    BOUND(exclusive_minimum, >, "must be >")
    BOUND(exclusive_maximum, <, "must be <")
#undef BOUND
    if (c->multiple_of.set && !sc_is_multiple_of(v, c->multiple_of.value)) {
        format_json_number(text, c->multiple_of.value);
        return fail(why, size, "must be a multiple of %s", text);
    }
    return true;
}

static bool string_ok(const node *n, const char *s, char *why, size_t size)
{
    const constraints *c = &n->c;
    size_t len = strlen(s);
    if (!sc_utf8_valid(s, len))
        return fail(why, size, "must be valid UTF-8%s", "");
    size_t chars = sc_utf8_count(s, len);
    if (n->buf_size > 0 && len > n->buf_size - 1) {
        snprintf(why, size, "must fit the buffer of %zu bytes", n->buf_size);
        return false;
    }
    if (c->has_min_length && chars < c->min_length) {
        snprintf(why, size, "must be at least %llu character%s long",
                 (unsigned long long)c->min_length, c->min_length == 1 ? "" : "s");
        return false;
    }
    if (c->has_max_length && chars > c->max_length) {
        snprintf(why, size, "must be at most %llu character%s long",
                 (unsigned long long)c->max_length, c->max_length == 1 ? "" : "s");
        return false;
    }
    if (c->format >= 0 && !sc_format_valid((sc_format)c->format, s, len))
        return fail(why, size, "must be a valid %s", sc_format_name((sc_format)c->format));
    if (c->pattern != NULL) {
        char message[128];
        size_t offset;
        pattern *p = pattern_compile(c->pattern, message, sizeof message, &offset);
        bool matched = p != NULL && pattern_match(p, s, len);
        pattern_free(p);
        if (!matched)
            return fail(why, size, "must match the pattern %s", c->pattern);
    }
    return true;
}

bool node_accepts(const node *n, const cJSON *value, char *why, size_t why_size)
{
    const constraints *c = &n->c;
    switch (n->kind) {
    case NODE_BOOL:
        if (!cJSON_IsBool(value))
            return fail(why, why_size, "must be a boolean%s", "");
        break;
    case NODE_INT:
    case NODE_NUMBER:
        if (!cJSON_IsNumber(value))
            return fail(why, why_size, "must be a number%s", "");
        if (!number_ok(n, value->valuedouble, why, why_size))
            return false;
        break;
    case NODE_STRING:
        if (!cJSON_IsString(value))
            return fail(why, why_size, "must be a string%s", "");
        if (!string_ok(n, value->valuestring, why, why_size))
            return false;
        break;
    case NODE_ENUM: {
        if (!cJSON_IsString(value))
            return fail(why, why_size, "must be a string%s", "");
        bool found = false;
        for (size_t i = 0; i < n->enum_type->nvalues; i++)
            if (strcmp(n->enum_type->values[i].json_name, value->valuestring) == 0)
                found = true;
        if (!found)
            return fail(why, why_size, "is not a value of %s", n->enum_type->c_type);
        break;
    }
    case NODE_STRUCT:
    case NODE_ARRAY:
    case NODE_ANY:
    case NODE_MAP:
        return fail(why, why_size, "cannot be given in an annotation%s", "");
    }
    if (c->enum_values != NULL) {
        bool found = false;
        const cJSON *item;
        cJSON_ArrayForEach(item, c->enum_values) if (cJSON_Compare(item, value, 1)) found = true;
        if (!found)
            return fail(why, why_size, "is not one of the @enum values%s", "");
    }
    if (c->const_value != NULL && !cJSON_Compare(c->const_value, value, 1))
        return fail(why, why_size, "is not the @const value%s", "");
    return true;
}
