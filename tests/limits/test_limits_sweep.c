/* The limits test: adversarial documents of 1 MB and 10 MB (issue 8's
 * size sweeps) decode within the documented limits or fail with
 * SC_ERR_LIMIT / SC_ERR_DEPTH, and never hold more than max_bytes. Times
 * and their 10 MB / 1 MB ratios (about 10 when time is linear in size) and
 * the peak RSS are printed, never asserted: CI machines are too noisy for
 * a timed check. Then each limit is driven through generated code with
 * small values, to check what it reports: the code, the path, the offset.
 *
 * test_limits_sweep [MB...] runs other sizes by hand. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "limits.schemac.h"

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

/* ---- documents ------------------------------------------------------------ */

typedef struct {
    char *text;
    size_t len, cap;
} doc;

static void put(doc *d, const char *s, size_t n)
{
    if (d->len + n > d->cap) {
        d->cap = (d->len + n) * 2;
        d->text = realloc(d->text, d->cap);
        if (d->text == NULL) {
            fprintf(stderr, "out of memory building a document\n");
            exit(2);
        }
    }
    memcpy(d->text + d->len, s, n);
    d->len += n;
}

static void puts_(doc *d, const char *s)
{
    put(d, s, strlen(s));
}

/* head, then `unit` (with `sep` between) until the body reaches size, then tail. */
static doc repeat(size_t size, const char *head, const char *unit, const char *sep,
                  const char *tail)
{
    doc d = {NULL, 0, 0};
    size_t unit_len = strlen(unit), sep_len = strlen(sep);
    puts_(&d, head);
    for (size_t i = 0; d.len + unit_len + sep_len < size; i++) {
        if (i > 0)
            put(&d, sep, sep_len);
        put(&d, unit, unit_len);
    }
    puts_(&d, tail);
    return d;
}

static doc members(size_t size)
{
    doc d = {NULL, 0, 0};
    char member[32];
    puts_(&d, "{\"counts\":{");
    for (size_t i = 0; d.len + 24 < size; i++)
        put(&d, member,
            (size_t)snprintf(member, sizeof member, "%s\"k%zu\":%zu", i ? "," : "", i, i % 1000));
    puts_(&d, "}}");
    return d;
}

static doc nested(size_t size)
{
    doc d = {NULL, 0, 0};
    size_t levels = size / 12;
    for (size_t i = 0; i < levels; i++)
        puts_(&d, "{\"kids\":[");
    for (size_t i = 0; i < levels; i++)
        puts_(&d, "]}");
    return d;
}

/* ---- the sweep ------------------------------------------------------------- */

typedef enum { WIDE, ANY, TEXT, MAP, NUMBERS, BRANCH } target;

typedef struct {
    const char *name;
    target type;
    sc_limits limits; /* {0}: the defaults */
    int expect_1mb, expect_10mb;
} scenario;

static doc make(const scenario *s, size_t size)
{
    switch (s->type) {
    case WIDE:
        return repeat(size, "{\"items\":[", "{}", ",", "]}");
    case ANY:
        return repeat(size, "{\"value\":[", "0", ",", "]}");
    case TEXT:
        return repeat(size, "{\"text\":\"", "x", "", "\"}");
    case MAP:
        return members(size);
    case NUMBERS:
        return repeat(size, "{\"numbers\":[", "7", ",", "]}");
    case BRANCH:
        return nested(size);
    }
    abort();
}

static int decode(const scenario *s, sc_arena *arena, const doc *d, sc_error *err)
{
    union {
        wide_list wide;
        any_value any;
        text_doc text;
        count_map map;
        number_list numbers;
        branch branch;
    } out;
    switch (s->type) {
    case WIDE:
        return wide_list_decode(arena, d->text, d->len, &out.wide, err);
    case ANY:
        return any_value_decode(arena, d->text, d->len, &out.any, err);
    case TEXT:
        return text_doc_decode(arena, d->text, d->len, &out.text, err);
    case MAP:
        return count_map_decode(arena, d->text, d->len, &out.map, err);
    case NUMBERS:
        return number_list_decode(arena, d->text, d->len, &out.numbers, err);
    case BRANCH:
        return branch_decode(arena, d->text, d->len, &out.branch, err);
    }
    abort();
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long peak_rss_kb(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

/* Decodes s's document of `size` bytes; returns the seconds taken, the
 * better of 2 runs (the first one also pays for the arena's first touch of
 * its memory). */
static double run(const scenario *s, size_t size, int expect)
{
    doc d = make(s, size);
    double best = 1e9;
    int rc = 0;
    sc_error err;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &s->limits);
    for (int round = 0; round < 2; round++) {
        sc_arena_reset(&arena);
        double t0 = now();
        rc = decode(s, &arena, &d, &err);
        double t = now() - t0;
        best = t < best ? t : best;
    }
    size_t held = sc_arena_held(&arena), max = sc_arena_limits(&arena).max_bytes;
    printf("%-34s %6.1f MB  %-22s %8.1f ms %8.1f MB/s  arena %7.1f MB  peak RSS %7.1f MB\n",
           s->name, (double)d.len / 1e6, rc == 0 ? "ok" : sc_strerror(rc), best * 1e3,
           (double)d.len / 1e6 / best, (double)held / 1e6, (double)peak_rss_kb() / 1e3);
    if (rc != 0)
        printf("%-34s            %s at byte %zu: %s\n", "", err.path[0] ? err.path : "(root)",
               err.offset, err.message);
    CHECK(expect == -1 || rc == expect); /* -1: sizes given by hand */
    CHECK(held <= max);
    sc_arena_release(&arena);
    free(d.text);
    return best;
}

static void sweep(const size_t *sizes, size_t nsizes)
{
    const size_t big = (size_t)64 << 20;
    const scenario scenarios[] = {
        {"empty objects into char[4096] items",
         WIDE,
         {0, 0, 0, 0, 0, 0},
         SC_ERR_LIMIT,
         SC_ERR_LIMIT},
        {"flat array into a cJSON * member", ANY, {0, 0, 0, 0, 0, 0}, 0, SC_ERR_LIMIT},
        {"  the same, max_items lifted", ANY, {0, 0, 0, SIZE_MAX, 0, 0}, 0, SC_ERR_LIMIT},
        {"long string", TEXT, {0, 0, 0, 0, 0, 0}, 0, SC_ERR_LIMIT},
        {"  the same, max_string 16 MB", TEXT, {0, 0, (size_t)16 << 20, 0, 0, 0}, 0, 0},
        {"many members (a map)", MAP, {0, 0, 0, 0, 0, 0}, SC_ERR_LIMIT, SC_ERR_LIMIT},
        {"  the same, max_members lifted", MAP, {big, 0, 0, 0, SIZE_MAX, 0}, 0, 0},
        {"flat array of numbers", NUMBERS, {0, 0, 0, 0, 0, 0}, 0, SC_ERR_LIMIT},
        {"  the same, max_items lifted", NUMBERS, {0, 0, 0, SIZE_MAX, 0, 0}, 0, 0},
        {"deep nesting", BRANCH, {0, 0, 0, 0, 0, 0}, SC_ERR_DEPTH, SC_ERR_DEPTH},
    };
    for (size_t i = 0; i < sizeof scenarios / sizeof *scenarios; i++) {
        double first = 0;
        for (size_t j = 0; j < nsizes; j++) {
            int expect = sizes[j] <= 1000000 ? scenarios[i].expect_1mb : scenarios[i].expect_10mb;
            double t = run(&scenarios[i], sizes[j], nsizes == 2 ? expect : -1);
            if (j == 0)
                first = t;
            else
                printf("%-34s time ratio %.1f for %.0fx the size\n", "", t / first,
                       (double)sizes[j] / (double)sizes[0]);
        }
    }
}

/* ---- each limit through generated code --------------------------------- */

static int decode_under(const sc_limits *limits, target type, const char *json, sc_error *err)
{
    scenario s = {"", type, *limits, 0, 0};
    doc d = {(char *)json, strlen(json), 0};
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, limits);
    int rc = decode(&s, &arena, &d, err);
    sc_arena_release(&arena);
    return rc;
}

static void generated_code_should_report_each_limit(void)
{
    sc_error err;
    sc_limits items = {0, 0, 0, 3, 0, 0};
    CHECK(decode_under(&items, NUMBERS, "{\"numbers\":[1,2,3]}", &err) == 0);
    CHECK(decode_under(&items, NUMBERS, "{\"numbers\":[1,2,3,4]}", &err) == SC_ERR_LIMIT);
    CHECK(strcmp(err.path, "/numbers") == 0 && err.offset == 18 &&
          strstr(err.message, "max_items") != NULL);

    sc_limits members = {0, 0, 0, 0, 2, 0};
    CHECK(decode_under(&members, MAP, "{\"counts\":{\"a\":1,\"b\":2}}", &err) == 0);
    CHECK(decode_under(&members, MAP, "{\"counts\":{\"a\":1,\"b\":2,\"c\":3}}", &err) ==
          SC_ERR_LIMIT);
    CHECK(strcmp(err.path, "/counts") == 0 && err.offset == 27 &&
          strstr(err.message, "max_members") != NULL);

    sc_limits string = {0, 0, 4, 0, 0, 0};
    CHECK(decode_under(&string, TEXT, "{\"text\":\"abcd\"}", &err) == 0);
    CHECK(decode_under(&string, TEXT, "{\"text\":\"abcde\"}", &err) == SC_ERR_LIMIT);
    CHECK(strcmp(err.path, "/text") == 0 && err.offset == 8 &&
          strstr(err.message, "max_string") != NULL);

    sc_limits input = {0, 15, 0, 0, 0, 0};
    CHECK(decode_under(&input, TEXT, "{\"text\":\"abcd\"}", &err) == 0);
    CHECK(decode_under(&input, TEXT, "{\"text\":\"abcde\"}", &err) == SC_ERR_LIMIT);
    CHECK(err.path[0] == '\0' && err.offset == 0 && strstr(err.message, "max_input") != NULL);

    sc_limits depth = {0, 0, 0, 0, 0, 4};
    CHECK(decode_under(&depth, BRANCH, "{\"kids\":[{\"kids\":[]}]}", &err) == 0);
    CHECK(decode_under(&depth, BRANCH, "{\"kids\":[{\"kids\":[{}]}]}", &err) == SC_ERR_DEPTH);
    CHECK(strcmp(err.path, "/kids/0/kids/0") == 0 && strstr(err.message, "max_depth") != NULL);

    /* 4 items of 4 KB fit 20 KB; 8 do not */
    sc_limits bytes = {20000, 0, 0, 0, 0, 0};
    CHECK(decode_under(&bytes, WIDE, "{\"items\":[{},{},{},{}]}", &err) == 0);
    CHECK(decode_under(&bytes, WIDE, "{\"items\":[{},{},{},{},{},{},{},{}]}", &err) ==
          SC_ERR_LIMIT);
    CHECK(strcmp(err.path, "/items") == 0 && strstr(err.message, "max_bytes") != NULL);

    sc_limits tree_bytes = {4096, 0, 0, 0, 0, 0};
    CHECK(decode_under(&tree_bytes, ANY, "{\"value\":[1,2,3]}", &err) == 0);
    CHECK(decode_under(&tree_bytes, ANY,
                       "{\"value\":[[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],"
                       "[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],"
                       "[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],[],"
                       "[],[],[],[]]}",
                       &err) == SC_ERR_LIMIT);
    CHECK(strcmp(err.path, "/value") == 0 && err.offset == 9 &&
          strstr(err.message, "max_bytes") != NULL);
}

int main(int argc, char **argv)
{
    size_t sizes[16] = {1000000, 10000000};
    size_t nsizes = 2;
    if (argc > 1) {
        nsizes = 0;
        for (int i = 1; i < argc && nsizes < 16; i++)
            sizes[nsizes++] = (size_t)(atof(argv[i]) * 1e6);
    }
    printf("limits: defaults max_bytes %zu, max_input %zu, max_string %zu, max_items %zu, "
           "max_members %zu, max_depth %d\n",
           SC_DEFAULT_MAX_BYTES, SC_DEFAULT_MAX_INPUT, SC_DEFAULT_MAX_STRING, SC_DEFAULT_MAX_ITEMS,
           SC_DEFAULT_MAX_MEMBERS, SC_DEFAULT_MAX_DEPTH);
    sweep(sizes, nsizes);
    generated_code_should_report_each_limit();
    printf("peak RSS %.1f MB; %d check(s) failed\n", (double)peak_rss_kb() / 1e3, failures);
    return failures != 0;
}
