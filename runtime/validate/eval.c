/* libschemac-validate: the evaluator. One loop runs a node's instructions
 * against a value; it knows no schema, only the compiled form. All its
 * state is in a context on the caller's stack (and bit sets it frees), so
 * validations share an sc_schema across threads.
 *
 * Evaluated properties and items (what unevaluated* needs) are tracked
 * only below a node that has unevaluated*: such a node starts its own bit
 * sets over the value's members or items, every in-place applicator under
 * it marks what it evaluated, and a branch's marks count only when the
 * branch passes (anyOf, oneOf, if get a set of their own, merged on
 * success; not drops its marks). Everywhere else nothing is tracked. */
#include "validate_internal.h"
#include "formats.h"

#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pattern/pattern.h"
#include "schemac/json.h"

/* What evaluated members or items a node marks: one byte each (NULL: not
 * tracked). */
typedef struct marks {
    unsigned char *props;
    unsigned char *items;
} marks;

typedef struct segment {
    const char *key; /* NULL: an index */
    size_t index;
} segment;

/* A $ref followed: from which instruction, to which node, on which value
 * (a reference back to the same node and value without reading anything
 * in between never ends). */
typedef struct frame {
    const sv_instr *via;
    size_t base; /* length of the target's path: its keywords' locations go on from there */
    uint32_t target;
    const cJSON *value;
} frame;

/* The stacks start in the context, on the caller's stack, and move to the
 * heap only when a value or a chain of references is deeper than this:
 * most validations then allocate nothing (a malloc of the limits' full
 * depth, 4,000 frames, was most of a small document's cost). */
enum { STACK_WHERE = 32, STACK_FRAMES = 32, STACK_SCOPE = 32 };

/* A fused "required" (its b: compile.c, fuse_required) leaves the lookups
 * of an object's first members in the properties' table here, for the
 * "properties" of the same node that runs after it on the same object. */
enum { HITS = 32 };

typedef struct ctx {
    const sc_schema *s;
    sc_schema_errors *errs;
    int mute; /* inside a branch whose own errors are not reported */
    int first_code;
    int abort_code;
    size_t work;
    int depth;      /* nested nodes */
    segment *where; /* the instance location */
    size_t nwhere, capwhere;
    frame *frames;
    size_t nframes, capframes;
    uint32_t *scope; /* the dynamic scope: resources entered, outermost first */
    size_t nscope, capscope;
    const cJSON *hits_obj;   /* the object hits[0..nhits) are of, or NULL */
    const sv_instr *hits_in; /* the PROPERTIES instruction they are for */
    size_t nhits;
    /* from here on, left uninitialised: only what was written is read */
    const sv_name *hits[HITS];
    segment where0[STACK_WHERE];
    frame frames0[STACK_FRAMES];
    uint32_t scope0[STACK_SCOPE];
} ctx;

enum { INVALID = 0, VALID = 1, ABORT = -1 };

static int eval(ctx *x, uint32_t node, const cJSON *v, marks *m);

/* ---- errors ---------------------------------------------------------------- */

/* Whether a failure should stop the node: always, unless errors are being
 * collected (and there is room for more). */
static bool stop_at_failure(const ctx *x)
{
    return x->mute > 0 || x->errs == NULL || x->errs->max <= 1 || x->errs->truncated;
}

static size_t append(char *buf, size_t at, size_t size, const char *s, size_t n)
{
    if (at + 1 >= size)
        return at;
    if (n > size - 1 - at)
        n = size - 1 - at;
    memcpy(buf + at, s, n);
    buf[at + n] = '\0';
    return at + n;
}

/* As the decoders' sc_error paths are cut (runtime/core/error.c): when the
 * pointer does not fit, whole segments are dropped from the deep end, so
 * that it still names an ancestor of the value, not a cut-off name. */
static void instance_location(const ctx *x, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < x->nwhere; i++) {
        char seg[SC_ERROR_PATH_MAX + 2]; /* one byte more than fits: "too long" */
        size_t n = append(seg, 0, sizeof seg, "/", 1);
        if (x->where[i].key == NULL) {
            char num[24];
            int k = snprintf(num, sizeof num, "%zu", x->where[i].index);
            n = append(seg, n, sizeof seg, num, (size_t)k);
        } else {
            for (const char *k = x->where[i].key; *k; k++)
                n = *k == '~'   ? append(seg, n, sizeof seg, "~0", 2)
                    : *k == '/' ? append(seg, n, sizeof seg, "~1", 2)
                                : append(seg, n, sizeof seg, k, 1);
        }
        if (n > size - 1 - at)
            return;
        at = append(buf, at, size, seg, n);
    }
}

/* The evaluation path: each $ref's location from the node the previous one
 * led to, then the keyword's. */
static void keyword_location(const ctx *x, const char *loc, char *buf, size_t size)
{
    size_t at = 0, base = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < x->nframes; i++) {
        const char *via = x->frames[i].via->loc;
        at = append(buf, at, size, via + base, strlen(via) - base);
        base = x->frames[i].base;
    }
    size_t n = strlen(loc);
    at = append(buf, at, size, loc + (base <= n ? base : n), base <= n ? n - base : 0);
}

static int record(ctx *x, const sv_instr *in, const char *loc, int code, const char *keyword,
                  const char *fmt, va_list ap)
{
    sc_schema_errors *e = x->errs;
    if (e->count >= e->max) {
        e->truncated = true;
        return INVALID;
    }
    sc_schema_error *err = &e->items[e->count++];
    err->code = code;
    err->keyword = keyword;
    instance_location(x, err->instance_location, sizeof err->instance_location);
    if (in != NULL)
        keyword_location(x, loc, err->keyword_location, sizeof err->keyword_location);
    else
        err->keyword_location[0] = '\0'; /* a limit: no keyword */
    if (in != NULL)
        snprintf(err->absolute_location, sizeof err->absolute_location, "%s#%s", in->doc_uri, loc);
    else
        err->absolute_location[0] = '\0'; /* a limit: no keyword */
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    return INVALID;
}

/* A failed instruction (or node, for false): recorded unless muted.
 * Returns INVALID. */
static int fail(ctx *x, const sv_instr *in, const char *loc, int code, const char *fmt, ...)
    SC_PRINTF(5, 6);
static int fail(ctx *x, const sv_instr *in, const char *loc, int code, const char *fmt, ...)
{
    if (x->mute > 0)
        return INVALID;
    if (x->first_code == 0)
        x->first_code = code;
    if (x->errs == NULL)
        return INVALID;
    va_list ap;
    va_start(ap, fmt);
    record(x, in, loc ? loc : in->loc, code, in->keyword, fmt, ap);
    va_end(ap);
    return INVALID;
}

/* A limit ends the whole validation, muted or not. */
static int abort_with(ctx *x, int code, const char *fmt, ...) SC_PRINTF(3, 4);
static int abort_with(ctx *x, int code, const char *fmt, ...)
{
    x->abort_code = code;
    if (x->errs != NULL) {
        va_list ap;
        va_start(ap, fmt);
        if (x->errs->count >= x->errs->max)
            x->errs->count = x->errs->max - 1; /* the limit is the last word */
        x->errs->truncated = false;
        record(x, NULL, "", code, NULL, fmt, ap);
        va_end(ap);
    }
    return ABORT;
}

static int charge(ctx *x, size_t work)
{
    x->work += work;
    if (x->work > x->s->max_work)
        return abort_with(x, SC_ERR_LIMIT, "the validation took more than %zu steps (max_work)",
                          x->s->max_work);
    return VALID;
}

/* After a comparison: its work counted, and the validation stopped if it
 * went past max_work. */
static int spent(ctx *x, const sv_budget *w)
{
    x->work = w->used;
    if (w->over)
        return abort_with(x, SC_ERR_LIMIT, "the validation took more than %zu steps (max_work)",
                          x->s->max_work);
    return VALID;
}

static int oom(ctx *x)
{
    return abort_with(x, SC_ERR_NOMEM, "out of memory");
}

/* Doubles one of the context's stacks (*items, of *cap elements of size
 * elem, the first ones in the context itself). */
static bool grow_stack(void **items, size_t *cap, size_t elem, const void *inline_items)
{
    size_t cap2 = 2 * *cap;
    void *p = *items == inline_items ? malloc(cap2 * elem) : realloc(*items, cap2 * elem);
    if (p == NULL)
        return false;
    if (*items == inline_items)
        memcpy(p, *items, *cap * elem);
    *items = p;
    *cap = cap2;
    return true;
}

/* ---- values ------------------------------------------------------------------ */

static int kind(const cJSON *v)
{
    return v->type & 0xFF;
}

static size_t count_children(const cJSON *v)
{
    size_t n = 0;
    for (const cJSON *c = v->child; c != NULL; c = c->next)
        n++;
    return n;
}

/* A finite double with no fraction; without floor (a call): a magnitude
 * of 2^53 or more is always an integer, a smaller one converts exactly. */
static inline bool is_integer(const cJSON *v)
{
    double d = v->valuedouble;
    if (!(fabs(d) < 9007199254740992.0))
        return isfinite(d);
    return d == (double)(int64_t)d;
}

/* The SV_T_ bit of each cJSON kind (a number: SV_T_NUMBER; integer
 * apart). */
static const unsigned char kind_bits[256] = {
    [cJSON_NULL] = SV_T_NULL,     [cJSON_False] = SV_T_BOOLEAN, [cJSON_True] = SV_T_BOOLEAN,
    [cJSON_Object] = SV_T_OBJECT, [cJSON_Array] = SV_T_ARRAY,   [cJSON_String] = SV_T_STRING,
    [cJSON_Number] = SV_T_NUMBER,
};

/* Whether v is one of types (SV_T_ bits): the integer test only when it
 * decides. */
SV_INLINE bool has_type(unsigned types, const cJSON *v)
{
    unsigned b = kind_bits[kind(v)];
    if ((types & b) != 0)
        return true;
    return b == SV_T_NUMBER && (types & SV_T_INTEGER) != 0 && is_integer(v);
}

/* Whether node passes v by its shape (sv_node.skip), without running it. */
SV_INLINE bool skips(const sv_node *n, const cJSON *v)
{
    unsigned b = kind_bits[kind(v)];
    return (n->skip & b) != 0 ||
           (b == SV_T_NUMBER && (n->skip & SV_T_INTEGER) != 0 && is_integer(v));
}

/* The name key in a table by sv_hash_name (names sharing first bytes). */
SV_INLINE const sv_name *find_name_slow(const sc_schema *s, const sv_instr *in, const char *key)
{
    size_t len = strlen(key);
    uint32_t h = sv_hash_name(key, len);
    const uint32_t *slots = s->slots + in->table;
    /* at least half the slots are empty: the probe ends */
    for (uint32_t i = h & in->mask;; i = (i + 1) & in->mask) {
        uint32_t k = slots[i];
        if (k == 0)
            return NULL;
        const sv_name *n = &s->names[in->first + k - 1];
        if (n->hash == h && n->len == len && sv_same_name(n->name, key, len))
            return n;
    }
}

/* The name key in the hash table of in's names (properties, required),
 * or NULL: by the key's first bytes, no strlen (most tables). */
SV_INLINE const sv_name *find_name(const sc_schema *s, const sv_instr *in, const char *key)
{
    if (in->count == 0)
        return NULL;
    if (in->slow_hash)
        return find_name_slow(s, in, key);
    uint32_t h = sv_quick_hash(key);
    const uint32_t *slots = s->slots + in->table;
    for (uint32_t i = h & in->mask;; i = (i + 1) & in->mask) {
        uint32_t k = slots[i];
        if (k == 0)
            return NULL;
        const sv_name *n = &s->names[in->first + k - 1];
        if (n->hash == h && strcmp(n->name, key) == 0)
            return n;
    }
}

static const cJSON *member(const cJSON *obj, const char *name)
{
    for (const cJSON *m = obj->child; m != NULL; m = m->next)
        if (strcmp(m->string, name) == 0)
            return m;
    return NULL;
}

/* ---- applying subschemas ------------------------------------------------------ */

SV_NOINLINE static int eval_leaf(ctx *x, const sv_node *node, const cJSON *v);
SV_NOINLINE static int eval_props(ctx *x, const sv_node *node, const cJSON *v);

/* node n (id) on v, no marks: eval, or eval_props when it can */
SV_INLINE int eval_unmarked(ctx *x, uint32_t id, const sv_node *n, const cJSON *v)
{
    return n->props_only && kind(v) == cJSON_Object ? eval_props(x, n, v) : eval(x, id, v, NULL);
}

/* A child value (member or item) against node, tracked apart. */
static inline int eval_child(ctx *x, uint32_t node, const cJSON *child, const char *key,
                             size_t index)
{
    const sc_schema *s = x->s;
    /* A node whose type the child passes and whose other instructions do
     * nothing to it (a {"type": T} leaf), decided here without entering
     * it: the same verdict, work and limits as eval, without its call
     * (most members and items of real documents end in one). */
    const sv_node *n = &s->nodes[node];
    if (skips(n, child) && x->nwhere < (size_t)s->max_depth && x->depth < s->max_eval_depth &&
        x->work + n->count <= s->max_work) {
        x->work += n->count;
        return VALID;
    }
    if (x->nwhere >= (size_t)s->max_depth)
        return abort_with(x, SC_ERR_DEPTH,
                          "the value is nested more than %d levels deep (max_depth)", s->max_depth);
    /* nothing reported: no instance location to keep for a leaf */
    if (n->leaf && x->errs == NULL)
        return eval_leaf(x, n, child);
    if (x->nwhere == x->capwhere &&
        !grow_stack((void **)&x->where, &x->capwhere, sizeof *x->where, x->where0))
        return oom(x);
    x->where[x->nwhere++] = (segment){key, index};
    int r = eval_unmarked(x, node, n, child);
    x->nwhere--;
    return r;
}

/* A branch whose errors are not reported (anyOf, oneOf, not, if,
 * contains, propertyNames): evaluated muted, its marks into fresh sets
 * when the caller tracks (merged by the caller on success). */
typedef struct branch {
    marks m;
    size_t nprops, nitems;
} branch;

static bool branch_open(branch *b, const marks *outer, const cJSON *v)
{
    memset(b, 0, sizeof *b);
    if (outer == NULL)
        return true;
    size_t n = kind(v) == cJSON_Object || kind(v) == cJSON_Array ? count_children(v) : 0;
    if (outer->props != NULL && (b->m.props = calloc(n + 1, 1)) == NULL)
        return false;
    if (outer->items != NULL && (b->m.items = calloc(n + 1, 1)) == NULL) {
        free(b->m.props);
        return false;
    }
    b->nprops = outer->props ? n : 0;
    b->nitems = outer->items ? n : 0;
    return true;
}

static void branch_merge(const branch *b, marks *outer)
{
    for (size_t i = 0; i < b->nprops; i++)
        outer->props[i] |= b->m.props[i];
    for (size_t i = 0; i < b->nitems; i++)
        outer->items[i] |= b->m.items[i];
}

static void branch_close(branch *b)
{
    free(b->m.props);
    free(b->m.items);
}

/* Whether node's discriminator rejects v (an object): 1 when v has the
 * member and its value fails the member's subschema, or lacks it and it
 * is required, so that the node fails; 0 when the node must run; ABORT.
 * Muted: a branch's. Only the first members are looked at, so that a
 * miss costs little. */
SV_NOINLINE static int disc_rejects(ctx *x, const sv_node *n, const cJSON *v)
{
    const char *name = n->disc_name;
    int k = 0;
    const cJSON *c = v->child;
    for (; c != NULL && k < 16; c = c->next, k++) {
        if (c->string[0] != name[0] || strcmp(c->string, name) != 0)
            continue;
        if (n->disc == SV_NONE)
            return 0;
        x->mute++;
        int r = eval(x, n->disc, c, NULL);
        x->mute--;
        return r == ABORT ? ABORT : r == INVALID;
    }
    return c == NULL && n->disc_required; /* every member seen: it is missing */
}

/* node on v in a branch: *ok its verdict; the marks merged when it passes
 * and merge is set. */
SV_INLINE int eval_branch(ctx *x, uint32_t node, const cJSON *v, marks *m, bool merge, bool *ok)
{
    const sv_node *n = &x->s->nodes[node];
    /* decided by its shape or its leading type (a oneOf of types): as eval
     * would (the same steps charged, nothing marked, nothing reported in a
     * branch) */
    if ((n->decided & kind_bits[kind(v)]) != 0 && x->depth < x->s->max_eval_depth) {
        *ok = (n->skip & kind_bits[kind(v)]) != 0;
        return charge(x, n->count) == ABORT ? ABORT : VALID;
    }
    if (n->disc_name != NULL && kind(v) == cJSON_Object && x->nwhere < (size_t)x->s->max_depth &&
        x->depth < x->s->max_eval_depth) {
        int r = disc_rejects(x, n, v);
        if (r == ABORT)
            return ABORT;
        if (r == 1) {
            *ok = false; /* a failing branch: no marks */
            return VALID;
        }
    }
    if (!merge || m == NULL || (m->props == NULL && m->items == NULL) || n->leaf) {
        /* nothing tracked, or nothing a leaf marks: no sets to open (the
         * usual case) */
        x->mute++;
        int r = n->leaf ? eval_leaf(x, n, v) : eval_unmarked(x, node, n, v);
        x->mute--;
        *ok = r == VALID;
        return r == ABORT ? ABORT : VALID;
    }
    branch b;
    if (!branch_open(&b, merge ? m : NULL, v))
        return oom(x);
    x->mute++;
    int r = eval(x, node, v, merge && m ? &b.m : NULL);
    x->mute--;
    if (r == VALID && merge && m)
        branch_merge(&b, m);
    branch_close(&b);
    *ok = r == VALID;
    return r == ABORT ? ABORT : VALID;
}

SV_NOINLINE static int op_any_of(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    bool any = false;
    for (uint32_t i = 0; i < in->count; i++) {
        bool ok = false;
        if (eval_branch(x, x->s->lists[in->first + i], v, m, true, &ok) == ABORT)
            return ABORT;
        any |= ok;
        if (any && m->props == NULL && m->items == NULL)
            break; /* nobody needs the other branches' marks */
    }
    return any ? VALID
               : fail(x, in, NULL, SC_ERR_CONSTRAINT,
                      "must match at least one of the anyOf schemas");
}

SV_NOINLINE static int op_one_of(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    uint32_t passed = 0, first = 0, second = 0;
    for (uint32_t i = 0; i < in->count && passed < 2; i++) {
        bool ok = false;
        if (eval_branch(x, x->s->lists[in->first + i], v, m, false, &ok) == ABORT)
            return ABORT;
        if (ok && passed++ == 0)
            first = i;
        else if (ok)
            second = i;
    }
    if (passed == 0)
        return fail(x, in, NULL, SC_ERR_CONSTRAINT,
                    "must match exactly one of the oneOf schemas (it matches none)");
    if (passed > 1)
        return fail(x, in, NULL, SC_ERR_CONSTRAINT,
                    "must match exactly one of the oneOf schemas (it matches %u and %u)", first,
                    second);
    bool ok = false;
    /* the one that passed, again, for its marks (when they are tracked) */
    if (m != NULL && (m->props != NULL || m->items != NULL) &&
        eval_branch(x, x->s->lists[in->first + first], v, m, true, &ok) == ABORT)
        return ABORT;
    return VALID;
}

SV_NOINLINE static int op_if(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    bool ok = false;
    if (in->b == SV_NONE && in->c == SV_NONE && m->props == NULL && m->items == NULL)
        return VALID; /* "if" alone asserts nothing: only its marks matter */
    if (eval_branch(x, in->a, v, m, true, &ok) == ABORT)
        return ABORT;
    uint32_t next = ok ? in->b : in->c;
    return next == SV_NONE ? VALID : eval(x, next, v, m);
}

SV_NOINLINE static int enter_ref(ctx *x, const sv_instr *in, uint32_t target, const cJSON *v,
                                 marks *m)
{
    /* No error reported and no way back to this reference on v: a frame
     * would serve neither a keyword location nor the cycle check. (Its
     * depth check is the nodes' own: a frame a node.) */
    if (!in->cyclic && (x->mute > 0 || x->errs == NULL))
        return eval(x, target, v, m);
    /* The frames' values go down the instance: those on v are the last
     * ones, and only they can make a cycle. */
    for (size_t i = x->nframes; i > 0 && x->frames[i - 1].value == v; i--)
        if (x->frames[i - 1].target == target && x->frames[i - 1].via == in)
            return abort_with(
                x, SC_ERR_LIMIT,
                "the schema refers to itself through \"%s\" without reading any of the value",
                in->text);
    if (x->nframes >= (size_t)x->s->max_eval_depth)
        return abort_with(x, SC_ERR_DEPTH, "references nested more than %d deep",
                          x->s->max_eval_depth);
    if (x->nframes == x->capframes &&
        !grow_stack((void **)&x->frames, &x->capframes, sizeof *x->frames, x->frames0))
        return oom(x);
    x->frames[x->nframes++] = (frame){in, x->s->nodes[target].path_len, target, v};
    int r = eval(x, target, v, m);
    x->nframes--;
    return r;
}

/* $dynamicRef: the outermost resource of the dynamic scope that has the
 * anchor, else the static target. */
SV_NOINLINE static int op_dynamic_ref(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    uint32_t target = in->a;
    for (size_t i = 0; i < x->nscope && in->count > 0; i++) {
        const sv_dynamic *d = x->s->dynamics + in->first;
        size_t k = 0;
        while (k < in->count && d[k].resource != x->scope[i])
            k++;
        if (k < in->count) {
            target = d[k].node;
            break;
        }
    }
    return enter_ref(x, in, target, v, m);
}

SV_NOINLINE static int op_properties(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    const sc_schema *s = x->s;
    int result = VALID;
    size_t i = 0;
    /* the lookups a fused "required" just made on this object, copied:
     * the children evaluated below may leave others there (a loop: a
     * few pointers, cheaper than a call to memcpy) */
    const sv_name *hits[HITS];
    size_t nhits = 0;
    if (x->hits_obj == v && x->hits_in == in) {
        nhits = x->nhits;
        for (size_t k = 0; k < nhits; k++)
            hits[k] = x->hits[k];
        x->hits_obj = NULL;
    }
    /* what does not change from one member to the next, once */
    const bool mark = m != NULL && m->props != NULL;
    const uint32_t add = in->a;
    const bool add_false = in->flag;
    for (const cJSON *c = v->child; c != NULL; c = c->next, i++) {
        bool matched = false;
        int r = VALID;
        const sv_name *p = i < nhits ? hits[i] : find_name(s, in, c->string);
        if (p != NULL) {
            matched = true;
            r = eval_child(x, p->node, c, c->string, 0);
        }
        if (in->count2 > 0) {
            size_t len = strlen(c->string);
            for (uint32_t k = 0;
                 k < in->count2 && r != ABORT && (r == VALID || !stop_at_failure(x)); k++) {
                const sv_pattern_node *pn = &s->patterns[in->first2 + k];
                if (charge(x, len + 1) == ABORT)
                    return ABORT;
                if (pattern_match(pn->re, c->string, len)) {
                    matched = true;
                    int r2 = eval_child(x, pn->node, c, c->string, 0);
                    r = r2 == ABORT ? ABORT : r == INVALID ? INVALID : r2;
                }
            }
        }
        if (!matched && add != SV_NONE && r != ABORT) {
            matched = true;
            if (add_false)
                r = fail(x, in, NULL, SC_ERR_UNKNOWN_PROPERTY, "unknown property \"%s\"",
                         c->string);
            else
                r = eval_child(x, add, c, c->string, 0);
        }
        if (r == ABORT)
            return ABORT;
        if (matched && mark)
            m->props[i] = 1;
        if (r == INVALID) {
            result = INVALID;
            if (stop_at_failure(x))
                break;
        }
    }
    return result;
}

SV_NOINLINE static int op_items(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    int result = VALID;
    size_t i = 0;
    for (const cJSON *c = v->child; c != NULL; c = c->next, i++) {
        uint32_t node = i < in->count ? x->s->lists[in->first + i] : in->a;
        if (node == SV_NONE)
            break;
        int r = eval_child(x, node, c, NULL, i);
        if (r == ABORT)
            return ABORT;
        if (m != NULL && m->items != NULL)
            m->items[i] = 1;
        if (r == INVALID) {
            result = INVALID;
            if (stop_at_failure(x))
                break;
        }
    }
    return result;
}

SV_NOINLINE static int op_contains(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    size_t found = 0, i = 0;
    bool need_all = in->max != SIZE_MAX || m->items != NULL;
    for (const cJSON *c = v->child; c != NULL; c = c->next, i++) {
        x->mute++;
        int r = eval_child(x, in->a, c, NULL, i);
        x->mute--;
        if (r == ABORT)
            return ABORT;
        if (r == VALID) {
            found++;
            if (m != NULL && m->items != NULL)
                m->items[i] = 1;
            if (!need_all && found >= in->min)
                break;
        }
    }
    if (found < in->min)
        return fail(x, in, NULL, SC_ERR_CONSTRAINT,
                    "must contain at least %zu %s matching the contains schema", in->min,
                    in->min == 1 ? "item" : "items");
    if (found > in->max)
        return fail(x, in, NULL, SC_ERR_CONSTRAINT,
                    "must contain at most %zu %s matching the contains schema", in->max,
                    in->max == 1 ? "item" : "items");
    return VALID;
}

SV_NOINLINE static int op_property_names(ctx *x, const sv_instr *in, const cJSON *v)
{
    for (const cJSON *c = v->child; c != NULL; c = c->next) {
        cJSON name;
        memset(&name, 0, sizeof name);
        name.type = cJSON_String;
        name.valuestring = c->string;
        bool ok = false;
        if (eval_branch(x, in->a, &name, NULL, false, &ok) == ABORT)
            return ABORT;
        if (!ok)
            return fail(x, in, NULL, SC_ERR_CONSTRAINT,
                        "property name \"%s\" does not match the propertyNames schema", c->string);
    }
    return VALID;
}

/* "required" fused with "properties" (in->b, at most 64 names, each
 * properties name knowing its index here): one word of bits, and the
 * lookups of the first members left for the properties pass. */
SV_NOINLINE static int op_required_fused(ctx *x, const sv_instr *in, const cJSON *v)
{
    const sc_schema *s = x->s;
    const sv_instr *props = &s->instrs[in->b];
    const uint64_t all = in->count == 64 ? ~(uint64_t)0 : ((uint64_t)1 << in->count) - 1;
    uint64_t seen = 0; /* a duplicate key of a tree counts once */
    size_t i = 0;
    const cJSON *c = v->child;
    for (; c != NULL && i < HITS; c = c->next, i++) {
        const sv_name *p = find_name(s, props, c->string);
        x->hits[i] = p;
        if (p != NULL && p->req != 0)
            seen |= (uint64_t)1 << (p->req - 1);
    }
    for (; c != NULL && seen != all; c = c->next) {
        const sv_name *p = find_name(s, props, c->string);
        if (p != NULL && p->req != 0)
            seen |= (uint64_t)1 << (p->req - 1);
    }
    x->hits_obj = v;
    x->hits_in = props;
    x->nhits = i;
    if (seen == all)
        return VALID;
    int result = VALID;
    const sv_name *names = s->names + in->first;
    for (uint32_t r = 0; r < in->count; r++)
        if (!(seen >> r & 1)) {
            result = fail(x, in, NULL, SC_ERR_REQUIRED, "missing required property \"%s\"",
                          names[r].name);
            if (stop_at_failure(x))
                break;
        }
    return result;
}

SV_NOINLINE static int op_required(ctx *x, const sv_instr *in, const cJSON *v)
{
    if (in->b != SV_NONE)
        return op_required_fused(x, in, v);
    const sc_schema *s = x->s;
    const sv_name *names = s->names + in->first;
    /* fused: the members are looked up in the properties' table, whose
     * names know their index here */
    const sv_instr *props = in->b != SV_NONE ? &s->instrs[in->b] : NULL;
    /* a bit per name: on the stack for the usual few (names are distinct,
     * so all are there when as many were found) */
    uint64_t bits[4] = {0, 0, 0, 0};
    size_t words = ((size_t)in->count + 63) / 64, found = 0, i = 0;
    uint64_t *seen = words <= 4 ? bits : calloc(words, sizeof *seen);
    if (seen == NULL)
        return oom(x);
    for (const cJSON *c = v->child; c != NULL; c = c->next, i++) {
        if (found == in->count && (props == NULL || i >= HITS))
            break;
        size_t k;
        const sv_name *p = find_name(s, props ? props : in, c->string);
        if (props != NULL && i < HITS)
            x->hits[i] = p;
        if (p == NULL || (props != NULL && p->req == 0))
            continue;
        k = props != NULL ? (size_t)p->req - 1 : (size_t)(p - names);
        found += (seen[k / 64] >> (k % 64) & 1) == 0; /* a duplicate key of a tree counts once */
        seen[k / 64] |= (uint64_t)1 << (k % 64);
    }
    if (props != NULL) {
        x->hits_obj = v;
        x->hits_in = props;
        x->nhits = i < HITS ? i : HITS;
    }
    int result = VALID;
    for (uint32_t r = 0; r < in->count && found < in->count; r++)
        if (!(seen[r / 64] >> (r % 64) & 1)) {
            result = fail(x, in, NULL, SC_ERR_REQUIRED, "missing required property \"%s\"",
                          names[r].name);
            if (stop_at_failure(x))
                break;
        }
    if (seen != bits)
        free(seen);
    return result;
}

SV_NOINLINE static int op_dependent_required(ctx *x, const sv_instr *in, const cJSON *v)
{
    int result = VALID;
    for (uint32_t i = 0; i < in->count; i++) {
        const sv_name *d = &x->s->names[in->first + i];
        if (charge(x, count_children(v) * (d->count + 1)) == ABORT)
            return ABORT;
        if (member(v, d->name) == NULL)
            continue;
        for (uint32_t k = 0; k < d->count; k++) {
            const sv_name *r = &x->s->names[d->node + k];
            if (member(v, r->name) != NULL)
                continue;
            result = fail(x, in, NULL, SC_ERR_REQUIRED,
                          "missing required property \"%s\" (required when \"%s\" is present)",
                          r->name, d->name);
            if (stop_at_failure(x))
                return result;
        }
    }
    return result;
}

SV_NOINLINE static int op_dependent_schemas(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    int result = VALID;
    for (uint32_t i = 0; i < in->count; i++) {
        const sv_name *d = &x->s->names[in->first + i];
        if (charge(x, count_children(v)) == ABORT)
            return ABORT;
        if (member(v, d->name) == NULL)
            continue;
        int r = eval(x, d->node, v, m);
        if (r == ABORT)
            return ABORT;
        if (r == INVALID) {
            result = INVALID;
            if (stop_at_failure(x))
                break;
        }
    }
    return result;
}

SV_NOINLINE static int op_unique(ctx *x, const sv_instr *in, const cJSON *v)
{
    size_t n = count_children(v);
    sv_budget w = {x->work, x->s->max_work, false};
    size_t dup = sv_find_duplicate(v, n, &w);
    if (dup == n + 1)
        return oom(x);
    if (spent(x, &w) == ABORT)
        return ABORT;
    if (dup < n)
        return fail(x, in, NULL, SC_ERR_CONSTRAINT,
                    "must not contain duplicates: item %zu repeats an earlier one", dup);
    return VALID;
}

/* unevaluatedProperties / unevaluatedItems: what no other keyword of the
 * node (or its in-place applicators) evaluated. */
SV_NOINLINE static int op_unevaluated(ctx *x, const sv_instr *in, const cJSON *v, marks *m,
                                      bool props)
{
    unsigned char *seen = props ? m->props : m->items;
    const sv_node *a = &x->s->nodes[in->a];
    bool is_false = a->count == 1 && x->s->instrs[a->first].op == SV_OP_FALSE;
    int result = VALID;
    size_t i = 0;
    for (const cJSON *c = v->child; c != NULL; c = c->next, i++) {
        if (seen[i])
            continue;
        int r;
        if (is_false && props)
            r = fail(x, in, NULL, SC_ERR_UNKNOWN_PROPERTY, "unknown property \"%s\"", c->string);
        else if (is_false)
            r = fail(x, in, NULL, SC_ERR_CONSTRAINT, "must not have item %zu: no keyword allows it",
                     i);
        else
            r = eval_child(x, in->a, c, props ? c->string : NULL, i);
        if (r == ABORT)
            return ABORT;
        seen[i] = 1;
        if (r == INVALID) {
            result = INVALID;
            if (stop_at_failure(x))
                break;
        }
    }
    return result;
}

/* enum on a string (most enums): the string members compared directly,
 * each comparison counted as sv_equal counts it. */
static int op_enum_string(ctx *x, const sv_instr *in, const cJSON *v)
{
    if (in->count > 0) {
        /* a table (compile_values): the same work charged as the scan */
        const sv_name *p = find_name(x->s, in, v->valuestring);
        if (charge(x, p != NULL ? p->node : in->count) == ABORT)
            return ABORT;
        return p != NULL ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    }
    size_t compared = 0;
    bool found = false;
    for (const cJSON *e = in->value->child; e != NULL && !found; e = e->next)
        if (kind(e) == cJSON_String) {
            compared++;
            /* the first byte tells most others apart, without a call */
            found = e->valuestring[0] == v->valuestring[0] &&
                    strcmp(e->valuestring, v->valuestring) == 0;
        }
    if (charge(x, compared) == ABORT)
        return ABORT;
    return found ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
}

/* ---- the loop ------------------------------------------------------------- */

/* The checks of one value; in-place applicators recurse into eval. */
SV_INLINE int step(ctx *x, const sv_instr *in, const cJSON *v, marks *m)
{
    int k = kind(v);
    switch ((sv_op)in->op) {
    case SV_OP_FALSE:
        return fail(x, in, NULL, SC_ERR_CONSTRAINT, "no value is allowed here");
    case SV_OP_TYPE:
        return has_type(in->types, v) ? VALID : fail(x, in, NULL, SC_ERR_TYPE, "%s", in->text);
    case SV_OP_ENUM:
        if (k == cJSON_String)
            return op_enum_string(x, in, v);
        /* fall through */
    case SV_OP_CONST: {
        sv_budget w = {x->work, x->s->max_work, false};
        bool found = false;
        if (in->op == SV_OP_CONST)
            found = sv_equal(v, in->value, &w);
        for (const cJSON *e = in->op == SV_OP_ENUM ? in->value->child : NULL;
             e != NULL && !found && !w.over; e = e->next)
            found = sv_equal(v, e, &w);
        if (spent(x, &w) == ABORT)
            return ABORT;
        return found ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    }
    case SV_OP_MULTIPLE_OF:
        /* a tree's number has lost its text: its shortest decimal */
        return k != cJSON_Number || sc_is_multiple_of(v->valuedouble, in->num)
                   ? VALID
                   : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    case SV_OP_MAXIMUM:
        return k != cJSON_Number || v->valuedouble <= in->num
                   ? VALID
                   : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    case SV_OP_EXCLUSIVE_MAXIMUM:
        return k != cJSON_Number || v->valuedouble < in->num
                   ? VALID
                   : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    case SV_OP_MINIMUM:
        return k != cJSON_Number || v->valuedouble >= in->num
                   ? VALID
                   : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    case SV_OP_EXCLUSIVE_MINIMUM:
        return k != cJSON_Number || v->valuedouble > in->num
                   ? VALID
                   : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    case SV_OP_MAX_LENGTH:
    case SV_OP_MIN_LENGTH: {
        if (k != cJSON_String)
            return VALID;
        size_t len = strlen(v->valuestring);
        if (charge(x, len) == ABORT)
            return ABORT;
        /* a character is 1 to 4 bytes: the byte length alone often decides */
        bool ok;
        if (in->op == SV_OP_MAX_LENGTH && len <= in->max)
            ok = true;
        else if (in->op == SV_OP_MIN_LENGTH && (len < in->min || len / 4 >= in->min))
            ok = len >= in->min;
        else {
            size_t n = sc_utf8_count(v->valuestring, len);
            ok = in->op == SV_OP_MAX_LENGTH ? n <= in->max : n >= in->min;
        }
        return ok ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    }
    case SV_OP_PATTERN:
    case SV_OP_FORMAT: {
        if (k != cJSON_String)
            return VALID;
        size_t len = strlen(v->valuestring);
        if (charge(x, len) == ABORT)
            return ABORT;
        bool ok = in->op == SV_OP_PATTERN ? sc_utf8_valid(v->valuestring, len) &&
                                                pattern_match(in->re, v->valuestring, len)
                                          : sv_format_valid(in->format, v->valuestring, len);
        return ok ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    }
    case SV_OP_MAX_ITEMS:
    case SV_OP_MIN_ITEMS:
    case SV_OP_MAX_PROPERTIES:
    case SV_OP_MIN_PROPERTIES: {
        bool items = in->op == SV_OP_MAX_ITEMS || in->op == SV_OP_MIN_ITEMS;
        if (k != (items ? cJSON_Array : cJSON_Object))
            return VALID;
        size_t n = count_children(v);
        if (charge(x, n) == ABORT)
            return ABORT;
        bool ok = in->op == SV_OP_MAX_ITEMS || in->op == SV_OP_MAX_PROPERTIES ? n <= in->max
                                                                              : n >= in->min;
        return ok ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "%s", in->text);
    }
    case SV_OP_UNIQUE_ITEMS:
        return k != cJSON_Array ? VALID : op_unique(x, in, v);
    case SV_OP_REQUIRED:
        return k != cJSON_Object ? VALID : op_required(x, in, v);
    case SV_OP_DEPENDENT_REQUIRED:
        return k != cJSON_Object ? VALID : op_dependent_required(x, in, v);
    case SV_OP_ALL_OF: {
        int result = VALID;
        for (uint32_t i = 0; i < in->count; i++) {
            int r = eval(x, x->s->lists[in->first + i], v, m);
            if (r == ABORT)
                return ABORT;
            if (r == INVALID) {
                result = INVALID;
                if (stop_at_failure(x))
                    break;
            }
        }
        return result;
    }
    case SV_OP_ANY_OF:
        return op_any_of(x, in, v, m);
    case SV_OP_ONE_OF:
        return op_one_of(x, in, v, m);
    case SV_OP_NOT: {
        bool ok = false;
        if (eval_branch(x, in->a, v, NULL, false, &ok) == ABORT)
            return ABORT;
        return !ok ? VALID : fail(x, in, NULL, SC_ERR_CONSTRAINT, "must not match the not schema");
    }
    case SV_OP_IF:
        return op_if(x, in, v, m);
    case SV_OP_DEPENDENT_SCHEMAS:
        return k != cJSON_Object ? VALID : op_dependent_schemas(x, in, v, m);
    case SV_OP_REF:
        return enter_ref(x, in, in->a, v, m);
    case SV_OP_DYNAMIC_REF:
        return op_dynamic_ref(x, in, v, m);
    case SV_OP_PROPERTIES:
        return k != cJSON_Object ? VALID : op_properties(x, in, v, m);
    case SV_OP_PROPERTY_NAMES:
        return k != cJSON_Object ? VALID : op_property_names(x, in, v);
    case SV_OP_ITEMS:
        return k != cJSON_Array ? VALID : op_items(x, in, v, m);
    case SV_OP_CONTAINS:
        return k != cJSON_Array ? VALID : op_contains(x, in, v, m);
    case SV_OP_UNEVALUATED_PROPERTIES:
        return k != cJSON_Object ? VALID : op_unevaluated(x, in, v, m, true);
    case SV_OP_UNEVALUATED_ITEMS:
        return k != cJSON_Array ? VALID : op_unevaluated(x, in, v, m, false);
    }
    return VALID;
}

/* The marks steps get when none are tracked: steps read the fields, an
 * empty pair is never written. */
static marks untracked;

/* The instructions in..end on v, in order; a failure stops them unless
 * errors are being collected. */
SV_INLINE int run(ctx *x, const sv_instr *in, const sv_instr *end, const cJSON *v, marks *m)
{
    int result = VALID;
    for (; in < end; in++) {
        int r = step(x, in, v, m);
        if (r == VALID)
            continue;
        if (r == ABORT)
            return ABORT;
        result = INVALID;
        if (stop_at_failure(x))
            break;
    }
    return result;
}

/* eval for a node that tracks evaluated members or items of its own
 * (unevaluated*) or enters a resource of the dynamic scope: sets of its
 * own (passing the caller's marks on for the other kind), merged into the
 * caller's when it passes. */
SV_NOINLINE static int eval_tracked(ctx *x, const sv_node *node, const sv_instr *in, const cJSON *v,
                                    marks *m, bool entered)
{
    const sc_schema *s = x->s;
    if (entered && x->nscope == x->capscope &&
        !grow_stack((void **)&x->scope, &x->capscope, sizeof *x->scope, x->scope0))
        return oom(x);
    if (entered)
        x->scope[x->nscope++] = node->resource;
    marks own = {m ? m->props : NULL, m ? m->items : NULL};
    size_t n = 0;
    bool props = node->own_props && kind(v) == cJSON_Object;
    bool items = node->own_items && kind(v) == cJSON_Array;
    if (props || items)
        n = count_children(v);
    int result;
    if ((props && (own.props = calloc(n + 1, 1)) == NULL) ||
        (items && (own.items = calloc(n + 1, 1)) == NULL)) {
        result = oom(x);
    } else {
        x->depth++;
        result = run(x, in, &s->instrs[node->first + node->count], v, &own);
        x->depth--;
    }
    if (props || items) {
        if (result == VALID && m != NULL) {
            for (size_t i = 0; props && m->props && i < n; i++)
                m->props[i] |= own.props[i];
            for (size_t i = 0; items && m->items && i < n; i++)
                m->items[i] |= own.items[i];
        }
        free(own.props);
        free(own.items);
    }
    if (entered)
        x->nscope--;
    return result;
}

/* What every node pays on entry, whichever way it runs: the depth limit
 * and its instructions' work, charged at once (one test a node, not one an
 * instruction: a node that fails early is charged for all of them). */
SV_INLINE int enter_node(ctx *x, const sv_node *node)
{
    if (x->depth >= x->s->max_eval_depth)
        return abort_with(x, SC_ERR_DEPTH, "subschemas nested more than %d deep",
                          x->s->max_eval_depth);
    return charge(x, node->count);
}

/* A leaf node (sv_node.leaf) on v, as eval runs it: the same checks,
 * limits and work, without what only subschemas need (raising the depth
 * of nesting, marks, the dynamic scope). */
SV_NOINLINE static int eval_leaf(ctx *x, const sv_node *node, const cJSON *v)
{
    if (enter_node(x, node) == ABORT)
        return ABORT;
    const sv_instr *in = &x->s->instrs[node->first];
    if (node->lead_types != 0) { /* as in eval */
        if (has_type(node->lead_types, v))
            in++;
        else if (x->mute > 0)
            return INVALID;
    }
    return run(x, in, &x->s->instrs[node->first + node->count], v, &untracked);
}

/* A node of properties (sv_node.props_only) on an object, as eval runs
 * it with no marks: its type passes, the rest called directly rather than
 * through eval's loop and dispatch (most object nodes of real schemas). */
SV_NOINLINE static int eval_props(ctx *x, const sv_node *node, const cJSON *v)
{
    if (enter_node(x, node) == ABORT)
        return ABORT;
    const sv_instr *in = &x->s->instrs[node->first + node->count - node->props_only];
    x->depth++;
    int r = VALID;
    if (node->props_only == 2)
        r = op_required_fused(x, in++, v);
    if (r == VALID || (r == INVALID && !stop_at_failure(x))) {
        int r2 = op_properties(x, in, v, NULL);
        r = r2 == ABORT ? ABORT : r == INVALID ? INVALID : r2;
    }
    x->depth--;
    return r;
}

/* Runs node's instructions on v (m: the caller's marks, or NULL). */
static int eval(ctx *x, uint32_t id, const cJSON *v, marks *m)
{
    const sc_schema *s = x->s;
    const sv_node *node = &s->nodes[id];
    /* a $ref alone, nothing reported: its target at once (the frame it
     * would push makes only keyword locations) */
    if (node->jump != SV_NONE && (x->mute > 0 || x->errs == NULL) &&
        (!s->dynamic || (x->nscope > 0 && x->scope[x->nscope - 1] == node->resource)))
        node = &s->nodes[node->jump];
    if (node->count == 0)
        return VALID;
    if (enter_node(x, node) == ABORT)
        return ABORT;
    const sv_instr *in = &s->instrs[node->first];
    /* a leading "type": passing, it does nothing else (skipped without the
     * dispatch: most object and array nodes start with one); failing in a
     * branch whose errors are not reported, the node fails there, as its
     * loop would stop at it */
    if (node->lead_types != 0) {
        if (has_type(node->lead_types, v))
            in++;
        else if (x->mute > 0)
            return INVALID;
    }
    /* only $dynamicRef reads the dynamic scope */
    bool enters = s->dynamic && (x->nscope == 0 || x->scope[x->nscope - 1] != node->resource);
    if (enters || node->own_props || node->own_items)
        return eval_tracked(x, node, in, v, m, enters);
    x->depth++;
    int result = run(x, in, &s->instrs[node->first + node->count], v, m != NULL ? m : &untracked);
    x->depth--;
    return result;
}

/* ---- the API ---------------------------------------------------------------- */

void sc_schema_errors_init(sc_schema_errors *errs, sc_schema_error *items, size_t max)
{
    errs->items = items;
    errs->max = max;
    errs->count = 0;
    errs->truncated = false;
}

int sc_schema_validate(const sc_schema *s, const cJSON *instance, sc_schema_errors *errs)
{
    if (errs != NULL) {
        errs->count = 0;
        errs->truncated = false;
        if (errs->max == 0 || errs->items == NULL)
            errs = NULL;
    }
    if (s == NULL || instance == NULL) {
        if (errs != NULL) {
            sc_schema_error *e = &errs->items[errs->count++];
            memset(e, 0, sizeof *e);
            e->code = SC_ERR_ARGUMENT;
            snprintf(e->message, sizeof e->message, "the schema and the value must not be NULL");
        }
        return SC_ERR_ARGUMENT;
    }
    ctx x;
    /* the inline arrays are left as they are: only what was pushed is read;
     * the other fields one by one (cheaper than a memset call for a small
     * document) */
    x.mute = 0;
    x.first_code = 0;
    x.abort_code = 0;
    x.work = 0;
    x.depth = 0;
    x.nwhere = 0;
    x.nframes = 0;
    x.nscope = 0;
    x.hits_obj = NULL;
    x.hits_in = NULL;
    x.nhits = 0;
    x.s = s;
    x.errs = errs;
    x.where = x.where0;
    x.capwhere = STACK_WHERE;
    x.frames = x.frames0;
    x.capframes = STACK_FRAMES;
    x.scope = x.scope0;
    x.capscope = STACK_SCOPE;
    int r = eval(&x, s->root, instance, NULL);
    if (x.where != x.where0)
        free(x.where);
    if (x.frames != x.frames0)
        free(x.frames);
    if (x.scope != x.scope0)
        free(x.scope);
    if (r == ABORT)
        return x.abort_code;
    if (r == VALID)
        return 0;
    return x.first_code ? x.first_code : SC_ERR_CONSTRAINT;
}

int sc_schema_validate_json(const sc_schema *s, const char *json, size_t len,
                            sc_schema_errors *errs)
{
    if (s == NULL)
        return sc_schema_validate(NULL, NULL, errs);
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &s->limits);
    cJSON *tree = NULL;
    sc_error err;
    int rc =
        sc_parse_json_ex(&arena, json, len, s->strict_json ? 0 : SC_PARSE_STANDARD, &tree, &err);
    if (rc == 0)
        rc = sc_schema_validate(s, tree, errs);
    else if (errs != NULL && errs->max > 0 && errs->items != NULL) {
        sc_schema_error *e = &errs->items[0];
        memset(e, 0, sizeof *e);
        errs->count = 1;
        errs->truncated = false;
        e->code = err.code;
        e->keyword = err.keyword;
        snprintf(e->instance_location, sizeof e->instance_location, "%s", err.path);
        snprintf(e->message, sizeof e->message, "%s", err.message);
    }
    sc_arena_release(&arena);
    return rc;
}

void sc_schema_error_format(const sc_schema_error *e, char *buf, size_t size)
{
    if (size == 0)
        return;
    if (e->instance_location[0] != '\0')
        snprintf(buf, size, "%s: %s", e->instance_location, e->message);
    else
        snprintf(buf, size, "%s", e->message);
    if (e->keyword_location[0] != '\0') {
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, " (at %s)", e->keyword_location);
    }
}

cJSON *sc_schema_output(int rc, const sc_schema_errors *errs, sc_schema_output_format format)
{
    cJSON *out = cJSON_CreateObject();
    if (out == NULL || cJSON_AddBoolToObject(out, "valid", rc == 0) == NULL) {
        cJSON_Delete(out);
        return NULL;
    }
    if (format == SC_SCHEMA_OUTPUT_FLAG || rc == 0)
        return out;
    cJSON *list = cJSON_AddArrayToObject(out, "errors");
    for (size_t i = 0; list != NULL && errs != NULL && i < errs->count; i++) {
        const sc_schema_error *e = &errs->items[i];
        cJSON *item = cJSON_CreateObject();
        if (item != NULL && !cJSON_AddItemToArray(list, item)) {
            cJSON_Delete(item);
            item = NULL;
        }
        /* from here the item belongs to the list */
        if (item == NULL ||
            cJSON_AddStringToObject(item, "keywordLocation", e->keyword_location) == NULL ||
            cJSON_AddStringToObject(item, "absoluteKeywordLocation", e->absolute_location) ==
                NULL ||
            cJSON_AddStringToObject(item, "instanceLocation", e->instance_location) == NULL ||
            cJSON_AddStringToObject(item, "error", e->message) == NULL)
            list = NULL;
    }
    if (list == NULL) {
        cJSON_Delete(out);
        return NULL;
    }
    return out;
}
