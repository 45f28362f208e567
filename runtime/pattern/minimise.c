/* schemac pattern engine, stage 4: a smaller DFA.
 *
 * Three passes over the subset construction's DFA, each keeping what the
 * emitted matcher does but not how big its tables are:
 *   - fold every state that can no longer lead to a match into state 0 and
 *     every state that matches whatever follows into state 1, so the
 *     generated loop can stop early either way;
 *   - Moore partition refinement (minimisation), on a budget;
 *   - merge byte classes whose columns came out equal.
 * States are renumbered in breadth-first order from the start state, which
 * makes the emitted tables deterministic.
 */
#include "pattern/rx.h"

#include <stdlib.h>
#include <string.h>

/* Keeps the states reachable from start, renumbered in BFS order after
 * 0 and 1, with transitions mapped through map[] first. */
static bool rx_dfa_compact(rx_dfa *d, const uint32_t *map)
{
    uint32_t *order = malloc(d->n * sizeof *order), *num = malloc(d->n * sizeof *num);
    uint32_t *next = NULL;
    bool *end = NULL;
    size_t n = 2;

    if (!order || !num)
        goto oom;
    for (size_t i = 0; i < d->n; i++)
        num[i] = RX_NONE;
    order[0] = 0;
    order[1] = 1;
    num[0] = 0;
    num[1] = 1;
    uint32_t s0 = map[d->start];
    if (num[s0] == RX_NONE) {
        num[s0] = (uint32_t)n;
        order[n++] = s0;
    }
    for (size_t i = 2; i < n; i++) {
        for (unsigned c = 0; c < d->k; c++) {
            uint32_t t = map[d->next[order[i] * d->k + c]];
            if (num[t] == RX_NONE) {
                num[t] = (uint32_t)n;
                order[n++] = t;
            }
        }
    }
    next = malloc(n * d->k * sizeof *next);
    end = malloc(n * sizeof *end);
    if (!next || !end)
        goto oom;
    for (size_t i = 0; i < n; i++) {
        end[i] = i == 1 || (i > 1 && d->end[order[i]]);
        for (unsigned c = 0; c < d->k; c++)
            next[i * d->k + c] = i < 2 ? (uint32_t)i : num[map[d->next[order[i] * d->k + c]]];
    }
    d->start = num[s0];
    free(d->next);
    free(d->end);
    d->next = next;
    d->end = end;
    d->n = n;
    free(order);
    free(num);
    return true;
oom:
    free(order);
    free(num);
    free(next);
    free(end);
    return false;
}

/* Folds states that can never accept into 0 and states that accept
 * whatever follows into 1, so the loop can stop early either way. */
static bool rx_dfa_fold(rx_dfa *d)
{
    size_t n = d->n, k = d->k, ne = n * k;
    size_t *first = calloc(n + 1, sizeof *first);
    uint32_t *pred = malloc(ne * sizeof *pred), *queue = malloc(n * sizeof *queue);
    uint32_t *map = malloc(n * sizeof *map);
    bool *live = calloc(n, sizeof *live), *univ = calloc(n, sizeof *univ), ok = false;
    size_t qh = 0, qt = 0;

    if (!first || !pred || !queue || !map || !live || !univ)
        goto done;
    /* Reverse edges (with multiplicity) in CSR form. */
    for (size_t e = 0; e < ne; e++)
        first[d->next[e] + 1]++;
    for (size_t i = 0; i < n; i++)
        first[i + 1] += first[i];
    {
        size_t *fill = malloc(n * sizeof *fill);
        if (!fill)
            goto done;
        memcpy(fill, first, n * sizeof *fill);
        for (size_t e = 0; e < ne; e++)
            pred[fill[d->next[e]]++] = (uint32_t)(e / k);
        free(fill);
    }
    /* live: can reach a state where the input may end accepted */
    for (size_t i = 1; i < n; i++)
        if (d->end[i]) {
            live[i] = true;
            queue[qt++] = (uint32_t)i;
        }
    while (qh < qt) {
        uint32_t s = queue[qh++];
        for (size_t j = first[s]; j < first[s + 1]; j++)
            if (!live[pred[j]]) {
                live[pred[j]] = true;
                queue[qt++] = pred[j];
            }
    }
    /* universal: accepts here and every successor is universal (greatest
     * fixpoint: start from all accepting states, drop offenders) */
    qh = qt = 0;
    for (size_t i = 1; i < n; i++)
        univ[i] = d->end[i];
    for (size_t i = 1; i < n; i++) {
        for (size_t c = 0; c < k && univ[i]; c++) {
            if (!univ[d->next[i * k + c]]) {
                univ[i] = false;
                queue[qt++] = (uint32_t)i;
            }
        }
    }
    while (qh < qt) {
        uint32_t s = queue[qh++];
        for (size_t j = first[s]; j < first[s + 1]; j++) {
            uint32_t p = pred[j];
            if (univ[p]) {
                univ[p] = false;
                queue[qt++] = p;
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        map[i] = univ[i] ? 1 : !live[i] ? 0 : (uint32_t)i;
    map[0] = 0;
    map[1] = 1;
    ok = rx_dfa_compact(d, map);
done:
    free(first);
    free(pred);
    free(queue);
    free(map);
    free(live);
    free(univ);
    return ok;
}

/* Moore partition refinement: split blocks by (block, successor blocks)
 * until stable. Quadratic in the worst case, so it is given a budget; a DFA
 * left unminimised is larger but still correct. */
static bool rx_dfa_moore(rx_dfa *d)
{
    size_t n = d->n, k = d->k, w = k + 1, nb = 0, cap = 1;
    uint32_t *blk = malloc(n * sizeof *blk), *nblk = malloc(n * sizeof *nblk);
    uint32_t *sig = malloc(n * w * sizeof *sig), *tab = NULL;
    unsigned long long work = 0;
    bool ok = false;

    if (!blk || !nblk || !sig)
        goto done;
    while (cap < 2 * n)
        cap *= 2;
    tab = malloc(cap * sizeof *tab);
    if (!tab)
        goto done;
    for (size_t i = 0; i < n; i++)
        blk[i] = i < 2 ? (uint32_t)i : d->end[i] ? 2 : 3;
    for (;;) {
        size_t nnb = 0;
        work += n * w;
        if (work > RX_MINIMISE_BUDGET) {
            ok = true; /* give up, keep the DFA as it is */
            goto done;
        }
        for (size_t i = 0; i < n; i++) {
            sig[i * w] = blk[i];
            for (size_t c = 0; c < k; c++)
                sig[i * w + 1 + c] = blk[d->next[i * k + c]];
        }
        memset(tab, 0xFF, cap * sizeof *tab);
        for (size_t i = 0; i < n; i++) {
            uint32_t h = rx_hash_ids(sig + i * w, w, false);
            size_t slot = h & (cap - 1);
            while (tab[slot] != RX_NONE &&
                   memcmp(sig + tab[slot] * w, sig + i * w, w * sizeof *sig) != 0)
                slot = (slot + 1) & (cap - 1);
            if (tab[slot] == RX_NONE) {
                tab[slot] = (uint32_t)i;
                nblk[i] = (uint32_t)nnb++;
            } else {
                nblk[i] = nblk[tab[slot]];
            }
        }
        memcpy(blk, nblk, n * sizeof *blk);
        if (nnb == nb)
            break;
        nb = nnb;
    }
    /* Map each state to the first state of its block (blocks are numbered
     * in state order, so 0 and 1 stay themselves) and keep those. */
    for (size_t i = 0; i < n; i++)
        nblk[i] = RX_NONE;
    for (size_t i = 0; i < n; i++) {
        if (nblk[blk[i]] == RX_NONE)
            nblk[blk[i]] = (uint32_t)i;
        blk[i] = nblk[blk[i]];
    }
    ok = rx_dfa_compact(d, blk);
done:
    free(blk);
    free(nblk);
    free(sig);
    free(tab);
    return ok;
}

/* Merges byte classes whose columns are equal in the final table. */
static bool rx_dfa_merge_classes(rx_dfa *d)
{
    unsigned map[256], first[256], nk = 0;
    uint32_t hash[256], *next;

    for (unsigned c = 0; c < d->k; c++) {
        hash[c] = 2166136261u;
        for (size_t i = 0; i < d->n; i++)
            hash[c] = (hash[c] ^ d->next[i * d->k + c]) * 16777619u;
    }
    for (unsigned c = 0; c < d->k; c++) {
        unsigned j;
        for (j = 0; j < nk; j++) {
            unsigned f = first[j];
            size_t i = 0;
            if (hash[f] != hash[c])
                continue;
            while (i < d->n && d->next[i * d->k + c] == d->next[i * d->k + f])
                i++;
            if (i == d->n)
                break;
        }
        if (j == nk)
            first[nk++] = c;
        map[c] = j;
    }
    if (nk == d->k)
        return true;
    next = malloc(d->n * nk * sizeof *next);
    if (!next)
        return false;
    for (unsigned c = 0; c < d->k; c++)
        for (size_t i = 0; i < d->n; i++)
            next[i * nk + map[c]] = d->next[i * d->k + c];
    for (int b = 0; b < 256; b++)
        d->cls[b] = (uint8_t)map[d->cls[b]];
    free(d->next);
    d->next = next;
    d->k = nk;
    return true;
}

bool rx_dfa_minimise(rx_dfa *d)
{
    return rx_dfa_fold(d) && rx_dfa_moore(d) && rx_dfa_merge_classes(d);
}
