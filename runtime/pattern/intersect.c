/* schemac pattern engine: a string two patterns both match.
 *
 * model/overlap.c asks it whether two string variants of an untagged union
 * share a value. The search runs over the product of the two DFAs (each a
 * search automaton over UTF-8 bytes: state 0 dead, 1 matched) and a
 * UTF-8 automaton, so every string it finds is valid UTF-8 without U+0000
 * (what a decoded string can hold), breadth first by bytes: the first
 * string found is a shortest one. Lengths are code points, as JSON Schema
 * counts them, plus a byte bound for char[N]. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pattern/rx.h"

/* UTF-8 as RFC 3629 (Table 3-7 of Unicode): state 0 is between code
 * points; 1..3 need that many continuation bytes; 4..7 are the second
 * byte after E0, ED, F0, F4, whose ranges are narrower. */
enum { U8_STATES = 8, U8_BAD = 255 };

static uint8_t u8_next(uint8_t st, unsigned b)
{
    switch (st) {
    case 0:
        if (b >= 0x01 && b <= 0x7F)
            return 0;
        if (b >= 0xC2 && b <= 0xDF)
            return 1;
        if (b == 0xE0)
            return 4;
        if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF)
            return 2;
        if (b == 0xED)
            return 5;
        if (b == 0xF0)
            return 6;
        if (b >= 0xF1 && b <= 0xF3)
            return 3;
        if (b == 0xF4)
            return 7;
        return U8_BAD;
    case 1:
    case 2:
    case 3:
        return b >= 0x80 && b <= 0xBF ? (uint8_t)(st - 1) : U8_BAD;
    case 4:
        return b >= 0xA0 && b <= 0xBF ? 1 : U8_BAD;
    case 5:
        return b >= 0x80 && b <= 0x9F ? 1 : U8_BAD;
    case 6:
        return b >= 0x90 && b <= 0xBF ? 2 : U8_BAD;
    case 7:
        return b >= 0x80 && b <= 0x8F ? 2 : U8_BAD;
    default:
        return U8_BAD;
    }
}

/* One side: a DFA, or a constant (1: matches everything, NULL pattern
 * too; 0: nothing). */
typedef struct {
    const rx_dfa *d;
    int constant;
} side;

static side side_of(const pattern *p)
{
    side s = {NULL, 1};
    if (p != NULL && p->constant < 0) {
        s.d = &p->d;
        s.constant = -1;
    } else if (p != NULL) {
        s.constant = p->constant;
    }
    return s;
}

static size_t side_states(const side *s)
{
    return s->d != NULL ? s->d->n : 2;
}
static uint32_t side_start(const side *s)
{
    return s->d != NULL ? s->d->start : 1;
}
static uint32_t side_next(const side *s, uint32_t q, unsigned b)
{
    if (s->d == NULL || q <= 1)
        return q; /* dead and matched absorb */
    return s->d->next[(size_t)q * s->d->k + s->d->cls[b]];
}
static bool side_accepts(const side *s, uint32_t q)
{
    return q == 1 || (s->d != NULL && q > 1 && s->d->end[q]);
}

/* The search with a count dimension of ccap+1 values (counts above ccap
 * fold into ccap, exact when ccap >= max_chars); 1 found, 0 none, -1 too
 * large to search. not_b: a string b does not match (the complement of a
 * search DFA is one too: its matched state becomes the dead one). The
 * string found is malloc'd into *out, its length in bytes *out_len. */
static int search(const side *a, const side *b, bool not_b, uint64_t min_chars, uint64_t max_chars,
                  uint64_t max_bytes, uint64_t ccap, char **out, size_t *out_len)
{
    size_t na = side_states(a), nb = side_states(b);
    uint64_t total = (uint64_t)na * nb * U8_STATES * (ccap + 1);
    if (total > 4000000u)
        return -1;
    /* byte representatives: one per (class of a, class of b, UTF-8 role),
     * letters and digits preferred so that witnesses read well */
    static const char prefer[] =
        "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_ .";
    unsigned reps[256], nreps = 0;
    bool taken[256] = {false};
    unsigned order[255], norder = 0;
    for (const char *c = prefer; *c; c++)
        order[norder++] = (unsigned char)*c, taken[(unsigned char)*c] = true;
    for (unsigned x = 1; x < 256; x++)
        if (!taken[x])
            order[norder++] = x;
    for (unsigned i = 0; i < norder; i++) {
        unsigned x = order[i];
        bool same = false;
        for (unsigned r = 0; r < nreps && !same; r++) {
            unsigned y = reps[r];
            same = (a->d == NULL || a->d->cls[x] == a->d->cls[y]) &&
                   (b->d == NULL || b->d->cls[x] == b->d->cls[y]);
            for (uint8_t st = 0; st < U8_STATES && same; st++)
                same = u8_next(st, x) == u8_next(st, y);
        }
        if (!same)
            reps[nreps++] = x;
    }
    uint32_t *parent = malloc(total * sizeof *parent);
    uint8_t *via = malloc(total);
    uint32_t *queue = malloc(total * sizeof *queue);
    uint32_t *bytes = malloc(total * sizeof *bytes);
    int found = -1;
    if (parent == NULL || via == NULL || queue == NULL || bytes == NULL)
        goto done;
    memset(parent, 0xFF, total * sizeof *parent);
#define KEY(qa, qb, u, c) ((((uint64_t)(qa)*nb + (qb)) * U8_STATES + (u)) * (ccap + 1) + (c))
    size_t head = 0, tail = 0;
    uint64_t k0 = KEY(side_start(a), side_start(b), 0, 0);
    parent[k0] = (uint32_t)k0;
    bytes[k0] = 0;
    queue[tail++] = (uint32_t)k0;
    found = 0;
    uint64_t hit = 0;
    while (head < tail) {
        uint64_t key = queue[head++];
        uint64_t c = key % (ccap + 1), rest = key / (ccap + 1);
        uint8_t u = (uint8_t)(rest % U8_STATES);
        rest /= U8_STATES;
        uint32_t qb = (uint32_t)(rest % nb), qa = (uint32_t)(rest / nb);
        if (u == 0 && c >= (min_chars < ccap ? min_chars : ccap) && side_accepts(a, qa) &&
            side_accepts(b, qb) != not_b && c <= max_chars && bytes[key] <= max_bytes) {
            found = 1;
            hit = key;
            break;
        }
        if (bytes[key] >= max_bytes)
            continue; /* any longer string breaks the byte bound */
        for (unsigned r = 0; r < nreps; r++) {
            unsigned x = reps[r];
            uint8_t nu = u8_next(u, x);
            uint32_t na2 = side_next(a, qa, x), nb2 = side_next(b, qb, x);
            if (nu == U8_BAD || (a->constant < 0 && na2 == 0) ||
                (b->constant < 0 && nb2 == (not_b ? 1u : 0u)))
                continue;
            if (u == 0 && c >= max_chars)
                continue; /* no room for another code point (c is exact when max_chars is finite) */
            uint64_t nc = c + (u == 0 ? 1 : 0); /* a code point starts between code points */
            if (nc > ccap)
                nc = ccap;
            uint64_t nk = KEY(na2, nb2, nu, nc);
            if (parent[nk] != UINT32_MAX)
                continue;
            parent[nk] = (uint32_t)key;
            via[nk] = (uint8_t)x;
            bytes[nk] = bytes[key] + 1;
            queue[tail++] = (uint32_t)nk;
        }
    }
#undef KEY
    if (found == 1) {
        size_t n = bytes[hit];
        char *text = malloc(n + 1);
        if (text == NULL) {
            found = -1;
            goto done;
        }
        text[n] = '\0';
        *out_len = n;
        for (uint64_t k = hit; parent[k] != k; k = parent[k])
            text[--n] = (char)via[k];
        *out = text;
    }
done:
    free(parent);
    free(via);
    free(queue);
    free(bytes);
    return found;
}

/* The two questions share the search: a string a matches and b does
 * (not_b false) or does not (not_b true). */
static int find_string(const pattern *a, const pattern *b, bool not_b, uint64_t min_chars,
                       uint64_t max_chars, uint64_t max_bytes, char **witness)
{
    if (witness != NULL)
        *witness = NULL;
    side sa = side_of(a), sb = side_of(b);
    if (sa.constant == 0 || (!not_b && sb.constant == 0) || (not_b && sb.constant == 1))
        return 0;
    if (not_b && sb.constant == 0) { /* b matches nothing: any string of a */
        not_b = false;
        sb.constant = 1;
    }
    /* first without the upper bounds' count: a string of at least
     * min_chars code points; none at all means none within the bounds */
    char *w = NULL;
    size_t len = 0;
    int r = search(&sa, &sb, not_b, min_chars, UINT64_MAX, UINT64_MAX, min_chars, &w, &len);
    if (r == 1) {
        size_t chars = 0;
        for (size_t i = 0; i < len; i++)
            chars += ((unsigned char)w[i] & 0xC0) != 0x80;
        if (chars > max_chars || len > max_bytes) {
            /* the shortest string breaks an upper bound: count exactly */
            free(w);
            w = NULL;
            r = max_chars < 100000
                    ? search(&sa, &sb, not_b, min_chars, max_chars, max_bytes, max_chars, &w, &len)
                    : -1;
        }
    }
    if (r == 1 && witness != NULL)
        *witness = w;
    else
        free(w);
    return r;
}

int pattern_common_string(const pattern *a, const pattern *b, uint64_t min_chars,
                          uint64_t max_chars, uint64_t max_bytes, char **witness)
{
    return find_string(a, b, false, min_chars, max_chars, max_bytes, witness);
}

int pattern_difference_string(const pattern *a, const pattern *b, uint64_t min_chars,
                              uint64_t max_chars, uint64_t max_bytes, char **witness)
{
    return find_string(a, b, true, min_chars, max_chars, max_bytes, witness);
}
