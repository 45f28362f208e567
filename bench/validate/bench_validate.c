/* libschemac-validate's side of the validator benchmark (bench/validate/run.py
 * runs it beside Blaze's CLI and ajv): for each schema folder of the
 * jsonschema-benchmark corpus, the compile time and the time to validate
 * every instance, as one JSON line:
 *
 *   {"name": "babelrc", "compile_us": 212.4, "validate_us": 1843.0, "validate_cpu_us": 120.5,
 *    "valid": 794, "accepted": 794, "negatives": 0, "rejected": 0}
 *
 * or {"name": ..., "error": "the compile error"}. Times exclude process
 * start, file reading and JSON parsing, as Blaze's `validate --benchmark`
 * and the ajv script do:
 *
 *   compile_us   the median CPU time of repeated sc_schema_compile calls
 *                on the schema's text (its parse included, unlike ajv's);
 *   validate_us  the sum over the instances of the mean time of `loop`
 *                back-to-back validations of the instance, which is how
 *                Blaze's CLI measures (--loop), verdict only (no error
 *                collected, Blaze's --fast): wall clock;
 *   validate_cpu_us  the same validations' process CPU time over loop:
 *                one pass over the instances, without the waits of a busy
 *                machine (what run.py reports).
 *
 * "format" is an annotation (SC_SCHEMA_FORMATS_ANNOTATE), as the corpus's
 * harness strips it and as Blaze's CLI and ajv are run. Nothing is
 * asserted on time; a wrong verdict shows in the counts (run.py fails on
 * it).
 *
 *     bench_validate DIR [--loop N] [--only NAME]... */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "schemac/validate.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *text = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0)
        text = malloc((size_t)n + 1);
    if (text != NULL && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    fclose(f);
    if (text != NULL) {
        text[n] = '\0';
        *len = (size_t)n;
    }
    return text;
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

/* CPU time of the process: what a validation costs, without the time a
 * busy machine keeps the process waiting (a wall clock counts that). */
static double cpu_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A JSON string body: the names and messages printed are plain, but a
 * compile error quotes a pattern. */
static void put_json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

typedef struct docs {
    cJSON **items;
    size_t n, cap;
} docs;

/* The documents of a JSON Lines file (none when it does not exist). */
static int read_lines(const char *path, docs *out)
{
    size_t len;
    char *text = slurp(path, &len);
    if (text == NULL)
        return 0;
    int rc = 0;
    for (char *line = text, *end; *line && rc == 0; line = end) {
        end = line + strcspn(line, "\n");
        if (*end)
            *end++ = '\0';
        if (line[strspn(line, " \t\r")] == '\0')
            continue;
        cJSON *doc = cJSON_Parse(line);
        if (doc == NULL) {
            rc = -1;
            break;
        }
        if (out->n == out->cap) {
            size_t cap = out->cap ? 2 * out->cap : 256;
            cJSON **items = realloc(out->items, cap * sizeof *items);
            if (items == NULL) {
                cJSON_Delete(doc);
                rc = -1;
                break;
            }
            out->items = items;
            out->cap = cap;
        }
        out->items[out->n++] = doc;
    }
    free(text);
    return rc;
}

static void docs_free(docs *d)
{
    for (size_t i = 0; i < d->n; i++)
        cJSON_Delete(d->items[i]);
    free(d->items);
}

/* Compiles text until 5 runs and 20 ms are reached (at most 200 runs):
 * the median CPU time, and the last schema compiled in *out. */
static int compile_timed(const char *text, size_t len, const sc_schema_options *options,
                         sc_schema **out, double *median_us, sc_error *err)
{
    double runs[200], spent = 0;
    size_t n = 0;
    *out = NULL;
    while (n < 200 && (n < 5 || spent < 20000)) {
        sc_schema *s = NULL;
        double t0 = cpu_us();
        int rc = sc_schema_compile(NULL, text, len, options, &s, err);
        double t = cpu_us() - t0;
        if (rc != 0)
            return rc;
        runs[n++] = t;
        spent += t;
        sc_schema_free(*out);
        *out = s;
    }
    qsort(runs, n, sizeof runs[0], by_double);
    *median_us = runs[n / 2];
    return 0;
}

/* The time of loop validations of each document, summed; *passed counts
 * the documents found valid. */
static double validate_timed(const sc_schema *s, const docs *d, int loop, size_t *passed)
{
    double total = 0;
    *passed = 0;
    for (size_t i = 0; i < d->n; i++) {
        int rc = 0;
        double t0 = now_us();
        for (int k = 0; k < loop; k++)
            rc |= sc_schema_validate(s, d->items[i], NULL);
        total += (now_us() - t0) / loop;
        *passed += rc == 0;
    }
    return total;
}

static void bench_one(const char *dir, const char *name, int loop)
{
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/%s/schema.json", dir, name);
    char *text = slurp(path, &len);
    if (text == NULL)
        return;
    docs valid = {0}, negative = {0};
    printf("{\"name\": ");
    put_json_string(name);
    snprintf(path, sizeof path, "%s/%s/instances.jsonl", dir, name);
    int rc = read_lines(path, &valid);
    snprintf(path, sizeof path, "%s/%s/negatives.jsonl", dir, name);
    if (rc == 0)
        rc = read_lines(path, &negative);
    sc_schema_options options = {0};
    options.default_dialect = "http://json-schema.org/draft-07/schema#";
    options.formats = SC_SCHEMA_FORMATS_ANNOTATE;
    sc_schema *s = NULL;
    sc_error err;
    double compile_us = 0;
    if (rc != 0)
        printf(", \"error\": \"an instance is not JSON\"");
    else if (compile_timed(text, len, &options, &s, &compile_us, &err) != 0) {
        char msg[sizeof err.path + sizeof err.message + 4];
        snprintf(msg, sizeof msg, "%s: %s", err.path, err.message);
        printf(", \"error\": ");
        put_json_string(msg);
    } else {
        size_t accepted, passed_negatives;
        double cpu0 = cpu_us();
        double us = validate_timed(s, &valid, loop, &accepted);
        us += validate_timed(s, &negative, loop, &passed_negatives);
        double cpu = (cpu_us() - cpu0) / loop;
        printf(", \"compile_us\": %.3f, \"validate_us\": %.3f, \"validate_cpu_us\": %.3f, "
               "\"valid\": %zu, "
               "\"accepted\": %zu, \"negatives\": %zu, \"rejected\": %zu",
               compile_us, us, cpu, valid.n, accepted, negative.n, negative.n - passed_negatives);
    }
    printf("}\n");
    fflush(stdout);
    sc_schema_free(s);
    docs_free(&valid);
    docs_free(&negative);
    free(text);
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    int loop = 10;
    const char *only[256];
    size_t nonly = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--loop") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0)
            loop = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc && nonly < 256)
            only[nonly++] = argv[++i];
        else if (argv[i][0] != '-' && dir == NULL)
            dir = argv[i];
        else {
            fprintf(stderr, "usage: bench_validate DIR [--loop N] [--only NAME]...\n");
            return 2;
        }
    }
    if (dir == NULL) {
        fprintf(stderr, "usage: bench_validate DIR [--loop N] [--only NAME]...\n");
        return 2;
    }
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "bench_validate: no corpus at %s\n", dir);
        return 77;
    }
    char *names[256];
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && n < 256;)
        if (e->d_name[0] != '.' && strchr(e->d_name, '.') == NULL &&
            (names[n] = malloc(strlen(e->d_name) + 1)))
            strcpy(names[n++], e->d_name);
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        bool wanted = nonly == 0;
        for (size_t k = 0; k < nonly && !wanted; k++)
            wanted = strcmp(only[k], names[i]) == 0;
        if (wanted)
            bench_one(dir, names[i], loop);
        free(names[i]);
    }
    return 0;
}
