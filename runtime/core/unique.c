/* schemac runtime: uniqueItems.
 *
 * sc_find_duplicate returns the smallest index j such that items[j] equals
 * some items[i] with i < j (JSON equality), or n if there is none. Small
 * arrays are compared pairwise; larger ones go through an open-addressing
 * hash set, inserted in index order so the first hit is the smallest j: on
 * the stack up to 256 items, else a calloc of at most 32 bytes per item,
 * freed before returning (docs/security.md: not counted in the arena).
 *
 * The arrays come from untrusted JSON, so the hash is seeded per call from
 * addresses (ASLR) to make colliding inputs hard to precompute. It is not a
 * cryptographic defence; it keeps the expected time linear for honest input
 * and makes a flood of collisions require knowing the process layout.
 */
#include "schemac/check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Up to this many elements the n^2/2 comparisons beat hashing. */
#define SC_UNIQUE_PAIRWISE_MAX 16

typedef struct {
    const unsigned char *base;
    size_t size;
    sc_unique_kind kind;
} elements;

/* 8 bytes: the table is the one allocation of a decode outside the arena
 * (the check functions have none), so it is kept small. */
typedef struct {
    uint32_t index_plus_1; /* 0: empty slot */
    uint32_t hash_high;    /* the hash's top half; its low bits chose the slot */
} slot;

/* Tables of up to this many slots (arrays of up to half as many items)
 * live on the stack: no heap for them, in a buffer arena either. */
#define LOCAL_SLOTS 512

/* The kinds that read a typed value need the stride to hold it; anything
 * else is compared as raw bytes rather than read out of bounds. */
static sc_unique_kind effective_kind(sc_unique_kind kind, size_t size)
{
    switch (kind) {
    case SC_UNIQUE_DOUBLE:
        return size >= sizeof(double) ? kind : SC_UNIQUE_BYTES;
    case SC_UNIQUE_FLOAT:
        return size >= sizeof(float) ? kind : SC_UNIQUE_BYTES;
    case SC_UNIQUE_STRPTR:
        return size >= sizeof(char *) ? kind : SC_UNIQUE_BYTES;
    case SC_UNIQUE_BYTES:
    case SC_UNIQUE_CHARBUF:
        return kind;
    }
    return SC_UNIQUE_BYTES;
}

/* The bytes that define element i's value: -0.0 is folded into 0.0 so equal
 * numbers hash alike; strings are their content without the NUL. A NULL
 * char * has no bytes and *is_null set. */
static const unsigned char *element_bytes(const elements *e, size_t i, size_t *len,
                                          unsigned char scratch[static sizeof(double)],
                                          bool *is_null)
{
    const unsigned char *p = e->base + i * e->size;
    *is_null = false;
    switch (e->kind) {
    case SC_UNIQUE_DOUBLE: {
        double d;
        memcpy(&d, p, sizeof d);
        if (d == 0)
            d = 0.0;
        memcpy(scratch, &d, sizeof d);
        *len = sizeof d;
        return scratch;
    }
    case SC_UNIQUE_FLOAT: {
        float f;
        memcpy(&f, p, sizeof f);
        if (f == 0)
            f = 0.0f;
        memcpy(scratch, &f, sizeof f);
        *len = sizeof f;
        return scratch;
    }
    case SC_UNIQUE_STRPTR: {
        const char *s;
        memcpy(&s, p, sizeof s);
        *is_null = s == NULL;
        *len = s ? strlen(s) : 0;
        return (const unsigned char *)s;
    }
    case SC_UNIQUE_CHARBUF: {
        const unsigned char *nul = memchr(p, 0, e->size);
        *len = nul ? (size_t)(nul - p) : e->size;
        return p;
    }
    case SC_UNIQUE_BYTES:
        break;
    }
    *len = e->size;
    return p;
}

static bool elements_equal(const elements *e, size_t a, size_t b)
{
    const unsigned char *pa = e->base + a * e->size, *pb = e->base + b * e->size;
    switch (e->kind) {
    case SC_UNIQUE_DOUBLE: {
        double x, y;
        memcpy(&x, pa, sizeof x);
        memcpy(&y, pb, sizeof y);
        return x == y; /* 0.0 == -0.0; NaN cannot come from JSON */
    }
    case SC_UNIQUE_FLOAT: {
        float x, y;
        memcpy(&x, pa, sizeof x);
        memcpy(&y, pb, sizeof y);
        return x == y;
    }
    case SC_UNIQUE_STRPTR: {
        const char *x, *y;
        memcpy(&x, pa, sizeof x);
        memcpy(&y, pb, sizeof y);
        if (x == NULL || y == NULL)
            return x == y;
        return strcmp(x, y) == 0;
    }
    case SC_UNIQUE_CHARBUF: {
        const unsigned char *na = memchr(pa, 0, e->size), *nb = memchr(pb, 0, e->size);
        size_t la = na ? (size_t)(na - pa) : e->size, lb = nb ? (size_t)(nb - pb) : e->size;
        return la == lb && memcmp(pa, pb, la) == 0;
    }
    case SC_UNIQUE_BYTES:
        break;
    }
    return memcmp(pa, pb, e->size) == 0;
}

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    h *= UINT64_C(0xc4ceb9fe1a85ec53);
    h ^= h >> 33;
    return h;
}

static uint64_t hash_bytes(const unsigned char *p, size_t len, uint64_t seed)
{
    uint64_t h = mix64(seed ^ (uint64_t)len);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ mix64(w + seed)) * UINT64_C(0x9e3779b97f4a7c15);
        p += 8;
        len -= 8;
    }
    uint64_t tail = 0;
    memcpy(&tail, p, len);
    return mix64(h ^ mix64(tail + seed + 1));
}

static uint64_t element_hash(const elements *e, size_t i, uint64_t seed)
{
    unsigned char scratch[sizeof(double)];
    size_t len;
    bool is_null;
    const unsigned char *p = element_bytes(e, i, &len, scratch, &is_null);
    if (is_null)
        return mix64(seed ^ UINT64_C(0x6e756c6c)); /* any fixed value */
    return hash_bytes(p, len, seed);
}

static size_t find_pairwise(const elements *e, size_t n)
{
    for (size_t j = 1; j < n; j++)
        for (size_t i = 0; i < j; i++)
            if (elements_equal(e, i, j))
                return j;
    return n;
}

static size_t find_hashed(const elements *e, size_t n)
{
    /* Capacity: a power of two at least 2n, so the load stays <= 1/2. */
    size_t cap = 1;
    slot local[LOCAL_SLOTS];
    if (n >= UINT32_MAX)
        return n + 1; /* indexes are 32-bit */
    while (cap < n) {
        if (cap > SIZE_MAX / 4 / sizeof(slot))
            return n + 1;
        cap <<= 1;
    }
    cap <<= 1;
    slot *table = local;
    if (cap <= LOCAL_SLOTS)
        memset(local, 0, cap * sizeof *local);
    else if ((table = calloc(cap, sizeof *table)) == NULL)
        return n + 1;
    uint64_t seed = mix64((uint64_t)(uintptr_t)table ^ mix64((uint64_t)(uintptr_t)&cap) ^
                          (uint64_t)(uintptr_t)e->base);
    size_t mask = cap - 1, result = n;
    for (size_t j = 0; j < n && result == n; j++) {
        uint64_t h = element_hash(e, j, seed);
        uint32_t high = (uint32_t)(h >> 32);
        size_t pos = (size_t)h & mask;
        for (;;) {
            slot *s = &table[pos];
            if (s->index_plus_1 == 0) {
                s->index_plus_1 = (uint32_t)(j + 1);
                s->hash_high = high;
                break;
            }
            if (s->hash_high == high && elements_equal(e, s->index_plus_1 - 1, j)) {
                result = j;
                break;
            }
            pos = (pos + 1) & mask;
        }
    }
    if (table != local)
        free(table);
    return result;
}

size_t sc_find_duplicate(const void *items, size_t n, size_t size, sc_unique_kind kind)
{
    if (n < 2 || items == NULL)
        return n;
    elements e = {items, size, effective_kind(kind, size)};
    if (n <= SC_UNIQUE_PAIRWISE_MAX)
        return find_pairwise(&e, n);
    return find_hashed(&e, n);
}
