/* schemac pattern engine: what its stages share (internal to runtime/pattern).
 *
 * A pattern goes through five stages, one file each (see docs/patterns.md):
 *   parse.c     the ECMA-262 subset (u-flag grammar) into a syntax tree
 *               whose leaves are code point sets (cpset.c);
 *   nfa.c       a Thompson NFA over UTF-8 *bytes*;
 *   dfa.c       a DFA by subset construction (unanchored search, ^ and $);
 *   minimise.c  dead/matched states folded, Moore minimisation, byte
 *               classes merged;
 *   match.c     a loop over the tables that reads each byte once
 *               (pattern_match); the generator's emit/c/emit_c_pattern.c
 *               prints the tables and the same loop as C (pattern_dfa).
 * compile.c runs them behind the public pattern.h. Everything here is
 * prefixed rx_ / RX_ so it cannot be confused with the generator's model
 * (its `node`, its parser).
 */
#ifndef SCHEMAC_PATTERN_RX_H
#define SCHEMAC_PATTERN_RX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pattern/pattern.h"

#if defined(__GNUC__) || defined(__clang__)
#define RX_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define RX_PRINTF(fmt, args)
#endif

/* A DFA can be exponentially larger than its pattern, so each stage is
 * capped; over a cap the pattern is rejected as "too complex" instead of
 * turning into megabytes of tables. */
#define RX_MAX_REPEAT 1000u           /* largest n or m in {n,m} */
#define RX_MAX_DEPTH 100u             /* nesting of groups */
#define RX_MAX_NFA_STATES 200000u     /* after expanding counted repetitions */
#define RX_MAX_SUBSET_STATES 30000u   /* during subset construction */
#define RX_MAX_DFA_STATES 10000u      /* after minimisation: rows of the emitted table */
#define RX_MAX_TABLE_CELLS 1000000u   /* states x byte classes of the emitted table */
#define RX_SUBSET_BUDGET 100000000ull /* NFA states visited and stored while building */
#define RX_MINIMISE_BUDGET 200000000ull
#define RX_REPEAT_INF UINT32_MAX
#define RX_NONE UINT32_MAX
#define RX_MAX_CODE_POINT 0x10FFFFu

/* ---- errors and arrays (compile.c) --------------------------------------
 * Every stage reports through an errsink and allocates with plain malloc,
 * so running out of memory is an error pattern_compile returns (the tests
 * fail each allocation in turn), not an exit. */

typedef struct {
    char *buf;
    size_t size;
    size_t offset;
    bool failed;
    /* The subset construction's work allowed (0: RX_SUBSET_BUDGET) and,
     * after it, the work it did (pattern_compile_ex's budget). */
    unsigned long long budget, spent;
} rx_errsink;

/* Records the first error only: later ones are consequences of it. */
void rx_fail(rx_errsink *e, size_t offset, const char *fmt, ...) RX_PRINTF(3, 4);

/* Grows ptr (of *cap elements of elem bytes) to hold need elements:
 * returns the new array (updating *cap) or NULL, ptr untouched. */
void *rx_grow(void *ptr, size_t *cap, size_t need, size_t elem);

/* ---- code point sets (cpset.c): sorted, disjoint, non-adjacent ranges ---- */

typedef struct {
    uint32_t lo, hi;
} rx_cprange;

typedef struct {
    rx_cprange *r;
    size_t n, cap;
} rx_cpset;

/* These return false when out of memory. */
bool rx_set_add(rx_cpset *s, uint32_t lo, uint32_t hi);
bool rx_set_add_ranges(rx_cpset *s, const rx_cprange *r, size_t n);
void rx_set_normalize(rx_cpset *s);
/* Complement over all code points; s must be normalized. */
bool rx_set_negate(rx_cpset *s);

/* ---- syntax tree (parse.c) ---------------------------------------------- */

typedef enum { RX_CAT, RX_ALT, RX_SET, RX_REPEAT, RX_BOL, RX_EOL } rx_node_kind;

typedef struct rx_node rx_node;
struct rx_node {
    rx_node_kind kind;
    size_t offset;  /* in the source, for "too complex" messages */
    rx_cpset set;   /* RX_SET */
    rx_node **kids; /* RX_CAT, RX_ALT; RX_REPEAT has exactly one */
    size_t nkids, capkids;
    uint32_t min, max; /* RX_REPEAT; max may be RX_REPEAT_INF */
};

/* Parses src[0..len); NULL (and an error in err) if it is not a pattern
 * of the supported subset. flags: pattern_compile_ex's. */
rx_node *rx_parse(const char *src, size_t len, unsigned flags, rx_errsink *err);
void rx_node_free(rx_node *x);

/* ---- NFA over bytes (nfa.c) --------------------------------------------- */

typedef enum { RX_S_BYTE, RX_S_SPLIT, RX_S_BOL, RX_S_EOL, RX_S_MATCH } rx_nstate_kind;

typedef struct {
    uint8_t kind, lo, hi; /* RX_S_BYTE consumes one byte in lo..hi */
    uint32_t out, out1;   /* out1 only for RX_S_SPLIT */
} rx_nstate;

typedef struct {
    rx_nstate *s;
    size_t n, cap;
    rx_errsink *err;
} rx_nfa;

/* Adds the match state and the states of ast to m (m->err set, the rest
 * zero); returns the entry state, or RX_NONE on error. The caller frees
 * m->s either way. */
uint32_t rx_nfa_build(rx_nfa *m, const rx_node *ast);

/* ---- DFA (dfa.c, minimise.c) -------------------------------------------- */

typedef struct {
    size_t n;       /* states; 0 = no match possible, 1 = matched */
    unsigned k;     /* byte classes */
    uint32_t *next; /* n x k */
    bool *end;      /* accepts if the input ends here */
    uint32_t start;
    uint8_t cls[256];
} rx_dfa;

/* Subset construction from the NFA state entry into *d (zeroed by the
 * caller). When the pattern matches at position 0 whatever follows, sets
 * *start_matches and leaves *d empty. False (error in err) on failure;
 * the caller frees d->next and d->end either way. */
bool rx_dfa_build(const rx_nfa *m, uint32_t entry, rx_errsink *err, rx_dfa *d, bool *start_matches);

/* FNV-1a over a list of state ids (and an end flag): the hash of the
 * subset construction's state table, reused by minimisation. */
uint32_t rx_hash_ids(const uint32_t *ids, size_t n, bool end);

/* Folds dead and matched states, minimises, merges equal byte classes.
 * False only when out of memory. */
bool rx_dfa_minimise(rx_dfa *d);

/* ---- the compiled pattern (compile.c; pattern_dfa_of shows it) ---------- */

struct pattern {
    char *source;
    int constant; /* 0 or 1: matches nothing / everything; -1: use the DFA */
    rx_dfa d;
};

#endif /* SCHEMAC_PATTERN_RX_H */
