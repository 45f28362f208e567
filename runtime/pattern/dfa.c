/* schemac pattern engine, stage 3: DFA by subset construction.
 *
 * Each DFA state is the set of NFA byte states the search may be in. The
 * search is unanchored, like RegExp.prototype.test: the NFA restarts at
 * every position, so a match may begin anywhere. ^ and $ are assertions
 * that only hold at the start and at the end of the input, and reaching
 * the NFA's match state goes straight to DFA state 1 ("matched, whatever
 * follows"). Bytes that no NFA range tells apart form one byte class, so
 * the table has a column per class, not per byte. A DFA can be
 * exponentially larger than its NFA, so the construction runs on a budget
 * (RX_MAX_SUBSET_STATES, RX_SUBSET_BUDGET) and rejects what exceeds it.
 */
#include "pattern/rx.h"

#include <stdlib.h>
#include <string.h>

enum { RX_ALLOW_BOL = 1, RX_ALLOW_EOL = 2 };

/* A DFA state is the set of NFA byte states it may be in, plus whether the
 * input may end here (that needs $ edges, so it is computed, not stored). */
typedef struct {
    size_t off, n; /* ids in the pool */
    bool end;
    uint32_t hash;
} rx_dstate;

typedef struct {
    const rx_nfa *m;
    uint32_t start;
    rx_errsink *err;
    uint32_t *mark, gen, *stack, *ids, *seeds;
    uint8_t cls[256], rep[256];
    unsigned ncls;
    uint32_t *pool;
    size_t npool, cappool;
    rx_dstate *st;
    size_t nst, capst;
    uint32_t *table; /* open addressing: state index + 1, 0 = empty */
    size_t tcap;
    uint32_t *delta; /* nst x ncls */
    size_t capdelta;
    unsigned long long work; /* against RX_SUBSET_BUDGET */
} rx_builder;

static int rx_cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return x < y ? -1 : x > y;
}

/* Follows epsilon edges (and the allowed assertions) from the seeds.
 * Collects the byte states reached into b->ids (sorted) when n is not
 * NULL; returns whether the match state was reached. */
static bool rx_closure(rx_builder *b, const uint32_t *seeds, size_t nseeds, unsigned allow,
                       size_t *n)
{
    size_t sp = 0, k = 0;
    bool match = false;

    if (++b->gen == 0) {
        memset(b->mark, 0, b->m->n * sizeof *b->mark);
        b->gen = 1;
    }
#define PUSH(id)                                                                                   \
    do {                                                                                           \
        uint32_t id_ = (id);                                                                       \
        if (b->mark[id_] != b->gen) {                                                              \
            b->mark[id_] = b->gen;                                                                 \
            b->stack[sp++] = id_;                                                                  \
            b->work++;                                                                             \
        }                                                                                          \
    } while (0)
    for (size_t i = 0; i < nseeds; i++)
        PUSH(seeds[i]);
    while (sp > 0) {
        uint32_t id = b->stack[--sp];
        const rx_nstate *x = &b->m->s[id];
        switch ((rx_nstate_kind)x->kind) {
        case RX_S_BYTE:
            if (n && x->lo <= x->hi)
                b->ids[k++] = id;
            break;
        case RX_S_MATCH:
            match = true;
            break;
        case RX_S_SPLIT:
            PUSH(x->out1);
            PUSH(x->out);
            break;
        case RX_S_BOL:
            if (allow & RX_ALLOW_BOL)
                PUSH(x->out);
            break;
        case RX_S_EOL:
            if (allow & RX_ALLOW_EOL)
                PUSH(x->out);
            break;
        }
    }
#undef PUSH
    if (n) {
        qsort(b->ids, k, sizeof *b->ids, rx_cmp_u32); /* canonical order */
        *n = k;
    }
    return match;
}

uint32_t rx_hash_ids(const uint32_t *ids, size_t n, bool end)
{
    uint32_t h = 2166136261u ^ (uint32_t)end;

    for (size_t i = 0; i < n; i++)
        h = (h ^ ids[i]) * 16777619u;
    return h;
}

static bool rx_same_state(const rx_builder *b, const rx_dstate *d, const uint32_t *ids, size_t n,
                          bool end)
{
    return d->n == n && d->end == end && memcmp(b->pool + d->off, ids, n * sizeof *ids) == 0;
}

static bool rx_rehash(rx_builder *b)
{
    size_t cap = b->tcap ? b->tcap * 2 : 1024;
    uint32_t *t = calloc(cap, sizeof *t);

    if (!t)
        return false;
    for (size_t i = 0; i < b->nst; i++) {
        if (i == 1)
            continue; /* the match state has no set */
        size_t h = b->st[i].hash & (cap - 1);
        while (t[h])
            h = (h + 1) & (cap - 1);
        t[h] = (uint32_t)i + 1;
    }
    free(b->table);
    b->table = t;
    b->tcap = cap;
    return true;
}

/* The work this construction may do. */
static unsigned long long rx_budget(const rx_builder *b)
{
    return b->err->budget ? b->err->budget : RX_SUBSET_BUDGET;
}

static void rx_too_complex(rx_builder *b)
{
    rx_fail(b->err, 0,
            "pattern too complex: the DFA needs more than %u states (or too many NFA "
            "states per DFA state)",
            RX_MAX_SUBSET_STATES);
}

/* Finds or adds the state (ids, end); returns its index or RX_NONE. */
static uint32_t rx_intern(rx_builder *b, size_t n, bool end)
{
    const uint32_t *ids = b->ids;
    uint32_t h = rx_hash_ids(ids, n, end), *d;
    size_t slot;
    rx_dstate *st;

    if (b->tcap) {
        for (slot = h & (b->tcap - 1); b->table[slot]; slot = (slot + 1) & (b->tcap - 1))
            if (rx_same_state(b, &b->st[b->table[slot] - 1], ids, n, end))
                return b->table[slot] - 1;
    }
    b->work += n;
    if (b->nst >= RX_MAX_SUBSET_STATES || b->work > rx_budget(b)) {
        rx_too_complex(b);
        return RX_NONE;
    }
    st = rx_grow(b->st, &b->capst, b->nst + 1, sizeof *st);
    if (st)
        b->st = st;
    uint32_t *pool = st ? rx_grow(b->pool, &b->cappool, b->npool + n, sizeof *pool) : NULL;
    if (pool)
        b->pool = pool;
    d = pool ? rx_grow(b->delta, &b->capdelta, (b->nst + 1) * b->ncls, sizeof *d) : NULL;
    if (!d) {
        rx_fail(b->err, 0, "out of memory");
        return RX_NONE;
    }
    b->delta = d;
    memcpy(b->pool + b->npool, ids, n * sizeof *ids);
    st = &b->st[b->nst];
    st->off = b->npool;
    st->n = n;
    st->end = end;
    st->hash = h;
    b->npool += n;
    b->nst++;
    if (b->nst * 2 > b->tcap) {
        if (!rx_rehash(b)) {
            rx_fail(b->err, 0, "out of memory");
            return RX_NONE;
        }
    } else {
        for (slot = h & (b->tcap - 1); b->table[slot]; slot = (slot + 1) & (b->tcap - 1))
            ;
        b->table[slot] = (uint32_t)b->nst;
    }
    return (uint32_t)b->nst - 1;
}

/* Byte classes: bytes that no NFA range tells apart behave the same. */
static void rx_byte_classes(rx_builder *b)
{
    bool cut[257] = {false};

    for (size_t i = 0; i < b->m->n; i++) {
        const rx_nstate *x = &b->m->s[i];
        if (x->kind == RX_S_BYTE && x->lo <= x->hi) {
            cut[x->lo] = true;
            cut[x->hi + 1] = true;
        }
    }
    b->ncls = 0;
    for (int c = 0; c < 256; c++) {
        if (c > 0 && cut[c])
            b->ncls++;
        if (c == 0 || cut[c])
            b->rep[b->ncls] = (uint8_t)c;
        b->cls[c] = (uint8_t)b->ncls;
    }
    b->ncls++;
}

/* Builds the DFA. State 0 is the empty set (no match possible), state 1
 * means "matched" (the NFA reached its match state: .test() is true
 * whatever follows). Returns the start state, or RX_NONE on error. */
static uint32_t rx_subset_construction(rx_builder *b, bool *start_matches)
{
    size_t n;
    uint32_t start;
    bool end;

    rx_byte_classes(b);
    b->mark = calloc(b->m->n, sizeof *b->mark);
    b->stack = malloc(b->m->n * sizeof *b->stack);
    b->ids = malloc(b->m->n * sizeof *b->ids);
    b->seeds = malloc((b->m->n + 1) * sizeof *b->seeds);
    if (!b->mark || !b->stack || !b->ids || !b->seeds) {
        rx_fail(b->err, 0, "out of memory");
        return RX_NONE;
    }
    /* State 0 is the empty set; state 1 is added by hand and kept out of
     * the hash table, since reaching the match state goes to 1 directly. */
    if (rx_intern(b, 0, false) == RX_NONE)
        return RX_NONE;
    {
        rx_dstate *st = rx_grow(b->st, &b->capst, 2, sizeof *st);
        uint32_t *d = rx_grow(b->delta, &b->capdelta, 2 * b->ncls, sizeof *d);
        if (!st || !d) {
            rx_fail(b->err, 0, "out of memory");
            return RX_NONE;
        }
        b->st = st;
        b->delta = d;
        st[1].off = 0;
        st[1].n = 0;
        st[1].end = true;
        st[1].hash = 0;
        b->nst = 2;
    }
    for (unsigned c = 0; c < b->ncls; c++) {
        b->delta[c] = 0;
        b->delta[b->ncls + c] = 1;
    }

    /* At position 0, ^ holds; the input may also end right away. */
    b->seeds[0] = b->start;
    *start_matches = rx_closure(b, b->seeds, 1, RX_ALLOW_BOL, NULL);
    if (*start_matches)
        return 1;
    end = rx_closure(b, b->seeds, 1, RX_ALLOW_BOL | RX_ALLOW_EOL, NULL);
    rx_closure(b, b->seeds, 1, RX_ALLOW_BOL, &n);
    start = rx_intern(b, n, end);
    if (start == RX_NONE)
        return RX_NONE;

    for (size_t i = 2; i < b->nst; i++) {
        for (unsigned c = 0; c < b->ncls; c++) {
            size_t ns = 0;
            uint32_t to;
            uint8_t byte = b->rep[c];
            for (size_t k = 0; k < b->st[i].n; k++) {
                const rx_nstate *x = &b->m->s[b->pool[b->st[i].off + k]];
                if (x->lo <= byte && byte <= x->hi)
                    b->seeds[ns++] = x->out;
            }
            /* Unanchored search: a match may also start after this byte
             * (^ no longer holds there). */
            b->seeds[ns++] = b->start;
            if (rx_closure(b, b->seeds, ns, 0, NULL)) {
                to = 1;
            } else {
                end = rx_closure(b, b->seeds, ns, RX_ALLOW_EOL, NULL);
                rx_closure(b, b->seeds, ns, 0, &n);
                to = rx_intern(b, n, end);
                if (to == RX_NONE)
                    return RX_NONE;
            }
            b->delta[i * b->ncls + c] = to;
            if (b->work > rx_budget(b)) {
                rx_too_complex(b);
                return RX_NONE;
            }
        }
    }
    return start;
}

static void rx_builder_free(rx_builder *b)
{
    free(b->mark);
    free(b->stack);
    free(b->ids);
    free(b->seeds);
    free(b->pool);
    free(b->st);
    free(b->table);
    free(b->delta);
}

bool rx_dfa_build(const rx_nfa *m, uint32_t entry, rx_errsink *err, rx_dfa *d, bool *start_matches)
{
    rx_builder b = {0};
    uint32_t start;
    bool ok = false;

    b.m = m;
    b.start = entry;
    b.err = err;
    *start_matches = false;
    start = rx_subset_construction(&b, start_matches);
    err->spent = b.work;
    if (start == RX_NONE)
        goto done;
    ok = true;
    if (*start_matches)
        goto done;
    /* Hand the tables over from the builder to the DFA. */
    d->n = b.nst;
    d->k = b.ncls;
    d->next = b.delta;
    b.delta = NULL;
    d->end = malloc(b.nst * sizeof *d->end);
    if (!d->end) {
        rx_fail(err, 0, "out of memory");
        ok = false;
        goto done;
    }
    for (size_t i = 0; i < b.nst; i++)
        d->end[i] = b.st[i].end;
    d->start = start;
    memcpy(d->cls, b.cls, sizeof b.cls);
done:
    rx_builder_free(&b);
    return ok;
}
