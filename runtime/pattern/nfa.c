/* schemac pattern engine, stage 2: Thompson NFA over bytes.
 *
 * The syntax tree becomes a Thompson NFA whose transitions consume single
 * *bytes*: each code point set is split into UTF-8 byte-range sequences
 * (the utf8-ranges algorithm of RE2 and Go), so neither the DFA nor the
 * generated code ever decodes UTF-8. Counted repetitions are expanded
 * here, which is where RX_MAX_NFA_STATES caps a pattern like a{1000}{1000}.
 */
#include "pattern/rx.h"

#include <stdlib.h>

static uint32_t rx_nfa_add(rx_nfa *m, rx_nstate_kind kind, uint8_t lo, uint8_t hi, uint32_t out,
                           uint32_t out1, size_t offset)
{
    rx_nstate *s;

    if (m->n >= RX_MAX_NFA_STATES) {
        rx_fail(m->err, offset, "pattern too complex: more than %u NFA states", RX_MAX_NFA_STATES);
        return RX_NONE;
    }
    s = rx_grow(m->s, &m->cap, m->n + 1, sizeof *s);
    if (!s) {
        rx_fail(m->err, offset, "out of memory");
        return RX_NONE;
    }
    m->s = s;
    s[m->n].kind = (uint8_t)kind;
    s[m->n].lo = lo;
    s[m->n].hi = hi;
    s[m->n].out = out;
    s[m->n].out1 = out1;
    return (uint32_t)m->n++;
}

/* A UTF-8 byte sequence pattern: byte i lies in lo[i]..hi[i]. */
typedef struct {
    uint8_t lo[4], hi[4];
    int len;
} rx_u8seq;

typedef struct {
    rx_u8seq *q;
    size_t n, cap;
} rx_u8seqs;

static int rx_utf8_encode(uint32_t c, uint8_t *b)
{
    if (c < 0x80) {
        b[0] = (uint8_t)c;
        return 1;
    }
    if (c < 0x800) {
        b[0] = (uint8_t)(0xC0 | c >> 6);
        b[1] = (uint8_t)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        b[0] = (uint8_t)(0xE0 | c >> 12);
        b[1] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
        b[2] = (uint8_t)(0x80 | (c & 0x3F));
        return 3;
    }
    b[0] = (uint8_t)(0xF0 | c >> 18);
    b[1] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
    b[2] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
    b[3] = (uint8_t)(0x80 | (c & 0x3F));
    return 4;
}

/* The input is valid UTF-8, so after lead byte E0 only A0..BF can follow,
 * after ED only 80..9F, after F0 only 90..BF, after F4 only 80..8F. A
 * sequence that takes all of those (and any continuation bytes after)
 * may as well take 80..BF: it then looks like its neighbours E1.., EE..,
 * F1.., which keeps byte classes and DFA states fewer, e.g. for `.`. */
static void rx_widen_second_byte(rx_u8seq *q)
{
    static const struct {
        uint8_t lead, lo, hi;
    } narrow[] = {{0xE0, 0xA0, 0xBF}, {0xED, 0x80, 0x9F}, {0xF0, 0x90, 0xBF}, {0xF4, 0x80, 0x8F}};

    if (q->len < 3 || q->lo[0] != q->hi[0])
        return;
    for (int i = 2; i < q->len; i++)
        if (q->lo[i] != 0x80 || q->hi[i] != 0xBF)
            return;
    for (size_t k = 0; k < sizeof narrow / sizeof *narrow; k++) {
        if (q->lo[0] == narrow[k].lead && q->lo[1] == narrow[k].lo && q->hi[1] == narrow[k].hi) {
            q->lo[1] = 0x80;
            q->hi[1] = 0xBF;
        }
    }
}

/* Splits lo..hi into byte-range sequences (the utf8-ranges algorithm of
 * RE2 and Go): first at the encoded-length boundaries, then until every
 * byte position varies independently, so each sequence is a plain
 * product of byte ranges. Surrogates never occur in UTF-8 and are cut. */
static bool rx_utf8_ranges(rx_u8seqs *out, uint32_t lo, uint32_t hi)
{
    static const uint32_t len_max[] = {0x7F, 0x7FF, 0xFFFF};
    rx_u8seq *q;

    if (lo > hi)
        return true;
    if (lo <= 0xDFFF && hi >= 0xD800) {
        if (lo < 0xD800 && !rx_utf8_ranges(out, lo, 0xD7FF))
            return false;
        return hi <= 0xDFFF || rx_utf8_ranges(out, 0xE000, hi);
    }
    for (int i = 0; i < 3; i++)
        if (lo <= len_max[i] && hi > len_max[i])
            return rx_utf8_ranges(out, lo, len_max[i]) && rx_utf8_ranges(out, len_max[i] + 1, hi);
    if (hi > 0x7F) {
        for (int i = 1; i < 4; i++) {
            uint32_t m = (1u << (6 * i)) - 1;
            if ((lo & ~m) != (hi & ~m)) {
                if ((lo & m) != 0)
                    return rx_utf8_ranges(out, lo, lo | m) && rx_utf8_ranges(out, (lo | m) + 1, hi);
                if ((hi & m) != m)
                    return rx_utf8_ranges(out, lo, (hi & ~m) - 1) &&
                           rx_utf8_ranges(out, hi & ~m, hi);
            }
        }
    }
    q = rx_grow(out->q, &out->cap, out->n + 1, sizeof *q);
    if (!q)
        return false;
    out->q = q;
    q += out->n++;
    q->len = rx_utf8_encode(lo, q->lo);
    rx_utf8_encode(hi, q->hi);
    rx_widen_second_byte(q);
    return true;
}

/* A set of more sequences than this (a Unicode property such as \p{L},
 * some 1,500 of them) is built as a trie instead of one alternative per
 * sequence. */
#define RX_TRIE_MIN_SEQUENCES 64

/* Sequences q[0..n), in ascending order and agreeing on their first d
 * bytes, as a trie from byte d on: one state per distinct byte range at
 * each position. Each DFA state the set takes part in then holds one NFA
 * state per distinct range instead of one per sequence, which is what
 * makes the subset construction of a large set fast. (Ranges at one
 * position either coincide or are disjoint: the sequences encode disjoint
 * code points.) */
static uint32_t rx_set_trie(rx_nfa *m, const rx_u8seq *q, size_t n, int d, uint32_t next,
                            size_t offset)
{
    uint32_t entry = RX_NONE;
    if (d >= 4) /* never: a sequence ends by its 4th byte (said for gcc -O3's -Warray-bounds) */
        return RX_NONE;
    /* from the last range to the first, so the alternatives read in order */
    for (size_t j = n; j > 0;) {
        size_t i = j - 1;
        while (i > 0 && q[i - 1].lo[d] == q[j - 1].lo[d] && q[i - 1].hi[d] == q[j - 1].hi[d])
            i--;
        uint32_t child =
            d + 1 >= q[i].len ? next : rx_set_trie(m, q + i, j - i, d + 1, next, offset);
        uint32_t t = child == RX_NONE
                         ? RX_NONE
                         : rx_nfa_add(m, RX_S_BYTE, q[i].lo[d], q[i].hi[d], child, RX_NONE, offset);
        if (t == RX_NONE)
            return RX_NONE;
        entry = entry == RX_NONE ? t : rx_nfa_add(m, RX_S_SPLIT, 0, 0, t, entry, offset);
        if (entry == RX_NONE)
            return RX_NONE;
        j = i;
    }
    return entry;
}

/* Each compile function builds backwards: given the state to continue
 * with, it returns the entry state of its piece (or RX_NONE on error). */
static uint32_t rx_compile_set(rx_nfa *m, const rx_node *x, uint32_t next)
{
    rx_u8seqs seqs = {0};
    struct memo {
        uint8_t lo, hi;
        uint32_t out, id;
    } *memo = NULL;
    size_t nmemo = 0, capmemo = 0;
    uint32_t entry = RX_NONE;

    for (size_t i = 0; i < x->set.n; i++) {
        if (!rx_utf8_ranges(&seqs, x->set.r[i].lo, x->set.r[i].hi)) {
            rx_fail(m->err, x->offset, "out of memory");
            goto done;
        }
    }
    if (seqs.n == 0) { /* empty set, e.g. [] : a state that never matches */
        entry = rx_nfa_add(m, RX_S_BYTE, 1, 0, RX_NONE, RX_NONE, x->offset);
        goto done;
    }
    if (seqs.n > RX_TRIE_MIN_SEQUENCES) {
        entry = rx_set_trie(m, seqs.q, seqs.n, 0, next, x->offset);
        goto done;
    }
    for (size_t i = 0; i < seqs.n; i++) {
        uint32_t t = next;
        /* Sequences share tails (mostly continuation bytes): reuse states
         * with the same range and successor to keep the NFA small. */
        for (int b = seqs.q[i].len - 1; b >= 0 && t != RX_NONE; b--) {
            uint8_t lo = seqs.q[i].lo[b], hi = seqs.q[i].hi[b];
            size_t k;
            for (k = 0; k < nmemo; k++)
                if (memo[k].lo == lo && memo[k].hi == hi && memo[k].out == t)
                    break;
            if (k < nmemo) {
                t = memo[k].id;
                continue;
            }
            struct memo *mm = rx_grow(memo, &capmemo, nmemo + 1, sizeof *mm);
            if (!mm) {
                rx_fail(m->err, x->offset, "out of memory");
                t = RX_NONE;
                break;
            }
            memo = mm;
            memo[nmemo].lo = lo;
            memo[nmemo].hi = hi;
            memo[nmemo].out = t;
            t = memo[nmemo].id = rx_nfa_add(m, RX_S_BYTE, lo, hi, t, RX_NONE, x->offset);
            nmemo++;
        }
        if (t == RX_NONE) {
            entry = RX_NONE;
            goto done;
        }
        entry = entry == RX_NONE ? t : rx_nfa_add(m, RX_S_SPLIT, 0, 0, t, entry, x->offset);
        if (entry == RX_NONE)
            goto done;
    }
done:
    free(seqs.q);
    free(memo);
    return entry;
}

static uint32_t rx_compile_node(rx_nfa *m, const rx_node *x, uint32_t next)
{
    uint32_t t = next, entry = RX_NONE, s, body;

    switch (x->kind) {
    case RX_CAT:
        for (size_t i = x->nkids; i-- > 0 && t != RX_NONE;)
            t = rx_compile_node(m, x->kids[i], t);
        return t;
    case RX_ALT:
        for (size_t i = x->nkids; i-- > 0;) {
            t = rx_compile_node(m, x->kids[i], next);
            if (t == RX_NONE)
                return RX_NONE;
            entry = entry == RX_NONE ? t : rx_nfa_add(m, RX_S_SPLIT, 0, 0, t, entry, x->offset);
            if (entry == RX_NONE)
                return RX_NONE;
        }
        return entry;
    case RX_SET:
        return rx_compile_set(m, x, next);
    case RX_BOL:
    case RX_EOL:
        return rx_nfa_add(m, x->kind == RX_BOL ? RX_S_BOL : RX_S_EOL, 0, 0, next, RX_NONE,
                          x->offset);
    case RX_REPEAT:
        break;
    }
    /* x{min,max}: min copies, then either a loop (x*) or max-min nested
     * optional copies x(x(x)?)? so that skipping any of them ends it. */
    uint32_t min = x->min;
    if (x->max == RX_REPEAT_INF) {
        s = rx_nfa_add(m, RX_S_SPLIT, 0, 0, RX_NONE, next, x->offset);
        if (s == RX_NONE || (body = rx_compile_node(m, x->kids[0], s)) == RX_NONE)
            return RX_NONE;
        m->s[s].out = body;
        t = s;
        if (min > 0) { /* x+ : enter the loop through its body */
            t = body;
            min--;
        }
    } else {
        for (uint32_t k = 0; k < x->max - x->min; k++) {
            if ((body = rx_compile_node(m, x->kids[0], t)) == RX_NONE)
                return RX_NONE;
            if ((t = rx_nfa_add(m, RX_S_SPLIT, 0, 0, body, next, x->offset)) == RX_NONE)
                return RX_NONE;
        }
    }
    for (uint32_t k = 0; k < min && t != RX_NONE; k++)
        t = rx_compile_node(m, x->kids[0], t);
    return t;
}

uint32_t rx_nfa_build(rx_nfa *m, const rx_node *ast)
{
    uint32_t match = rx_nfa_add(m, RX_S_MATCH, 0, 0, RX_NONE, RX_NONE, 0);

    return match == RX_NONE ? RX_NONE : rx_compile_node(m, ast, match);
}
