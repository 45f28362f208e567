/* Minimum document depth of each @schema / @tool type (check_depth.h). */
#include "check/check_depth.h"

#include <stdlib.h>

#include "schemac/schemac.h"
#include "util/strbuf.h"

/* Depths are counted as the reader counts them: each object and array is
 * one level. A required cycle (a struct that must contain itself) has no
 * finite document: UNBOUNDED. */
#define UNBOUNDED ((unsigned long)-1)

/* The structs' depths, worked out once each: the model's structs can
 * share members, and a chain of n structs must not cost 2^n. */
typedef struct depth_memo {
    const struct_def **structs;
    unsigned long *depth;
    unsigned char *state; /* 0 not started, 1 in progress, 2 done */
    size_t n, cap;
} depth_memo;

static unsigned long struct_depth(depth_memo *memo, const struct_def *s);

static unsigned long plus_one(unsigned long d)
{
    return d == UNBOUNDED ? UNBOUNDED : d + 1;
}

/* The least nesting a value of n can have. */
static unsigned long node_depth(depth_memo *memo, const node *n)
{
    switch (n->kind) {
    case NODE_STRUCT:
        return struct_depth(memo, n->struct_type);
    case NODE_ARRAY:
    case NODE_MAP:
        /* an empty array or object is one level; @minItems or
         * @minProperties 1 makes an item or value required */
        if (n->c.has_min_items && n->c.min_items > 0)
            return plus_one(node_depth(memo, n->kind == NODE_ARRAY ? n->items : n->map_value));
        return 1;
    default:
        return 0; /* scalars, strings, enums, and cJSON * (which may be null) */
    }
}

/* 1 for the object, plus the deepest of the members that must be there. */
static unsigned long fields_depth(depth_memo *memo, const struct_def *s)
{
    unsigned long deepest = 0;
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        if (f->presence != PRESENCE_REQUIRED || f->nullable)
            continue;
        unsigned long d = node_depth(memo, f->type);
        if (d > deepest)
            deepest = d;
    }
    return plus_one(deepest);
}

static unsigned long struct_depth(depth_memo *memo, const struct_def *s)
{
    size_t at = 0;
    while (at < memo->n && memo->structs[at] != s)
        at++;
    if (at == memo->n) {
        if (memo->n == memo->cap) {
            memo->cap = memo->cap ? memo->cap * 2 : 16;
            memo->structs = xrealloc(memo->structs, memo->cap * sizeof *memo->structs);
            memo->depth = xrealloc(memo->depth, memo->cap * sizeof *memo->depth);
            memo->state = xrealloc(memo->state, memo->cap * sizeof *memo->state);
        }
        memo->structs[at] = s;
        memo->state[at] = 0;
        memo->n++;
    }
    if (memo->state[at] == 2)
        return memo->depth[at];
    if (memo->state[at] == 1)
        return UNBOUNDED; /* back on a struct being worked out: a required cycle */
    memo->state[at] = 1;
    unsigned long d;
    if (s->untagged && s->nvariants > 0) {
        /* an untagged union is its variant's value, not an object around
         * it: its shallowest variant (null: 0) */
        d = UNBOUNDED;
        for (size_t v = 0; v < s->nvariants; v++) {
            unsigned long dv =
                s->variants[v]->nfields == 1 ? node_depth(memo, s->variants[v]->fields[0].type) : 0;
            if (dv < d)
                d = dv;
        }
    } else if (s->nvariants > 0) {
        /* a tagged union: its shallowest variant */
        d = UNBOUNDED;
        for (size_t v = 0; v < s->nvariants; v++) {
            unsigned long dv = fields_depth(memo, s->variants[v]);
            if (dv < d)
                d = dv;
        }
    } else {
        d = fields_depth(memo, s);
    }
    memo->depth[at] = d;
    memo->state[at] = 2;
    return d;
}

void check_document_depth(diag_state *diag, const model *m)
{
    depth_memo memo = {NULL, NULL, NULL, 0, 0};
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!s->opted_in)
            continue;
        unsigned long d = struct_depth(&memo, s);
        if (d == UNBOUNDED)
            diag_error(diag, s->where,
                       "'%s' must contain itself through required members, so no JSON document is "
                       "one: make a member on the cycle optional",
                       s->c_type);
        else if (d > (unsigned long)SC_MAX_DEPTH)
            diag_error(diag, s->where,
                       "every document of '%s' nests at least %lu levels deep, beyond the highest "
                       "depth limit a decoder can have (%d)",
                       s->c_type, d, SC_MAX_DEPTH);
        else if (d > (unsigned long)SC_DEFAULT_MAX_DEPTH)
            diag_warn(
                diag, W_DEPTH, s->where,
                "every document of '%s' nests at least %lu levels deep, beyond the "
                "default depth limit (%d): decoders reject them all unless sc_limits.max_depth is "
                "raised to %lu",
                s->c_type, d, SC_DEFAULT_MAX_DEPTH, d);
    }
    free(memo.structs);
    free(memo.depth);
    free(memo.state);
}
