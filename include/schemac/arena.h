/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: the arena every decode allocates from.
 *
 * Ownership, once for the whole library: a decoded value lives in the arena
 * passed to its decode call. Nothing in it is freed on its own; resetting or
 * releasing the arena frees everything decoded into it, including what a
 * failed decode had allocated, so no decode path can leak.
 *
 * An arena is made either over a caller buffer (a decode that needs more
 * fails with SC_ERR_NOMEM; the arena itself never touches the heap, what
 * it does not cover is listed in docs/security.md) or over an allocator
 * given as function + context (NULL means malloc/free). Arenas are not
 * thread-safe; use one per thread or per request.
 *
 * Every arena carries decode limits (sc_limits): what one untrusted
 * document may cost. Decodes into the arena fail with SC_ERR_LIMIT (or
 * SC_ERR_DEPTH for nesting) when a document goes past one. The same limits
 * bound T_validate and T_encode of values built in C (their _within forms
 * take them; docs/security.md).
 */
#ifndef SCHEMAC_ARENA_H
#define SCHEMAC_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#include "export.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_allocator {
    void *(*alloc)(void *ctx, size_t size); /* NULL on failure */
    void (*free)(void *ctx, void *ptr);
    void *ctx;
} sc_allocator;

/* Decode limits. A field left 0 takes its default (SC_DEFAULT_*); SIZE_MAX
 * (INT_MAX for max_depth) lifts a limit. docs/security.md says what each
 * one bounds (in a decode, and in a validate or an encode) and what a
 * server should set. */
typedef struct sc_limits {
    /* Bytes the arena may hold at once: the heap blocks it takes from its
     * allocator (a buffer arena's own bytes are bounded by the buffer) plus
     * what is allocated outside it on its behalf (cJSON trees of cJSON *
     * members and sc_parse_json, charged at their cJSON node size). */
    size_t max_bytes;
    size_t max_input;   /* bytes of one document given to a decode */
    size_t max_string;  /* bytes of one string or key, once unescaped */
    size_t max_items;   /* elements of one array */
    size_t max_members; /* members of one object */
    int max_depth;      /* nesting of arrays and objects; at most SC_MAX_DEPTH */
} sc_limits;

#define SC_DEFAULT_MAX_BYTES ((size_t)64 << 20)
#define SC_DEFAULT_MAX_INPUT ((size_t)16 << 20)
#define SC_DEFAULT_MAX_STRING ((size_t)1 << 20)
#define SC_DEFAULT_MAX_ITEMS ((size_t)1 << 20)
#define SC_DEFAULT_MAX_MEMBERS ((size_t)1 << 16)
#define SC_DEFAULT_MAX_DEPTH 64

/* The ceiling of the depth limit: sc_limits.max_depth (default
 * SC_DEFAULT_MAX_DEPTH, 64) can be raised up to it, and validate and encode
 * follow a value built in C this deep (so a cycle ends in SC_ERR_DEPTH, and
 * every value a decode accepts validates). Fixed: libschemac and generated
 * code must agree on it, so it is not a macro to override
 * (docs/security.md). The reader carries the effective limit. */
#define SC_MAX_DEPTH 1000

typedef struct sc_arena_block sc_arena_block;
typedef struct sc_arena_cleanup sc_arena_cleanup;

/* Treat as opaque; it is declared here so it can live on the stack. */
typedef struct sc_arena {
    unsigned char *cur;      /* next free byte of the current block */
    unsigned char *end;      /* end of the current block */
    unsigned char *last;     /* start of the last allocation, for sc_arena_grow */
    unsigned char *grow_ptr; /* the array sc_arena_grow last moved, and */
    unsigned char *grow_end; /* the end of the room it may grow into */
    unsigned char *buffer;   /* caller buffer, or NULL */
    size_t buffer_size;
    sc_arena_block *blocks;     /* heap blocks, newest first */
    sc_arena_cleanup *cleanups; /* run on reset/release, newest first */
    sc_allocator allocator;
    bool has_allocator;
    size_t block_size; /* size of the next heap block */
    size_t used;       /* bytes handed out since init/reset */
    sc_limits limits;  /* resolved: no field is 0 */
    size_t held;       /* heap blocks (headers included) plus charges */
    bool over_limit;   /* the last failure was max_bytes, not the allocator */
} sc_arena;

/* An arena over buf[0..size): never touches the heap. Both init functions
 * set the default limits. */
SC_API void sc_arena_init_buffer(sc_arena *arena, void *buf, size_t size);

/* An arena over an allocator; NULL means malloc/free. */
SC_API void sc_arena_init(sc_arena *arena, const sc_allocator *allocator);

/* size bytes aligned for any type, or NULL when out of memory.
 * A zero size returns a valid unique pointer. */
SC_API void *sc_arena_alloc(sc_arena *arena, size_t size);

/* Resize ptr (from this arena, old_size bytes) to new_size >= old_size.
 * Grows in place when ptr is the arena's last allocation, or the array this
 * function last moved and its room still holds new_size; else copies, into
 * room for 4 times new_size that later small allocations do not use, so the
 * next doublings happen in place (heap arenas only: an arena over a caller
 * buffer just copies). ptr may be NULL with old_size 0. NULL when out of
 * memory. */
SC_API void *sc_arena_grow(sc_arena *arena, void *ptr, size_t old_size, size_t new_size);

/* A NUL-terminated copy of s[0..len). */
SC_API char *sc_arena_strndup(sc_arena *arena, const char *s, size_t len);

/* Run fn(ptr) when the arena is reset or released (e.g. cJSON_Delete for a
 * kept subtree). Returns 0, or SC_ERR_NOMEM (and then runs fn(ptr) at once,
 * so the resource is never lost). */
SC_API int sc_arena_on_release(sc_arena *arena, void (*fn)(void *), void *ptr);

/* Free everything allocated so far; the arena stays usable. Keeps heap
 * memory for reuse so a reset loop stops calling the allocator: the one
 * block if a single block was in use, else one new block as large as all
 * the blocks together (keeping only the largest would send a loop whose
 * work spans several blocks back to the allocator every round). */
SC_API void sc_arena_reset(sc_arena *arena);

/* Free everything, heap blocks included. The arena must be re-initialised
 * before further use. */
SC_API void sc_arena_release(sc_arena *arena);

/* Bytes handed out since the last init or reset (for tests and benchmarks). */
SC_API size_t sc_arena_used(const sc_arena *arena);

/* Sets the limits of every later decode into the arena (NULL: the
 * defaults). Fields left 0 take their defaults; max_depth is clamped to
 * [1, SC_MAX_DEPTH]. Reset keeps them. */
SC_API void sc_arena_set_limits(sc_arena *arena, const sc_limits *limits);

/* The limits in force, every field resolved. */
SC_API sc_limits sc_arena_limits(const sc_arena *arena);
/* The same by address (generated tool code validates a handler's result
 * under the limits its arguments were decoded under). */
SC_API const sc_limits *sc_arena_limits_of(const sc_arena *arena);

/* limits (NULL: the defaults) as an arena would hold them: fields left 0
 * take their defaults, max_depth clamped to [1, SC_MAX_DEPTH]. */
SC_API sc_limits sc_limits_resolve(const sc_limits *limits);

/* Bytes the arena holds against max_bytes: its heap blocks, headers
 * included, plus charges; 0 after release. */
SC_API size_t sc_arena_held(const sc_arena *arena);

/* Counts bytes allocated outside the arena on its behalf (a cJSON tree it
 * will delete) against max_bytes until the next reset. Returns 0, or
 * SC_ERR_LIMIT (nothing charged) when they would take the arena past it. */
SC_API int sc_arena_charge(sc_arena *arena, size_t bytes) SC_NODISCARD;

/* Whether the last allocation that failed was refused by max_bytes rather
 * than by the allocator or the buffer (the reader then reports
 * SC_ERR_LIMIT, not SC_ERR_NOMEM). */
SC_API bool sc_arena_over_limit(const sc_arena *arena);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_ARENA_H */
