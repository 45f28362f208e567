/* schemac pattern engine: the driver behind pattern.h.
 *
 * pattern_compile runs the stages in order (parse.c, nfa.c, dfa.c,
 * minimise.c; pattern_dfa_of shows the result) and applies the last size
 * cap on the final table. Each stage's intermediate data is freed here, so a
 * failure anywhere, running out of memory included, returns NULL with a
 * message and leaks nothing. The error sink and the array growth all the
 * stages share live here too.
 */
#include "pattern/rx.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rx_fail(rx_errsink *e, size_t offset, const char *fmt, ...)
{
    va_list ap;

    if (e->failed)
        return;
    e->failed = true;
    e->offset = offset;
    if (e->buf && e->size > 0) {
        va_start(ap, fmt);
        vsnprintf(e->buf, e->size, fmt, ap);
        va_end(ap);
    }
}

void *rx_grow(void *ptr, size_t *cap, size_t need, size_t elem)
{
    size_t n = *cap ? *cap : 8;
    void *p;

    if (need == 0)
        need = 1; /* so that an empty array is still allocated */
    if (need <= *cap)
        return ptr;
    while (n < need)
        n *= 2;
    p = realloc(ptr, n * elem);
    if (p)
        *cap = n;
    return p;
}

void pattern_free(pattern *p)
{
    if (!p)
        return;
    free(p->source);
    free(p->d.next);
    free(p->d.end);
    free(p);
}

pattern_dfa pattern_dfa_of(const pattern *p)
{
    return (pattern_dfa){.source = p->source,
                         .constant = p->constant,
                         .n = p->d.n,
                         .k = p->d.k,
                         .start = p->d.start,
                         .cls = p->d.cls,
                         .next = p->d.next,
                         .end = p->d.end};
}

pattern *pattern_compile(const char *src, char *errbuf, size_t errsize, size_t *erroffset)
{
    return pattern_compile_ex(src, 0, NULL, errbuf, errsize, erroffset);
}

pattern *pattern_compile_ex(const char *src, unsigned flags, unsigned long long *budget,
                            char *errbuf, size_t errsize, size_t *erroffset)
{
    rx_errsink err = {errbuf, errsize, 0, false, budget ? *budget : 0, 0};
    rx_nfa m = {0};
    rx_dfa d = {0};
    rx_node *ast = NULL;
    pattern *pat = NULL;
    size_t len;
    uint32_t entry;
    bool start_matches = false;

    if (errbuf && errsize)
        errbuf[0] = '\0';
    if (!src) {
        rx_fail(&err, 0, "no pattern");
        goto done;
    }
    len = strlen(src);
    ast = rx_parse(src, len, flags, &err);
    if (!ast)
        goto done;

    m.err = &err;
    entry = rx_nfa_build(&m, ast);
    if (entry == RX_NONE)
        goto done;

    if (!rx_dfa_build(&m, entry, &err, &d, &start_matches))
        goto done;

    pat = calloc(1, sizeof *pat);
    if (!pat || !(pat->source = malloc(len + 1))) {
        rx_fail(&err, 0, "out of memory");
        goto done;
    }
    memcpy(pat->source, src, len + 1);
    pat->constant = -1;
    pat->d = d; /* the pattern owns the tables from here on */
    d.next = NULL;
    d.end = NULL;
    if (start_matches) {
        pat->constant = 1;
        goto done;
    }
    if (!rx_dfa_minimise(&pat->d)) {
        rx_fail(&err, 0, "out of memory");
        goto done;
    }
    if (pat->d.start < 2)
        pat->constant = (int)pat->d.start;
    else if (pat->d.n > RX_MAX_DFA_STATES || pat->d.n * pat->d.k > RX_MAX_TABLE_CELLS)
        rx_fail(&err, 0,
                "pattern too complex: DFA of %zu states x %u byte classes (at most %u states, %u "
                "cells)",
                pat->d.n, pat->d.k, RX_MAX_DFA_STATES, RX_MAX_TABLE_CELLS);
done:
    if (budget) /* what is left for the caller's next patterns (at least 1: 0 means the default) */
        *budget = err.spent < *budget ? *budget - err.spent : 1;
    rx_node_free(ast);
    free(m.s);
    free(d.next);
    free(d.end);
    if (err.failed) {
        pattern_free(pat);
        pat = NULL;
        if (erroffset)
            *erroffset = err.offset;
    }
    return pat;
}
