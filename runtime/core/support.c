/* schemac runtime: helpers for generated code. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "schemac/schemac.h"
#include "reader_internal.h"
#include "support_internal.h"
#include "schemac/table.h"

sc_next sc_find_member(sc_reader *r, const char *name)
{
    size_t name_len = strlen(name);
    sc_string key;
    sc_next more;
    if (sc_read_object_begin(r) != 0)
        return SC_NEXT_ERROR;
    while ((more = sc_next_member(r, &key)) == SC_NEXT_ITEM) {
        if (key.len == name_len && memcmp(key.ptr, name, name_len) == 0)
            return SC_NEXT_ITEM;
        if (sc_skip_value(r) != 0) {
            sc_error_push_key_n(r->err, key.ptr, key.len); /* where in the object it is */
            return SC_NEXT_ERROR;
        }
    }
    return more;
}

int sc_error_note(sc_error *err, const char *fmt, ...)
{
    if (err == NULL)
        return SC_ERR_ARGUMENT;
    size_t used = strlen(err->message);
    if (used + 4 < sizeof err->message) {
        /* " (" + note + ")", cut to fit and kept NUL-terminated */
        char *at = err->message + used;
        size_t room = sizeof err->message - used;
        va_list ap;
        memcpy(at, " (", 3);
        va_start(ap, fmt);
        vsnprintf(at + 2, room - 3, fmt, ap);
        va_end(ap);
        size_t end = used + 2 + strlen(at + 2);
        err->message[end] = ')';
        err->message[end + 1] = '\0';
    }
    return err->code;
}

static bool json_ws(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* Where the key just read starts (its opening quote), r being on its
 * value, or the reader's offset when r is elsewhere. Inside a key every '"'
 * is escaped, an odd number of backslashes before it; the opening quote
 * has none. */
static size_t key_offset(const sc_reader *r)
{
    const char *b = r->begin, *p = r->p;

    while (p > b && json_ws(p[-1]))
        p--;
    if (p == b || p[-1] != ':')
        return sc_reader_offset(r);
    p--;
    while (p > b && json_ws(p[-1]))
        p--;
    if (p == b || p[-1] != '"')
        return sc_reader_offset(r);
    for (p--; p > b;) {
        const char *q = --p;
        if (*q != '"')
            continue;
        while (q > b && q[-1] == '\\')
            q--;
        if ((p - q) % 2 == 0)
            return (size_t)(p - b);
    }
    return sc_reader_offset(r);
}

int sc_fail_duplicate_member(sc_reader *r, const char *name)
{
    /* at the repeated key, as the reader places the duplicates it finds */
    size_t at = key_offset(r);
    int rc = sc_reader_fail(r, SC_ERR_DUPLICATE_KEY, NULL, "duplicate key \"%s\"", name);
    if (r->err != NULL && !r->rejected)
        r->err->offset = at;
    return rc;
}

void *sc_reader_alloc(sc_reader *r, size_t size)
{
    void *p = sc_arena_alloc(r->arena, size);
    if (p == NULL)
        sc_reader_out_of_memory(r);
    return p;
}

void *sc_reader_grow(sc_reader *r, void *items, size_t *cap, size_t item_size)
{
    /* called when an array or object is full, right after the step through
     * it that found one more element or member */
    size_t limit = r->in_object ? r->max_members : r->max_items;
    size_t old_cap = *cap;
    size_t new_cap = old_cap == 0 ? 4 : old_cap * 2;
    if (old_cap >= limit) {
        if (r->in_object)
            sc_reader_fail(r, SC_ERR_LIMIT, NULL, "object with more than %zu members (max_members)",
                           limit);
        else
            sc_reader_fail(r, SC_ERR_LIMIT, NULL, "array with more than %zu items (max_items)",
                           limit);
        return NULL;
    }
    if (new_cap > limit || new_cap < old_cap)
        new_cap = limit;
    if (new_cap > SIZE_MAX / item_size) {
        sc_reader_fail(r, SC_ERR_NOMEM, NULL, "out of memory");
        return NULL;
    }
    void *grown = sc_arena_grow(r->arena, items, old_cap * item_size, new_cap * item_size);
    if (grown == NULL) {
        sc_reader_out_of_memory(r);
        return NULL;
    }
    *cap = new_cap;
    return grown;
}

void *sc_reader_empty(sc_reader *r)
{
    return sc_reader_alloc(r, 0);
}

int sc_skip_member(sc_reader *r, sc_skipped *skipped, const sc_string *key)
{
    if (skipped->count == skipped->cap) {
        char **keys = sc_reader_grow(r, skipped->keys, &skipped->cap, sizeof *keys);
        if (keys == NULL)
            return r->err->code;
        skipped->keys = keys;
    }
    /* keys never hold U+0000 (the reader rejects it), so a C string is exact */
    char *copy = sc_arena_strndup(r->arena, key->ptr, key->len);
    if (copy == NULL)
        return sc_reader_out_of_memory(r);
    skipped->keys[skipped->count++] = copy;
    int depth = r->depth;
    int rc = sc_skip_value(r);
    if (rc != 0) {
        sc_error_push_key_n(r->err, key->ptr,
                            key->len); /* the error's path inside the value, under its key */
        r->depth = depth;              /* where the caller is (all-errors mode's levels) */
    }
    return rc;
}

int sc_check_skipped(sc_reader *r, const sc_skipped *skipped)
{
    if (skipped->count < 2)
        return 0;
    size_t dup =
        sc_find_duplicate(skipped->keys, skipped->count, sizeof *skipped->keys, SC_UNIQUE_STRPTR);
    if (dup == skipped->count + 1)
        return sc_reader_fail(r, SC_ERR_NOMEM, NULL, "out of memory");
    if (dup < skipped->count)
        return sc_fail_duplicate_member(r, skipped->keys[dup]);
    return 0;
}

bool sc_cjson_add(cJSON *object, const char *const_key, cJSON *item)
{
    if (item == NULL)
        return false;
    if (!cJSON_AddItemToObjectCS(object, const_key, item)) {
        cJSON_Delete(item);
        return false;
    }
    return true;
}

bool sc_cjson_add_copy(cJSON *object, const char *key, cJSON *item)
{
    if (item == NULL)
        return false;
    if (key == NULL || !cJSON_AddItemToObject(object, key, item)) {
        cJSON_Delete(item);
        return false;
    }
    return true;
}

bool sc_cjson_append(cJSON *array, cJSON *item)
{
    if (item == NULL)
        return false;
    if (!cJSON_AddItemToArray(array, item)) {
        cJSON_Delete(item);
        return false;
    }
    return true;
}

/* node printed as text for a decode, or the reason it cannot be. */
static int print_for_decode(const cJSON *node, char **text, sc_error *err)
{
    if (node == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "no JSON value given");
    int rc = sc_print_json(node, text);
    switch (rc) {
    case 0:
        return 0;
    case SC_ERR_NUMBER:
        return sc_fail(err, rc, NULL, "numbers must be finite");
    case SC_ERR_UTF8:
        return sc_fail(err, rc, NULL, "strings must be valid UTF-8");
    case SC_ERR_DEPTH:
        return sc_fail(err, rc, NULL, "nesting too deep");
    case SC_ERR_NOMEM:
        return sc_fail(err, rc, NULL, "out of memory");
    default:
        return sc_fail(err, rc, NULL, "not a JSON value (raw or malformed cJSON item)");
    }
}

/* T_from_cjson: node printed and decoded as text, so a tree passes exactly
 * the checks text does. */
int sc_from_cjson(const sc_type *t, sc_arena *arena, const cJSON *node, void *out, sc_error *err)
{
    sc_error local;
    char *text;
    if (err == NULL)
        err = &local;
    int rc = print_for_decode(node, &text, err);
    if (rc != 0)
        return rc;
    rc = sc_decode(t, arena, text, strlen(text), out, err);
    if (rc != 0)
        err->offset = 0; /* offsets into our own printout would mislead */
    sc_free_string(text);
    return rc;
}

int sc_from_cjson_all(const sc_type *t, sc_arena *arena, const cJSON *node, void *out,
                      sc_errors *errs)
{
    sc_error scratch;
    char *text;
    if (errs == NULL)
        return SC_ERR_ARGUMENT;
    sc_errors_begin(errs, &scratch);
    if (print_for_decode(node, &text, &scratch) != 0)
        return sc_errors_end(errs, &scratch);
    int rc = sc_decode_all(t, arena, text, strlen(text), out, errs);
    for (size_t i = 0; i < errs->count; i++)
        errs->items[i].offset = 0; /* offsets into our own printout would mislead */
    sc_free_string(text);
    return rc;
}
