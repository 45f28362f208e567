/* schemac runtime: the public entry points of every generated type
 * (T_decode, T_decode_all, T_validate, T_validate_all, T_to_cjson_ex,
 * T_encode_ex), written once here; the generated ones are inline calls of
 * the generic functions of schemac/type.h with the type's descriptor
 * (schemac/table.h). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "schemac/schemac.h"
#include "reader_internal.h"
#include "support_internal.h"
#include "schemac/table.h"
#include "table_internal.h"

/* A verdict rc (a constraint, a type, a missing or unknown member) on a
 * malformed document gives way to the document's first syntax error: the
 * text is read again for its syntax alone. Returns the code that stands
 * and, when it is a syntax error, sets *err to it. Out of line: only
 * failures pay, the decode's own frame stays as it was. */
static SC_NOINLINE int syntax_first(const sc_reader *r, int rc, sc_error *err)
{
    sc_error found;
    int syntax = sc_reader_check_syntax(r, &found);
    if (syntax == 0)
        return rc;
    *err = found;
    return syntax;
}

int sc_decode(const sc_type *type, sc_arena *arena, const char *json, size_t len, void *out,
              sc_error *err)
{
    sc_reader r;
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (arena == NULL || out == NULL || (json == NULL && len > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "arena and out must not be NULL");
    sc_reader_init(&r, json, len, arena, err);
    int rc = sc_table_read_struct(&r, type, out);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    else if (sc_is_verdict(rc))
        rc = syntax_first(&r, rc, err);
    return rc;
}

int sc_decode_all(const sc_type *type, sc_arena *arena, const char *json, size_t len, void *out,
                  sc_errors *errs)
{
    sc_reader r;
    sc_error scratch;
    if (errs == NULL)
        return SC_ERR_ARGUMENT;
    if (arena == NULL || out == NULL || (json == NULL && len > 0)) {
        sc_errors_begin(errs, &scratch);
        sc_fail(&scratch, SC_ERR_ARGUMENT, NULL, "arena and out must not be NULL");
        return sc_errors_end(errs, &scratch);
    }
    sc_reader_init(&r, json, len, arena, &scratch);
    sc_reader_collect(&r, errs);
    return sc_reader_finish_all(&r, sc_table_read_struct(&r, type, out));
}

/* ---- the limits of a walk over a value built in C --------------------------- */

int sc_walk_fail(sc_error *err, int what, size_t n)
{
    const sc_walk *walk = err->walk;
    switch (what) {
    case SC_WALK_NO_WALK_DEPTH:
        return sc_fail(err, SC_ERR_DEPTH, NULL, "nesting deeper than %d", SC_MAX_DEPTH);
    case SC_WALK_DEPTH:
        return sc_fail(err, SC_ERR_DEPTH, NULL, "nesting deeper than %d (max_depth)",
                       walk->limits.max_depth);
    case SC_WALK_ITEMS:
        return sc_fail(err, SC_ERR_LIMIT, NULL, "array with more than %zu items (max_items)",
                       walk->limits.max_items);
    case SC_WALK_MEMBERS:
        return sc_fail(err, SC_ERR_LIMIT, NULL, "object with more than %zu members (max_members)",
                       walk->limits.max_members);
    case SC_WALK_STRING:
        return sc_fail(err, SC_ERR_LIMIT, NULL,
                       "string of %zu bytes, over the limit of %zu bytes (max_string)", n,
                       walk->limits.max_string);
    default:
        return sc_fail(err, SC_ERR_LIMIT, NULL,
                       "the value's JSON would be longer than the limit of %zu bytes (max_input)",
                       walk->limits.max_input);
    }
}

/* ---- T_validate, T_to_cjson_ex, T_encode_ex -------------------------------- */

int sc_validate(const sc_type *type, const void *value, const sc_limits *limits, sc_error *err)
{
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (value == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "no value given");
    sc_walk walk = {sc_limits_resolve(limits), 0};
    err->walk = &walk;
    int rc = sc_table_check(type, value, err, true, NULL, 0);
    err->walk = NULL;
    return rc;
}

int sc_validate_all(const sc_type *type, const void *value, const sc_limits *limits,
                    sc_errors *errs)
{
    sc_error scratch;
    if (errs == NULL)
        return SC_ERR_ARGUMENT;
    sc_errors_begin(errs, &scratch);
    if (value == NULL) {
        sc_fail(&scratch, SC_ERR_ARGUMENT, NULL, "no value given");
    } else {
        sc_walk walk = {sc_limits_resolve(limits), 0};
        scratch.walk = &walk;
        (void)sc_table_check(type, value, &scratch, true, NULL, 0);
        scratch.walk = NULL;
    }
    return sc_errors_end(errs, &scratch);
}

cJSON *sc_to_cjson(const sc_type *type, const void *value, const sc_limits *limits, sc_error *err)
{
    /* a value validate rejects may hold counts and pointers unsafe to
     * follow; one it accepts is within the limits, so the build is too */
    if (sc_validate(type, value, limits, err) != 0)
        return NULL;
    cJSON *tree = sc_table_build(type, value, 0);
    if (tree == NULL)
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return tree;
}

char *sc_encode(const sc_type *type, const void *value, const sc_limits *limits, sc_error *err)
{
    cJSON *tree = sc_to_cjson(type, value, limits, err);
    char *text = NULL;
    if (tree == NULL)
        return NULL;
    int rc = sc_print_json(tree, &text);
    cJSON_Delete(tree);
    if (rc != 0) {
        sc_fail(err, rc, NULL, "%s", sc_strerror(rc));
        return NULL;
    }
    /* what validate counted is a lower bound: the text written is held to
     * max_input exactly, so what an encode writes a decode under the same
     * limits reads */
    size_t len = strlen(text), max = sc_limits_resolve(limits).max_input;
    if (len > max) {
        sc_fail(err, SC_ERR_LIMIT, NULL,
                "the JSON is %zu bytes long, over the limit of %zu bytes (max_input)", len, max);
        sc_free_string(text);
        return NULL;
    }
    return text;
}
