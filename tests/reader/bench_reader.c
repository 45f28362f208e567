/* sc_skip_value + sc_reader_finish against cJSON_ParseWithLength +
 * cJSON_Delete over the same document, same process, median of rounds.
 * Usage: bench_reader [FILE.json]; without a file, a generated ~4 MB
 * document of objects with strings, numbers, booleans and arrays. */
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "schemac/schemac.h"
#include "schemac/reader.h"

#define ROUNDS 9

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Reads every value with the typed calls a generated decoder makes, copying
 * strings into the arena: closer to a real decode than skipping. */
static int walk(sc_reader *r, double *sink)
{
    sc_string key;
    char *str;
    double d;
    bool b;
    int rc;

    switch (sc_peek(r)) {
    case SC_JSON_OBJECT:
        if (sc_read_object_begin(r))
            return 1;
        while ((rc = sc_next_member(r, &key)) == 1)
            if (walk(r, sink))
                return 1;
        return rc != 0;
    case SC_JSON_ARRAY:
        if (sc_read_array_begin(r))
            return 1;
        while ((rc = sc_next_element(r)) == 1)
            if (walk(r, sink))
                return 1;
        return rc != 0;
    case SC_JSON_STRING:
        if (sc_read_string_dup(r, &str, NULL, NULL))
            return 1;
        *sink += (double)str[0];
        return 0;
    case SC_JSON_NUMBER:
        if (sc_read_double(r, &d))
            return 1;
        *sink += d;
        return 0;
    case SC_JSON_TRUE:
    case SC_JSON_FALSE:
        if (sc_read_bool(r, &b))
            return 1;
        *sink += b;
        return 0;
    default:
        return sc_read_null(r) != 0;
    }
}

static char *generate(size_t *len)
{
    size_t cap = 8u << 20, n = 0;
    char *b = malloc(cap);

    n += (size_t)sprintf(b + n, "[");
    for (int i = 0; n < cap - 1024 && i < 20000; i++) {
        n += (size_t)sprintf(
            b + n,
            "%s{\"id\":%d,\"name\":\"user number %d\",\"email\":\"user%d@example.com\","
            "\"score\":%d.%02d,\"active\":%s,\"tags\":[\"alpha\",\"beta\",\"gamma\"],"
            "\"address\":{\"street\":\"%d Main Street\",\"city\":\"Springfield\","
            "\"zip\":\"%05d\"},\"bio\":\"Lorem ipsum dolor sit amet, consectetur "
            "adipiscing elit, sed do eiusmod tempor \\u00e9 caf\xC3\xA9\","
            "\"ratio\":%de-3,\"parent\":null}",
            i ? "," : "", i, i, i, i % 1000, i % 100, i % 2 ? "true" : "false", i, i % 100000,
            i * 7);
    }
    n += (size_t)sprintf(b + n, "]");
    *len = n;
    return b;
}

static char *load(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    long size;
    char *b;

    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc((size_t)size + 1);
    *len = fread(b, 1, (size_t)size, f);
    fclose(f);
    return b;
}

int main(int argc, char **argv)
{
    size_t len;
    char *doc = argc > 1 ? load(argv[1], &len) : generate(&len);
    double t_sc[ROUNDS], t_cj[ROUNDS], t_walk[ROUNDS], sink = 0;
    sc_arena arena;
    sc_error err;

    if (!doc) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    sc_arena_init(&arena, NULL);
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = now();
        sc_reader r;
        cJSON *tree;

        sc_reader_init(&r, doc, len, &arena, &err);
        if (sc_skip_value(&r) || sc_reader_finish(&r)) {
            fprintf(stderr, "rejected: %s at %zu\n", err.message, err.offset);
            return 1;
        }
        sc_arena_reset(&arena);
        t_sc[round] = now() - t0;

        t0 = now();
        sc_reader_init(&r, doc, len, &arena, &err);
        if (walk(&r, &sink) || sc_reader_finish(&r)) {
            fprintf(stderr, "walk failed: %s at %zu\n", err.message, err.offset);
            return 1;
        }
        sc_arena_reset(&arena);
        t_walk[round] = now() - t0;

        t0 = now();
        tree = cJSON_ParseWithLength(doc, len);
        if (!tree) {
            fprintf(stderr, "cJSON rejected the document\n");
            return 1;
        }
        cJSON_Delete(tree);
        t_cj[round] = now() - t0;
    }
    qsort(t_sc, ROUNDS, sizeof(double), cmp_double);
    qsort(t_cj, ROUNDS, sizeof(double), cmp_double);
    qsort(t_walk, ROUNDS, sizeof(double), cmp_double);
    printf("document: %zu bytes, %d rounds, medians\n", len, ROUNDS);
    printf("sc_skip_value + finish:        %8.3f ms  %7.1f MB/s\n", t_sc[ROUNDS / 2] * 1e3,
           (double)len / t_sc[ROUNDS / 2] / 1e6);
    printf("cJSON_ParseWithLength+Delete:  %8.3f ms  %7.1f MB/s\n", t_cj[ROUNDS / 2] * 1e3,
           (double)len / t_cj[ROUNDS / 2] / 1e6);
    printf("typed walk, strings copied:    %8.3f ms  %7.1f MB/s\n", t_walk[ROUNDS / 2] * 1e3,
           (double)len / t_walk[ROUNDS / 2] / 1e6);
    printf("ratio skip / cJSON:            %8.3f\n", t_sc[ROUNDS / 2] / t_cj[ROUNDS / 2]);
    printf("ratio walk / cJSON:            %8.3f\n", t_walk[ROUNDS / 2] / t_cj[ROUNDS / 2]);
    if (sink == 0.5)
        printf("\n"); /* keeps the walk from being optimised away */
    sc_arena_release(&arena);
    free(doc);
    return 0;
}
