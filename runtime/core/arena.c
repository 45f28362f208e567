/* sc_arena: bump allocation over a caller buffer or over heap blocks. */
#include <limits.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/arena.h"
#include "schemac/error.h"
#include "schemac/reader.h" /* SC_MAX_DEPTH */

/* -DSC_ARENA_POISON (the fuzz targets of tests/fuzz, built with
 * AddressSanitizer): the bytes of a block or buffer not handed out are
 * poisoned, so a read or write past an allocation is reported although it
 * stays inside the block. Off by default: a buffer arena on the stack that
 * is never released would stay poisoned after its frame is gone. */
#ifdef SC_ARENA_POISON
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define ALIGN ((size_t)alignof(max_align_t))
#define FIRST_BLOCK ((size_t)4096)
#define MAX_BLOCK ((size_t)1 << 20) /* geometric growth stops here */

struct sc_arena_block {
    sc_arena_block *next;
    size_t size; /* usable bytes after the header */
};

struct sc_arena_cleanup {
    sc_arena_cleanup *next;
    void (*fn)(void *);
    void *ptr;
};

/* The header rounded up so the data after it is aligned for any type. */
#define HEADER ((sizeof(sc_arena_block) + ALIGN - 1) & ~(ALIGN - 1))

static unsigned char *block_data(sc_arena_block *b)
{
    return (unsigned char *)b + HEADER;
}

static void *default_alloc(void *ctx, size_t size)
{
    (void)ctx;
    return malloc(size);
}

static void default_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

sc_limits sc_limits_resolve(const sc_limits *limits)
{
    sc_limits l = {0, 0, 0, 0, 0, 0}, out;
    if (limits != NULL)
        l = *limits;
    out.max_bytes = l.max_bytes != 0 ? l.max_bytes : SC_DEFAULT_MAX_BYTES;
    out.max_input = l.max_input != 0 ? l.max_input : SC_DEFAULT_MAX_INPUT;
    out.max_string = l.max_string != 0 ? l.max_string : SC_DEFAULT_MAX_STRING;
    out.max_items = l.max_items != 0 ? l.max_items : SC_DEFAULT_MAX_ITEMS;
    out.max_members = l.max_members != 0 ? l.max_members : SC_DEFAULT_MAX_MEMBERS;
    out.max_depth = l.max_depth == 0             ? SC_DEFAULT_MAX_DEPTH
                    : l.max_depth < 1            ? 1
                    : l.max_depth > SC_MAX_DEPTH ? SC_MAX_DEPTH
                                                 : l.max_depth;
    return out;
}

void sc_arena_set_limits(sc_arena *arena, const sc_limits *limits)
{
    arena->limits = sc_limits_resolve(limits);
}

sc_limits sc_arena_limits(const sc_arena *arena)
{
    return arena->limits;
}

const sc_limits *sc_arena_limits_of(const sc_arena *arena)
{
    return &arena->limits;
}

size_t sc_arena_held(const sc_arena *arena)
{
    return arena->held;
}

bool sc_arena_over_limit(const sc_arena *arena)
{
    return arena->over_limit;
}

int sc_arena_charge(sc_arena *arena, size_t bytes)
{
    if (bytes > arena->limits.max_bytes || arena->held > arena->limits.max_bytes - bytes) {
        arena->over_limit = true;
        return SC_ERR_LIMIT;
    }
    arena->held += bytes;
    return 0;
}

void sc_arena_init_buffer(sc_arena *arena, void *buf, size_t size)
{
    memset(arena, 0, sizeof *arena);
    sc_arena_set_limits(arena, NULL);
    if (buf && size > 0) {
        arena->buffer = buf;
        arena->buffer_size = size;
        arena->cur = buf;
        arena->end = arena->cur + size;
        POISON(buf, size);
    }
}

void sc_arena_init(sc_arena *arena, const sc_allocator *allocator)
{
    memset(arena, 0, sizeof *arena);
    sc_arena_set_limits(arena, NULL);
    if (allocator && allocator->alloc && allocator->free) {
        arena->allocator = *allocator;
    } else {
        arena->allocator.alloc = default_alloc;
        arena->allocator.free = default_free;
        arena->allocator.ctx = NULL;
    }
    arena->has_allocator = true;
    arena->block_size = FIRST_BLOCK;
}

/* Usable bytes of a block wanted for want bytes, of which need must fit:
 * want, or less when want would take the arena past max_bytes; 0 when not
 * even need fits (over_limit set). */
static size_t block_within_limit(sc_arena *arena, size_t want, size_t need)
{
    size_t room = arena->limits.max_bytes > arena->held ? arena->limits.max_bytes - arena->held : 0;
    room = room > HEADER ? room - HEADER : 0;
    if (want <= room)
        return want;
    if (need <= room)
        return room;
    arena->over_limit = true;
    return 0;
}

/* A new heap block with at least size usable bytes, or NULL (over_limit
 * set when max_bytes refused it). */
static sc_arena_block *new_block(sc_arena *arena, size_t size)
{
    sc_arena_block *b;

    if (size > SIZE_MAX - HEADER || block_within_limit(arena, size, size) == 0)
        return NULL;
    b = arena->allocator.alloc(arena->allocator.ctx, HEADER + size);
    if (!b)
        return NULL;
    b->size = size;
    POISON(block_data(b), size);
    arena->held += HEADER + size;
    return b;
}

/* Makes b the current block. */
static void use_block(sc_arena *arena, sc_arena_block *b)
{
    b->next = arena->blocks;
    arena->blocks = b;
    arena->cur = block_data(b);
    arena->end = arena->cur + b->size;
}

/* Bytes of padding that align cur. */
static size_t pad_of(const unsigned char *cur)
{
    return (size_t)(-(uintptr_t)cur) & (ALIGN - 1);
}

void *sc_arena_alloc(sc_arena *arena, size_t size)
{
    unsigned char *p;

    if (size == 0)
        size = 1; /* a unique pointer */
    if (arena->cur) {
        size_t pad = pad_of(arena->cur);
        size_t avail = (size_t)(arena->end - arena->cur);
        if (avail >= pad && avail - pad >= size) {
            p = arena->cur + pad;
            UNPOISON(p, size);
            arena->cur = p + size;
            arena->last = p;
            arena->used += size;
            return p;
        }
    }
    arena->over_limit = false;
    if (!arena->has_allocator || size > SIZE_MAX - HEADER - ALIGN)
        return NULL;

    if (size > arena->block_size / 2) {
        /* Oversize: a block of its own, linked behind the current one so the
         * current block keeps serving small requests. */
        sc_arena_block *b = new_block(arena, size);
        if (!b)
            return NULL;
        if (arena->blocks) {
            b->next = arena->blocks->next;
            arena->blocks->next = b;
        } else {
            b->next = NULL;
            arena->blocks = b;
            arena->cur = arena->end = block_data(b) + size; /* full */
        }
        arena->last = NULL; /* not growable in place */
        arena->used += size;
        UNPOISON(block_data(b), size);
        return block_data(b);
    }

    {
        /* the doubling size, or what max_bytes leaves if that is less */
        size_t want = block_within_limit(arena, arena->block_size, size);
        sc_arena_block *b = want != 0 ? new_block(arena, want) : NULL;
        if (!b)
            return NULL;
        if (arena->block_size < MAX_BLOCK)
            arena->block_size *= 2;
        use_block(arena, b);
    }
    p = arena->cur; /* block data is aligned */
    UNPOISON(p, size);
    arena->cur = p + size;
    arena->last = p;
    arena->used += size;
    return p;
}

/* How much room a moving array gets: this many times its new size, so
 * that it then grows in place (see sc_arena_grow). */
#define GROW_ROOM 4

/* size bytes for an array that had to move, placed at the start of a
 * region of `room` bytes that small allocations will not enter: the top of
 * the current block (whose end is lowered below it) or, when that is too
 * small, a heap block of its own. NULL when neither is possible, and always
 * for an arena over a caller buffer. */
static unsigned char *reserve_room(sc_arena *arena, size_t size, size_t room)
{
    unsigned char *start;

    if (!arena->has_allocator)
        return NULL; /* a caller buffer's bytes are too dear to set aside */
    if (arena->cur && (size_t)(arena->end - arena->cur) >= room + ALIGN) {
        start = arena->end - room;
        start -= (uintptr_t)start & (ALIGN - 1);
        arena->grow_end = arena->end;
        arena->end = start;
    } else if (arena->blocks) {
        /* linked behind the current block, like an oversize allocation;
         * smaller room when max_bytes leaves less */
        sc_arena_block *b;
        room = block_within_limit(arena, room, size);
        if (room == 0)
            return NULL;
        b = new_block(arena, room);
        if (!b)
            return NULL;
        b->next = arena->blocks->next;
        arena->blocks->next = b;
        start = block_data(b);
        arena->grow_end = start + room;
    } else {
        return NULL;
    }
    arena->grow_ptr = start;
    arena->used += size;
    UNPOISON(start, size);
    return start;
}

void *sc_arena_grow(sc_arena *arena, void *ptr, size_t old_size, size_t new_size)
{
    unsigned char *q;

    if (!ptr)
        return sc_arena_alloc(arena, new_size);
    if (new_size <= old_size)
        return ptr;
    if ((unsigned char *)ptr == arena->last && (size_t)(arena->end - arena->last) >= new_size) {
        arena->cur = arena->last + new_size;
        arena->used += new_size - old_size;
        UNPOISON(ptr, new_size);
        return ptr;
    }
    if ((unsigned char *)ptr == arena->grow_ptr &&
        (size_t)(arena->grow_end - arena->grow_ptr) >= new_size) {
        arena->used += new_size - old_size;
        UNPOISON(ptr, new_size);
        return ptr;
    }
    /* It has to move. Smaller allocations made since (the strings of the
     * elements read so far) would block it again at its next growth, so it
     * moves into room of its own where it can then grow in place: an array
     * doubling from 4 to 1024 elements is copied 3 times instead of 8. */
    q = NULL;
    if (new_size <= (SIZE_MAX - HEADER - ALIGN) / GROW_ROOM)
        q = reserve_room(arena, new_size, new_size * GROW_ROOM);
    if (!q)
        q = sc_arena_alloc(arena, new_size);
    if (q)
        memcpy(q, ptr, old_size);
    return q;
}

char *sc_arena_strndup(sc_arena *arena, const char *s, size_t len)
{
    char *d;

    if (len == SIZE_MAX)
        return NULL;
    d = sc_arena_alloc(arena, len + 1);
    if (!d)
        return NULL;
    if (len)
        memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

int sc_arena_on_release(sc_arena *arena, void (*fn)(void *), void *ptr)
{
    sc_arena_cleanup *c = sc_arena_alloc(arena, sizeof *c);

    if (!c) {
        fn(ptr);
        return SC_ERR_NOMEM;
    }
    c->fn = fn;
    c->ptr = ptr;
    c->next = arena->cleanups;
    arena->cleanups = c;
    return 0;
}

static void run_cleanups(sc_arena *arena)
{
    /* Each record lives in the arena, so read next before running fn. */
    sc_arena_cleanup *c = arena->cleanups;

    arena->cleanups = NULL;
    while (c) {
        sc_arena_cleanup *next = c->next;
        c->fn(c->ptr);
        c = next;
    }
}

void sc_arena_reset(sc_arena *arena)
{
    sc_arena_block *b, *keep = NULL;
    size_t total = 0;
    unsigned nblocks = 0;

    run_cleanups(arena);
    arena->used = 0;
    arena->held = 0; /* charges end with their cleanups; kept blocks count again below */
    arena->over_limit = false;
    arena->last = NULL;
    arena->grow_ptr = arena->grow_end = NULL;
    if (!arena->has_allocator) {
        arena->cur = arena->buffer;
        arena->end = arena->buffer ? arena->buffer + arena->buffer_size : NULL;
        if (arena->buffer)
            POISON(arena->buffer, arena->buffer_size);
        return;
    }
    for (b = arena->blocks; b; b = b->next) {
        nblocks++;
        total = total > SIZE_MAX - b->size ? SIZE_MAX : total + b->size;
        if (!keep || b->size > keep->size)
            keep = b;
    }
    if (nblocks > 1) {
        /* Several blocks were needed: free them all and try one block as
         * large as all of them, so the next round of the same work fits in
         * one block and a reset loop stops calling the allocator. If that
         * fails, keep nothing; the arena grows again on demand. */
        b = arena->blocks;
        while (b) {
            sc_arena_block *next = b->next;
            UNPOISON(block_data(b), b->size);
            arena->allocator.free(arena->allocator.ctx, b);
            b = next;
        }
        arena->blocks = NULL;
        keep = new_block(arena, total);
    } else if (keep) {
        POISON(block_data(keep), keep->size);
        keep->next = NULL;
        arena->held = HEADER + keep->size;
    }
    arena->blocks = NULL;
    arena->cur = arena->end = NULL;
    if (keep)
        use_block(arena, keep);
}

void sc_arena_release(sc_arena *arena)
{
    sc_arena_block *b;

    run_cleanups(arena);
    if (arena->buffer)
        UNPOISON(arena->buffer, arena->buffer_size);
    b = arena->blocks;
    while (b) {
        sc_arena_block *next = b->next;
        UNPOISON(block_data(b), b->size);
        arena->allocator.free(arena->allocator.ctx, b);
        b = next;
    }
    memset(arena, 0, sizeof *arena);
}

size_t sc_arena_used(const sc_arena *arena)
{
    return arena->used;
}
