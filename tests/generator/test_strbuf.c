/* sb_printf against the C library's snprintf: the generator formats its
 * common conversions itself (generator/util/strbuf.c) and must print exactly
 * what printf would, for every value, including the extremes; formats with
 * any other conversion go to vsnprintf and are compared too. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

static int failures;

/* One call formatted both ways; the buffer starts with prefix, to check
 * that sb_printf appends (and that a fallback leaves the prefix alone). */
#define SAME(prefix, ...)                                                                          \
    do {                                                                                           \
        char want_[512];                                                                           \
        strbuf sb_;                                                                                \
        sb_init(&sb_);                                                                             \
        sb_puts(&sb_, prefix);                                                                     \
        size_t at_ = strlen(prefix);                                                               \
        snprintf(want_, sizeof want_, __VA_ARGS__);                                                \
        sb_printf(&sb_, __VA_ARGS__);                                                              \
        if (strcmp(sb_.data + at_, want_) != 0 || memcmp(sb_.data, prefix, at_) != 0 ||            \
            sb_.len != at_ + strlen(want_)) {                                                      \
            fprintf(stderr, "line %d: %s: got \"%s\", want \"%s%s\"\n", __LINE__, #__VA_ARGS__,    \
                    sb_.data, prefix, want_);                                                      \
            failures++;                                                                            \
        }                                                                                          \
        sb_free(&sb_);                                                                             \
    } while (0)

static unsigned long long next_random(unsigned long long *state)
{
    *state ^= *state << 13; /* xorshift64: the same values every run */
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

int main(void)
{
    SAME("", "plain text, no conversion");
    SAME("", "%%");
    SAME("x", "100%% of %s", "it");
    SAME("", "%s|%s|%s", "", "a", "%d and %s are not conversions here");
    SAME("", "%c%c%c", 'a', '%', '\n');
    SAME("", "%.*s|%.*s|%.*s|%.*s", 3, "abcdef", 0, "abc", 10, "ab", -1, "all of it");
    SAME("", "%d %d %d %d", 0, -1, INT_MAX, INT_MIN);
    SAME("", "%u %u %x %x", 0u, UINT_MAX, 0u, 0xdeadbeefu);
    SAME("", "%ld %ld %lu", LONG_MAX, LONG_MIN, ULONG_MAX);
    SAME("", "%lld %lld %llu", LLONG_MAX, LLONG_MIN, ULLONG_MAX);
    SAME("", "%zu %zu", (size_t)0, SIZE_MAX);
    SAME("pre", "%s_%zu: case %d", "name", (size_t)42, -7);
    /* other conversions: the whole text again by vsnprintf */
    SAME("pre", "%s then %.17g", "double", 0.1);
    SAME("pre", "%d then %02x then %s", 5, 7u, "tail");
    SAME("pre", "%zu then %03o", (size_t)9, 8u);
    SAME("", "%lx %llx %lld", 255ul, 255ull, -5ll);
    SAME("", "%5d|%-3s|%*u", 42, "a", 4, 7u);

    /* long texts grow the buffer */
    char long_text[300];
    memset(long_text, 'y', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    SAME("", "%s%s", long_text, "end");

    unsigned long long state = 88172645463325252ull;
    for (int i = 0; i < 200000; i++) {
        unsigned long long v = next_random(&state) >> (next_random(&state) % 64);
        SAME("", "%d %u %x", (int)v, (unsigned)v, (unsigned)(v >> 7));
        SAME("", "%ld %lu %lld %llu %zu", (long)v, (unsigned long)v, (long long)(0 - v), v,
             (size_t)v);
    }
    if (failures == 0)
        printf("sb_printf: every case equal to snprintf\n");
    return failures == 0 ? 0 : 1;
}
