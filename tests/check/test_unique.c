/* Behaviour tests for sc_find_duplicate (uniqueItems). Output is TAP, one
 * line per behaviour; a behaviour name may be given to run only that one. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/check.h"

/* Sizes on both sides of the pairwise/hash switch-over (16). */
#define SMALL 10
#define LARGE 100000

static int failures;

#define EXPECT_EQ(got, want)                                                                       \
    do {                                                                                           \
        size_t got_ = (got), want_ = (want);                                                       \
        if (got_ != want_) {                                                                       \
            printf("# %s:%d: %s is %zu, expected %zu\n", __FILE__, __LINE__, #got, got_, want_);   \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (p == NULL) {
        printf("Bail out! out of memory\n");
        exit(1);
    }
    return p;
}

/* Deterministic pseudo-random numbers (xorshift64*). */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(0x2545f4914f6cdd1d);
}

/* The reference: smallest j with an equal earlier element, by brute force. */
static size_t brute_force_int32(const int32_t *v, size_t n)
{
    for (size_t j = 1; j < n; j++)
        for (size_t i = 0; i < j; i++)
            if (v[i] == v[j])
                return j;
    return n;
}

static void empty_and_single_element_arrays_are_unique(void)
{
    int32_t one = 7;
    EXPECT_EQ(sc_find_duplicate(NULL, 0, sizeof one, SC_UNIQUE_BYTES), 0);
    EXPECT_EQ(sc_find_duplicate(&one, 0, sizeof one, SC_UNIQUE_BYTES), 0);
    EXPECT_EQ(sc_find_duplicate(&one, 1, sizeof one, SC_UNIQUE_BYTES), 1);
    const char *s = "a";
    EXPECT_EQ(sc_find_duplicate(&s, 1, sizeof s, SC_UNIQUE_STRPTR), 1);
}

static void distinct_small_int_array_returns_n(void)
{
    int32_t v[SMALL] = {5, -5, 0, 1, 2, 3, 4, 6, 7, INT32_MIN};
    EXPECT_EQ(sc_find_duplicate(v, SMALL, sizeof v[0], SC_UNIQUE_BYTES), SMALL);
}

static void duplicate_in_small_int_array_returns_index_of_later_copy(void)
{
    int32_t v[] = {1, 2, 3, 2, 1};
    EXPECT_EQ(sc_find_duplicate(v, 5, sizeof v[0], SC_UNIQUE_BYTES), 3);
    int32_t w[] = {5, 1, 1, 5};
    EXPECT_EQ(sc_find_duplicate(w, 4, sizeof w[0], SC_UNIQUE_BYTES), 2);
    int32_t x[] = {9, 9};
    EXPECT_EQ(sc_find_duplicate(x, 2, sizeof x[0], SC_UNIQUE_BYTES), 1);
}

static void distinct_large_int_array_returns_n(void)
{
    int64_t *v = xcalloc(LARGE, sizeof *v);
    for (size_t i = 0; i < LARGE; i++)
        v[i] = (int64_t)(i * 2654435761u) - 1000; /* distinct, not sorted */
    EXPECT_EQ(sc_find_duplicate(v, LARGE, sizeof *v, SC_UNIQUE_BYTES), LARGE);
    free(v);
}

static void duplicate_in_large_int_array_returns_first_later_copy(void)
{
    int64_t *v = xcalloc(LARGE, sizeof *v);
    for (size_t i = 0; i < LARGE; i++)
        v[i] = (int64_t)i;
    v[LARGE - 1] = 12345; /* a copy at the very end */
    EXPECT_EQ(sc_find_duplicate(v, LARGE, sizeof *v, SC_UNIQUE_BYTES), LARGE - 1);
    v[70000] = 99998; /* a copy placed before the original: the later index counts */
    EXPECT_EQ(sc_find_duplicate(v, LARGE, sizeof *v, SC_UNIQUE_BYTES), 99998);
    v[50001] = 50000;
    EXPECT_EQ(sc_find_duplicate(v, LARGE, sizeof *v, SC_UNIQUE_BYTES), 50001);
    free(v);
}

static void random_int_arrays_agree_with_brute_force(void)
{
    int32_t *v = xcalloc(2000, sizeof *v);
    for (int round = 0; round < 200; round++) {
        size_t n = (size_t)(rng() % 2000);
        uint64_t range = 1 + rng() % 5000000; /* small ranges collide early */
        for (size_t i = 0; i < n; i++)
            v[i] = (int32_t)(rng() % range);
        EXPECT_EQ(sc_find_duplicate(v, n, sizeof *v, SC_UNIQUE_BYTES), brute_force_int32(v, n));
    }
    free(v);
}

static void bools_and_enums_compare_by_value(void)
{
    bool b[] = {true, false, true};
    EXPECT_EQ(sc_find_duplicate(b, 3, sizeof b[0], SC_UNIQUE_BYTES), 2);
    bool c[] = {false, true};
    EXPECT_EQ(sc_find_duplicate(c, 2, sizeof c[0], SC_UNIQUE_BYTES), 2);
    enum colour { RED, GREEN, BLUE } e[] = {BLUE, RED, GREEN, RED};
    EXPECT_EQ(sc_find_duplicate(e, 4, sizeof e[0], SC_UNIQUE_BYTES), 3);
    uint8_t u[SMALL * 3];
    for (size_t i = 0; i < sizeof u; i++)
        u[i] = (uint8_t)(255 - i);
    EXPECT_EQ(sc_find_duplicate(u, sizeof u, 1, SC_UNIQUE_BYTES), sizeof u);
    u[sizeof u - 1] = 255;
    EXPECT_EQ(sc_find_duplicate(u, sizeof u, 1, SC_UNIQUE_BYTES), sizeof u - 1);
}

static void negative_zero_equals_zero_in_small_double_array(void)
{
    double v[] = {1.5, -0.0, 2.5, 0.0};
    EXPECT_EQ(sc_find_duplicate(v, 4, sizeof v[0], SC_UNIQUE_DOUBLE), 3);
    double w[] = {0.0, -0.0};
    EXPECT_EQ(sc_find_duplicate(w, 2, sizeof w[0], SC_UNIQUE_DOUBLE), 1);
}

static void negative_zero_equals_zero_in_large_double_array(void)
{
    double *v = xcalloc(LARGE, sizeof *v);
    for (size_t i = 0; i < LARGE; i++)
        v[i] = (double)i + 0.5;
    v[10] = -0.0;
    EXPECT_EQ(sc_find_duplicate(v, LARGE, sizeof *v, SC_UNIQUE_DOUBLE), LARGE);
    v[LARGE - 2] = 0.0; /* equal to -0.0 though the bytes differ */
    EXPECT_EQ(sc_find_duplicate(v, LARGE, sizeof *v, SC_UNIQUE_DOUBLE), LARGE - 2);
    free(v);
}

static void nearby_doubles_are_distinct(void)
{
    double v[] = {1.0, 1.0000000000000002, 0.1 + 0.2, 0.3, -1.0, 1e308, -1e308, 5e-324};
    EXPECT_EQ(sc_find_duplicate(v, 8, sizeof v[0], SC_UNIQUE_DOUBLE), 8);
    double *w = xcalloc(LARGE, sizeof *w);
    for (size_t i = 0; i < LARGE; i++)
        w[i] = 1.0 + (double)i * 2.220446049250313e-16; /* neighbouring doubles */
    EXPECT_EQ(sc_find_duplicate(w, LARGE, sizeof *w, SC_UNIQUE_DOUBLE), LARGE);
    w[LARGE / 2] = 1.0;
    EXPECT_EQ(sc_find_duplicate(w, LARGE, sizeof *w, SC_UNIQUE_DOUBLE), LARGE / 2);
    free(w);
}

static void negative_zero_equals_zero_in_float_arrays(void)
{
    float v[] = {-0.0f, 3.0f, 0.0f};
    EXPECT_EQ(sc_find_duplicate(v, 3, sizeof v[0], SC_UNIQUE_FLOAT), 2);
    float *w = xcalloc(LARGE, sizeof *w);
    for (size_t i = 0; i < LARGE; i++)
        w[i] = (float)i + 1.0f;
    w[3] = -0.0f;
    EXPECT_EQ(sc_find_duplicate(w, LARGE, sizeof *w, SC_UNIQUE_FLOAT), LARGE);
    w[LARGE - 1] = 0.0f;
    EXPECT_EQ(sc_find_duplicate(w, LARGE, sizeof *w, SC_UNIQUE_FLOAT), LARGE - 1);
    free(w);
}

static void strings_with_equal_prefixes_are_distinct(void)
{
    const char *v[] = {"ab", "abc", "abcd", "", "a", "abd", "b"};
    EXPECT_EQ(sc_find_duplicate(v, 7, sizeof v[0], SC_UNIQUE_STRPTR), 7);
    /* long strings that differ only in the last byte, across the 8-byte words the hash reads */
    static char longs[40][64];
    const char *p[40];
    for (int i = 0; i < 40; i++) {
        memset(longs[i], 'x', 62);
        longs[i][i + 20] = '\0'; /* lengths 20 .. 59, each a prefix of the next */
        p[i] = longs[i];
    }
    EXPECT_EQ(sc_find_duplicate(p, 40, sizeof p[0], SC_UNIQUE_STRPTR), 40);
}

static void equal_strings_at_different_addresses_are_duplicates(void)
{
    char a[] = "hello", b[] = "world", c[] = "hello";
    const char *v[] = {a, b, c};
    EXPECT_EQ(sc_find_duplicate(v, 3, sizeof v[0], SC_UNIQUE_STRPTR), 2);
    size_t n = 5000;
    char(*buf)[16] = xcalloc(n, sizeof *buf);
    const char **p = xcalloc(n, sizeof *p);
    for (size_t i = 0; i < n; i++) {
        snprintf(buf[i], sizeof buf[i], "item-%zu", i);
        p[i] = buf[i];
    }
    EXPECT_EQ(sc_find_duplicate(p, n, sizeof *p, SC_UNIQUE_STRPTR), n);
    snprintf(buf[n - 3], sizeof buf[0], "item-%d", 4000);
    EXPECT_EQ(sc_find_duplicate(p, n, sizeof *p, SC_UNIQUE_STRPTR), n - 3);
    free(p);
    free(buf);
}

static void null_string_pointers_equal_only_each_other(void)
{
    const char *v[] = {"", NULL, "x"};
    EXPECT_EQ(sc_find_duplicate(v, 3, sizeof v[0], SC_UNIQUE_STRPTR), 3);
    const char *w[] = {NULL, "", NULL};
    EXPECT_EQ(sc_find_duplicate(w, 3, sizeof w[0], SC_UNIQUE_STRPTR), 2);
    const char *big[40] = {0};
    for (int i = 0; i < 39; i++)
        big[i] = i == 7 ? NULL : (const char *)"abc" + (i % 3 == 0 ? 0 : 3);
    /* "abc", "", "", ... : the first repeat is index 2 */
    EXPECT_EQ(sc_find_duplicate(big, 40, sizeof big[0], SC_UNIQUE_STRPTR), 2);
}

static void char_buffers_compare_content_up_to_nul(void)
{
    char v[3][8];
    memset(v, 'Z', sizeof v);
    memcpy(v[0], "abc", 4);
    memcpy(v[1], "ab", 3);
    memcpy(v[2], "abc", 4); /* same content, different bytes after the NUL */
    v[2][6] = 'Q';
    EXPECT_EQ(sc_find_duplicate(v, 2, sizeof v[0], SC_UNIQUE_CHARBUF), 2);
    EXPECT_EQ(sc_find_duplicate(v, 3, sizeof v[0], SC_UNIQUE_CHARBUF), 2);

    size_t n = 3000;
    char(*w)[12] = xcalloc(n, sizeof *w);
    for (size_t i = 0; i < n; i++) {
        memset(w[i], (int)('a' + i % 26), sizeof w[i]); /* garbage after the NUL */
        snprintf(w[i], sizeof w[i], "k%zu", i);
    }
    EXPECT_EQ(sc_find_duplicate(w, n, sizeof *w, SC_UNIQUE_CHARBUF), n);
    memset(w[n - 1], 'y', sizeof w[0]);
    snprintf(w[n - 1], sizeof w[0], "k%d", 1234);
    EXPECT_EQ(sc_find_duplicate(w, n, sizeof *w, SC_UNIQUE_CHARBUF), n - 1);
    free(w);
}

static void char_buffers_filled_to_the_end_are_read_within_size(void)
{
    /* No NUL inside the element: the content is all size bytes (defensive). */
    char v[20][4];
    for (int i = 0; i < 20; i++)
        memcpy(v[i], (char[4]){'a', 'b', 'c', (char)('A' + i)}, 4);
    EXPECT_EQ(sc_find_duplicate(v, 20, 4, SC_UNIQUE_CHARBUF), 20);
    v[19][3] = 'A';
    EXPECT_EQ(sc_find_duplicate(v, 20, 4, SC_UNIQUE_CHARBUF), 19);
}

static void table_that_cannot_be_allocated_returns_n_plus_1(void)
{
    /* The size check refuses the table before any element is read. */
    int32_t dummy = 0;
    size_t n = SIZE_MAX / 2;
    EXPECT_EQ(sc_find_duplicate(&dummy, n, sizeof dummy, SC_UNIQUE_BYTES), n + 1);
}

typedef struct {
    const char *name;
    void (*run)(void);
} behaviour;

#define B(f)                                                                                       \
    {                                                                                              \
#f, f                                                                                      \
    }
static const behaviour behaviours[] = {
    B(empty_and_single_element_arrays_are_unique),
    B(distinct_small_int_array_returns_n),
    B(duplicate_in_small_int_array_returns_index_of_later_copy),
    B(distinct_large_int_array_returns_n),
    B(duplicate_in_large_int_array_returns_first_later_copy),
    B(random_int_arrays_agree_with_brute_force),
    B(bools_and_enums_compare_by_value),
    B(negative_zero_equals_zero_in_small_double_array),
    B(negative_zero_equals_zero_in_large_double_array),
    B(nearby_doubles_are_distinct),
    B(negative_zero_equals_zero_in_float_arrays),
    B(strings_with_equal_prefixes_are_distinct),
    B(equal_strings_at_different_addresses_are_duplicates),
    B(null_string_pointers_equal_only_each_other),
    B(char_buffers_compare_content_up_to_nul),
    B(char_buffers_filled_to_the_end_are_read_within_size),
    B(table_that_cannot_be_allocated_returns_n_plus_1),
};
#define BEHAVIOUR_COUNT (sizeof behaviours / sizeof behaviours[0])

int main(int argc, char **argv)
{
    int run = 0, failed = 0;
    for (size_t i = 0; i < BEHAVIOUR_COUNT; i++) {
        if (argc > 1 && strcmp(argv[1], behaviours[i].name) != 0)
            continue;
        failures = 0;
        behaviours[i].run();
        run++;
        printf("%s %d - %s\n", failures ? "not ok" : "ok", run, behaviours[i].name);
        failed += failures != 0;
    }
    if (run == 0) {
        printf("Bail out! no behaviour named %s\n", argv[1]);
        return 1;
    }
    printf("1..%d\n", run);
    return failed ? 1 : 0;
}
