/* sc_arena: buffers, heap blocks, growth, reset reuse, clean-ups. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/arena.h"
#include "schemac/error.h"
#include "test.h"

typedef struct counting {
    size_t allocs, frees, live_bytes, fail_after;
} counting;

static void *count_alloc(void *ctx, size_t size)
{
    counting *c = ctx;
    if (c->fail_after && c->allocs >= c->fail_after)
        return NULL;
    c->allocs++;
    return malloc(size);
}

static void count_free(void *ctx, void *ptr)
{
    counting *c = ctx;
    c->frees++;
    free(ptr);
}

static bool aligned(const void *p)
{
    return ((uintptr_t)p % alignof(max_align_t)) == 0;
}

static void arena_should_align_every_allocation(void)
{
    sc_arena a;

    sc_arena_init(&a, NULL);
    for (size_t i = 0; i < 1000; i++) {
        void *p = sc_arena_alloc(&a, i % 37);
        CHECK(p != NULL && aligned(p));
    }
    sc_arena_release(&a);
}

static void arena_should_return_unique_pointers_for_zero_sizes(void)
{
    sc_arena a;
    void *p, *q;

    sc_arena_init(&a, NULL);
    p = sc_arena_alloc(&a, 0);
    q = sc_arena_alloc(&a, 0);
    CHECK(p && q && p != q);
    sc_arena_release(&a);
}

static void buffer_arena_should_fail_when_full_and_never_use_the_heap(void)
{
    alignas(max_align_t) unsigned char buf[256];
    sc_arena a;
    void *p;
    size_t n = 0;

    sc_arena_init_buffer(&a, buf, sizeof buf);
    while ((p = sc_arena_alloc(&a, 10)) != NULL) {
        CHECK((unsigned char *)p >= buf && (unsigned char *)p + 10 <= buf + sizeof buf);
        n++;
    }
    CHECK(n == sizeof buf / alignof(max_align_t));
    CHECK(sc_arena_alloc(&a, 1) == NULL);
    CHECK(sc_arena_strndup(&a, "x", 1) == NULL);
    sc_arena_reset(&a);
    CHECK(sc_arena_used(&a) == 0);
    CHECK(sc_arena_alloc(&a, 256) == buf);
    sc_arena_reset(&a);
    CHECK(sc_arena_alloc(&a, 257) == NULL);

    /* An unaligned buffer start is aligned up. */
    sc_arena_init_buffer(&a, buf + 1, sizeof buf - 1);
    p = sc_arena_alloc(&a, 1);
    CHECK(p && aligned(p) && (unsigned char *)p > buf);

    sc_arena_init_buffer(&a, NULL, 0);
    CHECK(sc_arena_alloc(&a, 1) == NULL);
    sc_arena_release(&a);
}

/* Refuses anything large and remembers the largest size asked for, so a
 * wrapped (small) size would show. */
static size_t largest_request;

static void *refusing_alloc(void *ctx, size_t size)
{
    (void)ctx;
    if (size > largest_request)
        largest_request = size;
    return size > ((size_t)1 << 30) ? NULL : malloc(size);
}

static void plain_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

static void arena_should_refuse_sizes_that_would_wrap(void)
{
    alignas(max_align_t) unsigned char buf[64];
    sc_allocator al = {refusing_alloc, plain_free, NULL};
    const size_t huge[] = {SIZE_MAX, SIZE_MAX - 8, SIZE_MAX - 64, SIZE_MAX / 2 + 1};
    sc_arena a;

    sc_arena_init(&a, &al);
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        largest_request = 0;
        CHECK(sc_arena_alloc(&a, huge[i]) == NULL);
        CHECK(largest_request == 0 || largest_request >= huge[i]);
        largest_request = 0;
        CHECK(sc_arena_grow(&a, NULL, 0, huge[i]) == NULL);
        CHECK(largest_request == 0 || largest_request >= huge[i]);
    }
    CHECK(sc_arena_strndup(&a, "x", SIZE_MAX) == NULL);
    CHECK(sc_arena_alloc(&a, 1) != NULL);
    sc_arena_release(&a);
    sc_arena_init_buffer(&a, buf, sizeof buf);
    CHECK(sc_arena_alloc(&a, SIZE_MAX) == NULL);
    CHECK(sc_arena_alloc(&a, SIZE_MAX - 8) == NULL);
    CHECK(sc_arena_alloc(&a, 8) != NULL);
}

static void arena_should_grow_the_last_allocation_in_place(void)
{
    sc_arena a;
    char *p, *q, *r;

    sc_arena_init(&a, NULL);
    p = sc_arena_alloc(&a, 10);
    memcpy(p, "0123456789", 10);
    q = sc_arena_grow(&a, p, 10, 100);
    CHECK(q == p);
    CHECK(memcmp(q, "0123456789", 10) == 0);
    CHECK(sc_arena_used(&a) == 100);
    r = sc_arena_alloc(&a, 1);
    CHECK(r >= q + 100);
    /* no longer the last: copied */
    p = sc_arena_grow(&a, q, 100, 200);
    CHECK(p != q && memcmp(p, "0123456789", 10) == 0);
    /* beyond the block: copied to a new one */
    q = sc_arena_grow(&a, p, 200, 100000);
    CHECK(q != NULL && memcmp(q, "0123456789", 10) == 0);
    CHECK(sc_arena_grow(&a, q, 100000, 50) == q);
    CHECK(sc_arena_grow(&a, NULL, 0, 16) != NULL);
    sc_arena_release(&a);
}

/* An array read element by element, with a string allocated after each
 * element (as a decoder does), doubling its capacity when full: it moves
 * when blocked, but then into room of its own where the next doublings
 * happen in place, and its contents survive every move. */
static void arena_should_give_a_moved_array_room_to_grow(void)
{
    sc_arena a;
    size_t cap = 4, n, moves = 0;
    long *items;

    sc_arena_init(&a, NULL);
    items = sc_arena_alloc(&a, cap * sizeof *items);
    for (n = 0; n < 1000; n++) {
        if (n == cap) {
            long *grown = sc_arena_grow(&a, items, cap * sizeof *items, 2 * cap * sizeof *items);
            CHECK(grown != NULL);
            if (!grown)
                break;
            moves += grown != items;
            items = grown;
            cap *= 2;
        }
        items[n] = (long)n * 7;
        char *s = sc_arena_strndup(&a, "a string after it", 17);
        CHECK(s != NULL && (s + 17 <= (char *)items || s >= (char *)(items + cap)));
    }
    for (size_t i = 0; i < n; i++)
        if (items[i] != (long)i * 7) {
            CHECK(items[i] == (long)i * 7);
            break;
        }
    /* 4 -> 8 moves (room for 32), 64 -> 128 (room for 512), 512 -> 1024 */
    CHECK(moves == 3);
    printf("  8 doublings, %zu moves\n", moves);
    sc_arena_reset(&a);
    /* after a reset the whole block serves small allocations again */
    CHECK(sc_arena_alloc(&a, 64) != NULL);
    sc_arena_release(&a);
}

static void arena_should_copy_strings(void)
{
    sc_arena a;
    char *s;

    sc_arena_init(&a, NULL);
    s = sc_arena_strndup(&a, "hello world", 5);
    CHECK_STR(s, "hello");
    s = sc_arena_strndup(&a, NULL, 0);
    CHECK_STR(s, "");
    sc_arena_release(&a);
}

static int cleanup_log[8];
static int cleanup_count;

static void note_cleanup(void *p)
{
    cleanup_log[cleanup_count++] = *(int *)p;
}

static void arena_should_run_cleanups_newest_first(void)
{
    static int one = 1, two = 2, three = 3;
    alignas(max_align_t) unsigned char buf[sizeof(void *) * 3];
    sc_arena a;

    cleanup_count = 0;
    sc_arena_init(&a, NULL);
    CHECK(sc_arena_on_release(&a, note_cleanup, &one) == 0);
    CHECK(sc_arena_on_release(&a, note_cleanup, &two) == 0);
    sc_arena_reset(&a);
    CHECK(cleanup_count == 2 && cleanup_log[0] == 2 && cleanup_log[1] == 1);
    sc_arena_reset(&a); /* each runs once */
    CHECK(cleanup_count == 2);
    CHECK(sc_arena_on_release(&a, note_cleanup, &three) == 0);
    sc_arena_release(&a);
    CHECK(cleanup_count == 3 && cleanup_log[2] == 3);

    /* No room for the record: fn runs at once, nothing is lost. */
    cleanup_count = 0;
    sc_arena_init_buffer(&a, buf, sizeof buf);
    CHECK(sc_arena_on_release(&a, note_cleanup, &one) == 0);
    CHECK(sc_arena_on_release(&a, note_cleanup, &two) == SC_ERR_NOMEM);
    CHECK(cleanup_count == 1 && cleanup_log[0] == 2);
    sc_arena_reset(&a);
    CHECK(cleanup_count == 2 && cleanup_log[1] == 1);
}

static void arena_should_stop_calling_the_allocator_in_a_reset_loop(void)
{
    counting c = {0};
    sc_allocator al = {count_alloc, count_free, &c};
    sc_arena a;
    size_t before = 0;

    sc_arena_init(&a, &al);
    for (int round = 0; round < 10; round++) {
        for (int i = 0; i < 500; i++)
            CHECK(sc_arena_alloc(&a, 100) != NULL);
        CHECK(sc_arena_alloc(&a, 50000) != NULL); /* an oversize one too */
        sc_arena_reset(&a);
        if (round == 1)
            before = c.allocs;
    }
    CHECK(c.allocs == before); /* rounds 2..9 reused the kept block */
    CHECK(c.allocs - c.frees == 1);
    sc_arena_release(&a);
    CHECK(c.allocs == c.frees);
}

static void arena_should_free_every_block_on_release(void)
{
    counting c = {0};
    sc_allocator al = {count_alloc, count_free, &c};
    sc_arena a;

    sc_arena_init(&a, &al);
    for (int i = 0; i < 2000; i++)
        CHECK(sc_arena_alloc(&a, (size_t)(i * 7) % 3000) != NULL);
    CHECK(c.allocs > 3);
    sc_arena_release(&a);
    CHECK(c.allocs == c.frees);
}

static void arena_should_report_allocator_failure(void)
{
    counting c = {0};
    sc_allocator al = {count_alloc, count_free, &c};
    sc_arena a;

    c.fail_after = 1;
    sc_arena_init(&a, &al);
    CHECK(sc_arena_alloc(&a, 100) != NULL);
    CHECK(sc_arena_alloc(&a, 5000) == NULL); /* a second block fails */
    CHECK(sc_arena_alloc(&a, 100) != NULL);  /* the first block still serves */
    sc_arena_reset(&a);
    CHECK(sc_arena_alloc(&a, 100) != NULL);
    sc_arena_release(&a);
    CHECK(c.allocs == c.frees);
}

static void arena_should_count_bytes_handed_out(void)
{
    sc_arena a;

    sc_arena_init(&a, NULL);
    CHECK(sc_arena_used(&a) == 0);
    sc_arena_alloc(&a, 10);
    sc_arena_alloc(&a, 20);
    CHECK(sc_arena_used(&a) == 30);
    sc_arena_reset(&a);
    CHECK(sc_arena_used(&a) == 0);
    sc_arena_release(&a);
}

int main(void)
{
    RUN(arena_should_align_every_allocation);
    RUN(arena_should_return_unique_pointers_for_zero_sizes);
    RUN(buffer_arena_should_fail_when_full_and_never_use_the_heap);
    RUN(arena_should_refuse_sizes_that_would_wrap);
    RUN(arena_should_grow_the_last_allocation_in_place);
    RUN(arena_should_give_a_moved_array_room_to_grow);
    RUN(arena_should_copy_strings);
    RUN(arena_should_run_cleanups_newest_first);
    RUN(arena_should_stop_calling_the_allocator_in_a_reset_loop);
    RUN(arena_should_free_every_block_on_release);
    RUN(arena_should_report_allocator_failure);
    RUN(arena_should_count_bytes_handed_out);
    return TEST_RESULT();
}
