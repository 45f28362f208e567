/* cJSON * members: any JSON value, kept as a tree that the arena owns. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reader_internal.h"
#include "schemac/schemac.h"
#include "support_internal.h"

static void delete_tree(void *tree)
{
    cJSON_Delete(tree);
}

/* ---- SC_PARSE_STANDARD: the last of a key's members wins ---------------- */

/* Objects up to this many members are searched pairwise for repeated keys;
 * larger ones are sorted. */
#define PAIRWISE_MAX 16

typedef struct member_ref {
    cJSON *item;
    size_t index; /* its place in the object, so that a sort keeps the order */
} member_ref;

static int member_cmp(const void *pa, const void *pb)
{
    const member_ref *a = pa, *b = pb;
    int c = strcmp(a->item->string, b->item->string);
    if (c != 0)
        return c;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* first takes last's value, keeping first's place: what JSON.parse makes of
 * {"a": 1, "b": 2, "a": 3}, {"a": 3, "b": 2}. */
static void keep_last(cJSON *object, cJSON *first, cJSON *last)
{
    cJSON_DetachItemViaPointer(object, last);
    cJSON_ReplaceItemViaPointer(object, first, last); /* deletes first */
}

/* Leaves one member of each key in object. *scratch (of *cap entries, from
 * malloc) is reused from object to object. Keys hold no U+0000 (the reader
 * refused it), so strcmp compares them whole. */
static int dedupe_members(cJSON *object, member_ref **scratch, size_t *cap)
{
    size_t n = 0;
    for (const cJSON *m = object->child; m != NULL; m = m->next)
        n++;
    if (n < 2)
        return 0;
    if (n <= PAIRWISE_MAX) {
        /* an earlier member of the same key is replaced as soon as a later
         * one is met, so there is at most one to find */
        cJSON *next;
        for (cJSON *m = object->child->next; m != NULL; m = next) {
            next = m->next;
            for (cJSON *e = object->child; e != m; e = e->next)
                if (strcmp(e->string, m->string) == 0) {
                    keep_last(object, e, m);
                    break;
                }
        }
        return 0;
    }
    if (n > *cap) {
        member_ref *grown = realloc(*scratch, n * sizeof *grown);
        if (grown == NULL)
            return SC_ERR_NOMEM;
        *scratch = grown;
        *cap = n;
    }
    member_ref *refs = *scratch;
    size_t i = 0;
    for (cJSON *m = object->child; m != NULL; m = m->next, i++)
        refs[i] = (member_ref){m, i};
    qsort(refs, n, sizeof *refs, member_cmp);
    for (size_t run = 0, end; run < n; run = end) {
        const char *key = refs[run].item->string;
        for (end = run + 1; end < n && strcmp(refs[end].item->string, key) == 0; end++)
            ;
        if (end - run < 2)
            continue;
        for (size_t k = run + 1; k + 1 < end; k++)
            cJSON_Delete(cJSON_DetachItemViaPointer(object, refs[k].item));
        keep_last(object, refs[run].item, refs[end - 1].item);
    }
    return 0;
}

/* Every object of tree deduplicated, without recursion: stack[i] is the
 * next member or element to visit at level i. The reader bounded the
 * depth by max_depth, at most SC_MAX_DEPTH. */
static int dedupe_tree(cJSON *tree)
{
    cJSON *stack[SC_MAX_DEPTH + 1];
    size_t depth = 0, cap = 0;
    member_ref *scratch = NULL;
    int rc = 0;

    if (cJSON_IsObject(tree))
        rc = dedupe_members(tree, &scratch, &cap);
    if (rc == 0 && (cJSON_IsObject(tree) || cJSON_IsArray(tree)))
        stack[depth++] = tree->child;
    while (rc == 0 && depth > 0) {
        cJSON *item = stack[depth - 1];
        if (item == NULL) {
            depth--;
            continue;
        }
        stack[depth - 1] = item->next;
        if ((cJSON_IsObject(item) || cJSON_IsArray(item)) && item->child != NULL) {
            if (depth == sizeof stack / sizeof stack[0])
                rc = SC_ERR_DEPTH; /* cannot happen after the reader's check */
            else if (!cJSON_IsObject(item) || (rc = dedupe_members(item, &scratch, &cap)) == 0)
                stack[depth++] = item->child;
        }
    }
    free(scratch);
    return rc;
}

/* sc_read_cjson, standard or not (SC_PARSE_STANDARD). */
static int read_tree(sc_reader *r, bool standard, cJSON **out)
{
    *out = NULL;
    /* skip first: the value then has passed every strictness rule
     * (duplicate keys, U+0000, invalid UTF-8, inexact integers, depth;
     * the first two not in standard mode) before cJSON, which checks none
     * of them, sees it */
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
    const char *start = r->p;
    size_t values = 0;
    int depth = r->depth;
    int rc = standard ? sc_skip_value_standard(r, &values) : sc_skip_value_counted(r, &values);
    if (rc != 0) {
        r->depth = depth; /* where the caller is (all-errors mode's levels) */
        return rc;
    }
    /* cJSON mallocs outside the arena (its hooks are global): charge the
     * arena what the tree will take, a node per value plus its strings
     * and keys (no more bytes than the text), before it is built */
    size_t text = (size_t)(r->p - start);
    if (values > (SIZE_MAX - text) / sizeof(cJSON) ||
        sc_arena_charge(r->arena, values * sizeof(cJSON) + text) != 0) {
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
    /* cJSON keeps every member of a repeated key (and finds the first) */
    if (standard && (rc = dedupe_tree(tree)) != 0)
        return sc_reader_fail(r, rc, NULL, "%s",
                              rc == SC_ERR_NOMEM ? "out of memory" : "nesting too deep");
    *out = tree;
    return 0;
}

int sc_read_cjson(sc_reader *r, cJSON **out)
{
    return read_tree(r, false, out);
}

int sc_parse_json(sc_arena *arena, const char *json, size_t len, cJSON **out, sc_error *err)
{
    return sc_parse_json_ex(arena, json, len, 0, out, err);
}

int sc_parse_json_ex(sc_arena *arena, const char *json, size_t len, unsigned flags, cJSON **out,
                     sc_error *err)
{
    sc_error local;
    sc_reader r;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (out == NULL || arena == NULL || (json == NULL && len > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "arena and out must not be NULL");
    *out = NULL;
    if ((flags & ~SC_PARSE_STANDARD) != 0)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "unknown flags 0x%x",
                       flags & ~SC_PARSE_STANDARD);
    sc_reader_init(&r, json, len, arena, err);
    int rc = read_tree(&r, (flags & SC_PARSE_STANDARD) != 0, out);
    if (rc == 0 && (rc = sc_reader_finish(&r)) != 0)
        *out = NULL; /* the tree stays with the arena */
    return rc;
}

int sc_check_cjson(const cJSON *item, sc_error *err)
{
    char *text;
    int rc = sc_print_json(item, &text);
    switch (rc) {
    case 0:
        break;
    case SC_ERR_NUMBER:
        return sc_fail(err, rc, "type", "must hold only finite numbers");
    case SC_ERR_UTF8:
        return sc_fail(err, rc, "type", "must hold only valid UTF-8 text");
    case SC_ERR_DEPTH:
        return sc_fail(err, rc, NULL, "nesting too deep");
    case SC_ERR_NOMEM:
        return sc_fail(err, rc, NULL, "out of memory");
    default:
        return sc_fail(err, rc, "type", "must be a JSON value");
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
        limits.max_bytes = SIZE_MAX; /* the tree is the caller's, not in an arena */
        limits.max_input = SIZE_MAX; /* counted in the walk's text below */
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
    else if (walk != NULL &&
             (walk->text > walk->limits.max_input || len > walk->limits.max_input - walk->text))
        rc = sc_fail(err, SC_ERR_LIMIT, NULL,
                     "the value's JSON would be longer than the limit of %zu bytes (max_input)",
                     walk->limits.max_input);
    else if (walk != NULL)
        walk->text += len;
    sc_arena_release(&arena);
    sc_free_string(text);
    return rc;
}
