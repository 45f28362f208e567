/* schemac pattern engine: running a compiled pattern in memory, the walk
 * the generator's emitted matcher does (emit/c/emit_c_pattern.c prints the
 * same tables and loop as C). */
#include "pattern/rx.h"

/* The same walk as the emitted matcher, for checking @default and @const
 * values at generation time. */
bool pattern_match(const pattern *p, const char *s, size_t len)
{
    if (p->constant >= 0)
        return p->constant == 1;
    const rx_dfa *d = &p->d;
    uint32_t st = d->start;
    for (size_t i = 0; i < len; i++) {
        st = d->next[(size_t)st * d->k + d->cls[(unsigned char)s[i]]];
        if (st < 2)
            return st == 1;
    }
    return d->end[st];
}
