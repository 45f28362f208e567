/* Exact, compact JSON text from a cJSON tree.
 *
 * Why not cJSON_PrintUnformatted: it prints a double with 15 significant
 * digits whenever that reads back "close enough" (within DBL_EPSILON), so
 * 1.7976931348623157e308 comes out as 1.79769313486232e+308, which is
 * beyond DBL_MAX and reads back as infinity. Encoded documents must decode
 * to the value that was encoded, so numbers are printed in the shortest
 * form that reads back exactly, independent of the C locale. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "schemac/schemac.h"

/* cJSON refuses to parse deeper trees; nothing deeper is printed either. */
#define PRINT_MAX_DEPTH 1000

typedef struct out {
    char *data;
    size_t len, cap;
    bool failed;
} out;

static void put(out *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    if (n > o->cap - o->len) {
        size_t cap = o->cap ? o->cap : 256;
        while (n > cap - o->len) {
            if (cap > ((size_t)-1) / 2) {
                o->failed = true;
                return;
            }
            cap *= 2;
        }
        char *grown = realloc(o->data, cap);
        if (grown == NULL) {
            o->failed = true;
            return;
        }
        o->data = grown;
        o->cap = cap;
    }
    memcpy(o->data + o->len, s, n);
    o->len += n;
}

static int put_number(out *o, double v)
{
    char buf[SC_NUMBER_TEXT_SIZE];
    if (!isfinite(v))
        return SC_ERR_NUMBER;
    put(o, buf, sc_number_text(v, buf));
    return 0;
}

static int put_string(out *o, const char *s)
{
    size_t len = strlen(s);
    if (!sc_utf8_valid(s, len))
        return SC_ERR_UTF8;
    put(o, "\"", 1);
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(o, s + run, i - run);
        run = i + 1;
        char esc[8];
        switch (c) {
        case '"':
            put(o, "\\\"", 2);
            break;
        case '\\':
            put(o, "\\\\", 2);
            break;
        case '\n':
            put(o, "\\n", 2);
            break;
        case '\r':
            put(o, "\\r", 2);
            break;
        case '\t':
            put(o, "\\t", 2);
            break;
        case '\b':
            put(o, "\\b", 2);
            break;
        case '\f':
            put(o, "\\f", 2);
            break;
        default:
            snprintf(esc, sizeof esc, "\\u%04x", c);
            put(o, esc, 6);
        }
    }
    put(o, s + run, len - run);
    put(o, "\"", 1);
    return 0;
}

static int put_value(out *o, const cJSON *item, int depth)
{
    int rc = 0;
    if (depth > PRINT_MAX_DEPTH)
        return SC_ERR_DEPTH;
    switch (item->type & 0xFF) {
    case cJSON_NULL:
        put(o, "null", 4);
        break;
    case cJSON_False:
        put(o, "false", 5);
        break;
    case cJSON_True:
        put(o, "true", 4);
        break;
    case cJSON_Number:
        rc = put_number(o, item->valuedouble);
        break;
    case cJSON_String:
        rc = item->valuestring != NULL ? put_string(o, item->valuestring) : SC_ERR_ARGUMENT;
        break;
    case cJSON_Raw:
        return SC_ERR_ARGUMENT; /* unchecked text: never passed through */
    case cJSON_Array:
    case cJSON_Object: {
        bool object = (item->type & 0xFF) == cJSON_Object;
        put(o, object ? "{" : "[", 1);
        for (const cJSON *child = item->child; child != NULL && rc == 0; child = child->next) {
            if (child != item->child)
                put(o, ",", 1);
            if (object) {
                if (child->string == NULL)
                    return SC_ERR_ARGUMENT;
                if ((rc = put_string(o, child->string)) != 0)
                    break;
                put(o, ":", 1);
            }
            rc = put_value(o, child, depth + 1);
        }
        put(o, object ? "}" : "]", 1);
        break;
    }
    default:
        return SC_ERR_ARGUMENT;
    }
    return rc;
}

int sc_print_json(const cJSON *item, char **text)
{
    out o = {NULL, 0, 0, false};
    *text = NULL;
    if (item == NULL)
        return SC_ERR_ARGUMENT;
    int rc = put_value(&o, item, 0);
    put(&o, "", 1);
    if (rc == 0 && o.failed)
        rc = SC_ERR_NOMEM;
    if (rc != 0) {
        free(o.data);
        return rc;
    }
    *text = o.data;
    return 0;
}
