/* schemac pattern engine: sets of code points.
 *
 * Every leaf of the syntax tree (a literal, `.`, \d, [^a-z], ...) is one
 * set of code points, kept as sorted, disjoint, non-adjacent ranges: the
 * form the NFA stage turns into UTF-8 byte ranges, and in which negation
 * ([^...], \D) is a single pass.
 */
#include "pattern/rx.h"

#include <stdlib.h>

bool rx_set_add(rx_cpset *s, uint32_t lo, uint32_t hi)
{
    rx_cprange *r = rx_grow(s->r, &s->cap, s->n + 1, sizeof *r);

    if (!r)
        return false;
    s->r = r;
    r[s->n].lo = lo;
    r[s->n].hi = hi;
    s->n++;
    return true;
}

bool rx_set_add_ranges(rx_cpset *s, const rx_cprange *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!rx_set_add(s, r[i].lo, r[i].hi))
            return false;
    return true;
}

static int rx_cmp_range(const void *a, const void *b)
{
    const rx_cprange *x = a, *y = b;

    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

void rx_set_normalize(rx_cpset *s)
{
    size_t out = 0;

    if (s->n == 0)
        return;
    qsort(s->r, s->n, sizeof *s->r, rx_cmp_range);
    for (size_t i = 1; i < s->n; i++) {
        if (s->r[i].lo <= s->r[out].hi + 1) {
            if (s->r[i].hi > s->r[out].hi)
                s->r[out].hi = s->r[i].hi;
        } else {
            s->r[++out] = s->r[i];
        }
    }
    s->n = out + 1;
}

bool rx_set_negate(rx_cpset *s)
{
    rx_cpset t = {0};
    uint32_t next = 0;

    for (size_t i = 0; i < s->n; i++) {
        if (s->r[i].lo > next && !rx_set_add(&t, next, s->r[i].lo - 1))
            goto oom;
        next = s->r[i].hi + 1;
    }
    if (next <= RX_MAX_CODE_POINT && !rx_set_add(&t, next, RX_MAX_CODE_POINT))
        goto oom;
    free(s->r);
    *s = t;
    return true;
oom:
    free(t.r);
    return false;
}
