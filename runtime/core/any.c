/* cJSON * members: any JSON value, kept as a tree that the arena owns. */
#include <stdint.h>
#include <string.h>

#include "schemac/schemac.h"

static void delete_tree(void *tree)
{
    cJSON_Delete(tree);
}

int sc_read_cjson(sc_reader *r, cJSON **out)
{
    *out = NULL;
    /* skip first: the value then has passed every strictness rule
     * (duplicate keys, U+0000, invalid UTF-8, inexact integers, depth)
     * before cJSON, which checks none of them, sees it */
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
    const char *start = r->p;
    size_t values = 0;
    int depth = r->depth;
    int rc = sc_skip_value_counted(r, &values);
    if (rc != 0) {
        r->depth = depth; /* where the caller is (all-errors mode's levels) */
        return rc;
    }
    /* cJSON mallocs outside the arena (its hooks are global): charge the
     * arena what the tree will take, a node per value plus its strings
     * and keys (no more bytes than the text), before it is built */
    size_t text = (size_t)(r->p - start);
    if (values > (SIZE_MAX - text) / sizeof(cJSON) ||
        sc_arena_charge(r->arena, values * sizeof(cJSON) + text) != 0)
    {
        sc_reader_fail(r, SC_ERR_LIMIT, NULL,
                       "the value needs more memory than the limit of %zu bytes (max_bytes)",
                       sc_arena_limits(r->arena).max_bytes);
        r->err->offset = (size_t)(start - r->begin);
        return SC_ERR_LIMIT;
    }
    cJSON *tree = cJSON_ParseWithLength(start, text);
    if (tree == NULL)
        return sc_reader_fail(r, SC_ERR_NOMEM, NULL, "out of memory");
    if (sc_arena_on_release(r->arena, delete_tree, tree) != 0)
        return sc_reader_out_of_memory(r); /* tree already deleted */
    *out = tree;
    return 0;
}

int sc_parse_json(sc_arena *arena, const char *json, size_t len, cJSON **out, sc_error *err)
{
    sc_error local;
    sc_reader r;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (out == NULL || arena == NULL || (json == NULL && len > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "arena and out must not be NULL");
    *out = NULL;
    sc_reader_init(&r, json, len, arena, err);
    int rc = sc_read_cjson(&r, out);
    if (rc == 0 && (rc = sc_reader_finish(&r)) != 0)
        *out = NULL; /* the tree stays with the arena */
    return rc;
}

int sc_check_cjson(const cJSON *item, sc_error *err)
{
    char *text;
    int rc = sc_print_json(item, &text);
    switch (rc) {
    case 0: break;
    case SC_ERR_NUMBER: return sc_fail(err, rc, "type", "must hold only finite numbers");
    case SC_ERR_UTF8: return sc_fail(err, rc, "type", "must hold only valid UTF-8 text");
    case SC_ERR_DEPTH: return sc_fail(err, rc, NULL, "nesting too deep");
    case SC_ERR_NOMEM: return sc_fail(err, rc, NULL, "out of memory");
    default: return sc_fail(err, rc, "type", "must be a JSON value");
    }
    /* the printed text must pass the same rules a decoded value did */
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    /* a value built in C: outside T_validate no document limits, the depth
     * of validate; inside, its limits, and the text counts towards
     * max_input */
    sc_limits limits = {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, SC_MAX_DEPTH};
    struct sc_walk *walk = err->walk;
    size_t len = strlen(text);
    if (walk != NULL) {
        limits = walk->limits;
        limits.max_bytes = SIZE_MAX;  /* the tree is the caller's, not in an arena */
        limits.max_input = SIZE_MAX;  /* counted in the walk's text below */
    }
    sc_arena_set_limits(&arena, &limits);
    sc_reader r;
    struct sc_errors *all = err->all;
    int level = err->level;
    sc_reader_init(&r, text, len, &arena, err);
    err->all = all; /* sc_reader_init cleared the bookkeeping of T_validate_all and of the walk */
    err->level = level;
    err->walk = walk;
    rc = sc_skip_value(&r);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    if (rc != 0)
        err->offset = 0;
    else if (walk != NULL && (walk->text > walk->limits.max_input || len > walk->limits.max_input - walk->text))
        rc = sc_fail(err, SC_ERR_LIMIT, NULL, "the value's JSON would be longer than the limit of %zu bytes (max_input)",
                     walk->limits.max_input);
    else if (walk != NULL)
        walk->text += len;
    sc_arena_release(&arena);
    sc_free_string(text);
    return rc;
}
