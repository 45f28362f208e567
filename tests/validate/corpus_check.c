/* The real schemas of ../shared/testdata/jsonschema-benchmark (35 draft-07,
 * 2 draft 2020-12, from real projects) through libschemac-validate: each
 * compiles, unless it is listed below as refused by the pattern rule
 * (docs/validate.md), and accepts every document of its instances.jsonl
 * and rejects every one of its negatives.jsonl. "format" is stripped
 * first, as the benchmark's own harness does. Prints each schema's compile
 * time and mean validation time (a first look; the benchmark proper, side
 * by side with Blaze and ajv, is a later step of issue 30). Exit 77 (skip)
 * without the corpus.
 *
 *     corpus_check DIR */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "schemac/validate.h"

/* Schemas refused when compiled, and the construct the pattern rule names. */
static const struct {
    const char *name, *why;
} refused[] = {
    {"cspell", "unsupported: lookahead"},
    {"ui5-manifest", "unsupported: lookahead"},
    {"krakend", "invalid escape \\&"}, /* a SyntaxError under the u flag, as for ajv */
};

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
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

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void strip_format(cJSON *v)
{
    if (cJSON_IsObject(v))
        cJSON_DeleteItemFromObjectCaseSensitive(v, "format");
    for (cJSON *c = v ? v->child : NULL; c != NULL; c = c->next)
        strip_format(c);
}

static const char *refusal(const char *name)
{
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (strcmp(refused[i].name, name) == 0)
            return refused[i].why;
    return NULL;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One schema: returns the number of wrong verdicts and errors. */
static int check(const char *dir, const char *name)
{
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/%s/schema.json", dir, name);
    char *text = slurp(path, &len);
    cJSON *schema = text ? cJSON_ParseWithLength(text, len) : NULL;
    free(text);
    if (schema == NULL)
        return 0; /* not a schema folder */
    strip_format(schema);
    sc_schema_options options = {0};
    options.default_dialect = "http://json-schema.org/draft-07/schema#";
    sc_schema *s = NULL;
    sc_error err;
    double t0 = now();
    int rc = sc_schema_compile_cjson(NULL, schema, &options, &s, &err);
    double compile_ms = (now() - t0) * 1e3;
    cJSON_Delete(schema);
    const char *why = refusal(name);
    if (rc != 0) {
        bool expected = why != NULL && strstr(err.message, why) != NULL;
        printf("%-24s %s: %s: %s\n", name, expected ? "refused as expected" : "FAIL: compile error",
               err.path, err.message);
        return expected ? 0 : 1;
    }
    if (why != NULL) {
        printf("%-24s FAIL: compiles, but the list says it is refused (%s)\n", name, why);
        sc_schema_free(s);
        return 1;
    }
    static const char *const files[2] = {"instances.jsonl", "negatives.jsonl"};
    size_t count[2] = {0, 0}, wrong = 0;
    double seconds = 0;
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/%s/%s", dir, name, files[k]);
        char *lines = slurp(path, &len);
        for (char *line = lines ? strtok(lines, "\n") : NULL; line != NULL;
             line = strtok(NULL, "\n")) {
            cJSON *doc = cJSON_Parse(line);
            if (doc == NULL)
                continue;
            sc_schema_error e;
            sc_schema_errors errs;
            sc_schema_errors_init(&errs, &e, 1);
            double t = now();
            int verdict = sc_schema_validate(s, doc, &errs);
            seconds += now() - t;
            count[k]++;
            if ((verdict == 0) != (k == 0) && wrong++ < 3)
                printf("  FAIL %s %s line %zu: %s\n", name, files[k], count[k],
                       verdict == 0 ? "accepted" : e.message);
            cJSON_Delete(doc);
        }
        free(lines);
    }
    size_t total = count[0] + count[1];
    printf("%-24s compile %7.2f ms, %5zu valid and %4zu negative documents, %6.2f us each%s\n",
           name, compile_ms, count[0], count[1], total ? seconds * 1e6 / (double)total : 0.0,
           wrong ? ": FAIL" : "");
    sc_schema_free(s);
    return wrong > 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: corpus_check DIR\n");
        return 2;
    }
    DIR *d = opendir(argv[1]);
    if (d == NULL) {
        printf("SKIP: no jsonschema-benchmark corpus at %s\n", argv[1]);
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
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        failures += check(argv[1], names[i]);
        free(names[i]);
    }
    printf("%s\n", failures ? "FAILED" : "OK");
    return failures ? 1 : 0;
}
