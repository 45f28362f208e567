/* The JSON Schema Test Suite through libschemac-validate: every test of
 * tests/draft2020-12 and tests/draft7 (required and optional), with the
 * suite's remotes/ registered at http://localhost:1234/ as Bowtie serves
 * them (no network).
 *
 *     suite_runner SUITE_DIR KNOWN_FAILURES [--write] [--check-metaschema]
 *
 * Each test runs three ways, whose verdicts must agree: verdict only,
 * first error, all errors (and every error must carry a message). A test
 * that fails is a regression unless KNOWN_FAILURES lists it ("FILE: GROUP
 * / TEST", one a line); a listed test that passes is reported too, so the
 * list stays exact. --write rewrites the list from this run. Prints the
 * count of passes per file and per part (required 2020-12, required
 * draft-07, optional, optional/format). --check-metaschema compiles every
 * schema with options.check_metaschema (each must pass its metaschema,
 * and the counts must not change). Exit 77 (skip) when SUITE_DIR is
 * missing. */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cJSON.h>

#include "schemac/validate.h"

#define REMOTE_PREFIX "http://localhost:1234/"
#define DRAFT7 "http://json-schema.org/draft-07/schema#"

static sc_schema_registry *registry;
static size_t remotes_root_len;
static int remote_errors;

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf != NULL) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

static int add_remote(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    size_t n = strlen(path);
    if (flag != FTW_F || n < 5 || strcmp(path + n - 5, ".json") != 0)
        return 0;
    size_t len;
    char *text = read_file(path, &len);
    char uri[4096];
    snprintf(uri, sizeof uri, "%s%s", REMOTE_PREFIX, path + remotes_root_len + 1);
    cJSON *doc = text ? cJSON_ParseWithLength(text, len) : NULL;
    sc_error err;
    if (doc == NULL || sc_schema_registry_add_cjson(registry, uri, doc, &err) != 0) {
        fprintf(stderr, "cannot register %s\n", path);
        remote_errors++;
    }
    cJSON_Delete(doc);
    free(text);
    return 0;
}

/* ---- the known failures ----------------------------------------------------- */

typedef struct list {
    char **lines;
    size_t n, cap;
    unsigned char *seen;
} list;

static void list_add(list *l, const char *line)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->lines = realloc(l->lines, l->cap * sizeof *l->lines);
        if (l->lines == NULL)
            abort();
    }
    l->lines[l->n] = malloc(strlen(line) + 1);
    if (l->lines[l->n] == NULL)
        abort();
    strcpy(l->lines[l->n++], line);
}

static void read_known(list *l, const char *path)
{
    size_t len;
    char *text = read_file(path, &len);
    if (text == NULL)
        return;
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n"))
        if (line[0] != '#' && line[0] != '\0')
            list_add(l, line);
    free(text);
    l->seen = calloc(l->n + 1, 1);
}

static long find(const list *l, const char *line)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->lines[i], line) == 0)
            return (long)i;
    return -1;
}

/* ---- running ------------------------------------------------------------------ */

typedef struct counts {
    size_t pass, total;
} counts;

static list known, failed;
static int regressions;
static bool check_metaschema;

/* One test, three ways. Returns whether its verdict is the suite's. */
static bool run_test(const sc_schema *schema, const cJSON *data, bool valid, char *why, size_t size)
{
    sc_schema_error items[8];
    sc_schema_errors first, all;
    sc_schema_errors_init(&first, items, 1);
    int verdict = sc_schema_validate(schema, data, NULL);
    int one = sc_schema_validate(schema, data, &first);
    char first_message[SC_ERROR_MESSAGE_MAX];
    snprintf(first_message, sizeof first_message, "%s", first.count ? items[0].message : "");
    sc_schema_errors_init(&all, items, 8);
    int many = sc_schema_validate(schema, data, &all);
    why[0] = '\0';
    if ((verdict == 0) != (one == 0) || (verdict == 0) != (many == 0)) {
        snprintf(why, size, "the three ways disagree (%d, %d, %d)", verdict, one, many);
        return false;
    }
    if (verdict != 0 && (first.count != 1 || all.count == 0 || first_message[0] == '\0')) {
        snprintf(why, size, "invalid without an error message");
        return false;
    }
    if ((verdict == 0) != valid)
        snprintf(why, size, "%s", verdict == 0 ? "accepted" : first_message);
    return (verdict == 0) == valid;
}

static void run_file(const char *dir, const char *name, const char *dialect, int formats,
                     counts *part)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    char *text = read_file(path, &len);
    cJSON *groups = text ? cJSON_ParseWithLength(text, len) : NULL;
    free(text);
    if (groups == NULL) {
        fprintf(stderr, "%s: cannot read\n", path);
        regressions++;
        return;
    }
    const char *rel = strstr(path, "/tests/");
    rel = rel ? rel + 7 : path;
    counts file = {0, 0};
    sc_schema_options options = {0};
    options.default_dialect = dialect;
    options.formats = formats;
    options.check_metaschema = check_metaschema;
    for (const cJSON *g = groups->child; g != NULL; g = g->next) {
        const char *gdesc =
            cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(g, "description"));
        sc_schema *schema = NULL;
        sc_error err;
        int rc = sc_schema_compile_cjson(registry, cJSON_GetObjectItemCaseSensitive(g, "schema"),
                                         &options, &schema, &err);
        const cJSON *tests = cJSON_GetObjectItemCaseSensitive(g, "tests");
        for (const cJSON *t = tests ? tests->child : NULL; t != NULL; t = t->next) {
            const char *tdesc =
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "description"));
            bool valid = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "valid"));
            char why[600];
            bool ok = false;
            if (rc != 0)
                snprintf(why, sizeof why, "compile error: %s: %s", err.path, err.message);
            else
                ok = run_test(schema, cJSON_GetObjectItemCaseSensitive(t, "data"), valid, why,
                              sizeof why);
            char line[8192];
            snprintf(line, sizeof line, "%s: %s / %s", rel, gdesc ? gdesc : "?",
                     tdesc ? tdesc : "?");
            long k = find(&known, line);
            file.total++;
            if (k >= 0)
                known.seen[k] = 1;
            if (ok) {
                file.pass++;
                if (k >= 0) {
                    printf("NEW PASS (remove it from the known failures): %s\n", line);
                    regressions++;
                }
                continue;
            }
            list_add(&failed, line);
            if (k < 0) {
                printf("FAIL: %s: %s\n", line, why);
                regressions++;
            }
        }
        sc_schema_free(schema);
    }
    cJSON_Delete(groups);
    printf("%5zu/%-5zu %s\n", file.pass, file.total, rel);
    part->pass += file.pass;
    part->total += file.total;
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every .json file of dir (not its subfolders), in name order. */
static void run_dir(const char *dir, const char *dialect, int formats, counts *part)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "%s: cannot open\n", dir);
        regressions++;
        return;
    }
    list names = {0};
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n > 5 && strcmp(e->d_name + n - 5, ".json") == 0)
            list_add(&names, e->d_name);
    }
    closedir(d);
    qsort(names.lines, names.n, sizeof *names.lines, by_string);
    for (size_t i = 0; i < names.n; i++) {
        run_file(dir, names.lines[i], dialect, formats, part);
        free(names.lines[i]);
    }
    free(names.lines);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: suite_runner SUITE_DIR KNOWN_FAILURES [--write]\n");
        return 2;
    }
    const char *suite = argv[1];
    bool write = false;
    for (int i = 3; i < argc; i++) {
        write |= strcmp(argv[i], "--write") == 0;
        check_metaschema |= strcmp(argv[i], "--check-metaschema") == 0;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/tests", suite);
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("SKIP: no JSON Schema Test Suite at %s\n", suite);
        return 77;
    }
    registry = sc_schema_registry_new();
    snprintf(path, sizeof path, "%s/remotes", suite);
    remotes_root_len = strlen(path);
    nftw(path, add_remote, 16, FTW_PHYS);
    read_known(&known, argv[2]);

    static const struct {
        const char *folder, *label, *dialect;
        int formats;
    } parts[] = {
        /* the optional format tests are those of a validator that asserts formats */
        {"draft2020-12", "required draft2020-12", NULL, SC_SCHEMA_FORMATS_STANDARD},
        {"draft2020-12/optional", "optional draft2020-12", NULL, SC_SCHEMA_FORMATS_STANDARD},
        {"draft2020-12/optional/format", "optional/format draft2020-12", NULL,
         SC_SCHEMA_FORMATS_ASSERT},
        {"draft7", "required draft7", DRAFT7, SC_SCHEMA_FORMATS_STANDARD},
        {"draft7/optional", "optional draft7", DRAFT7, SC_SCHEMA_FORMATS_STANDARD},
        {"draft7/optional/format", "optional/format draft7", DRAFT7, SC_SCHEMA_FORMATS_ASSERT},
    };
    counts totals[sizeof parts / sizeof parts[0]];
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        totals[i] = (counts){0, 0};
        snprintf(path, sizeof path, "%s/tests/%s", suite, parts[i].folder);
        run_dir(path, parts[i].dialect, parts[i].formats, &totals[i]);
    }
    printf("\n");
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        printf("%-30s %5zu/%zu\n", parts[i].label, totals[i].pass, totals[i].total);
    for (size_t i = 0; i < known.n; i++)
        if (!known.seen[i]) {
            printf("GONE (not in the suite any more): %s\n", known.lines[i]);
            regressions++;
        }
    int rc = remote_errors || regressions ? 1 : 0;
    if (write) {
        FILE *f = fopen(argv[2], "w");
        if (f == NULL)
            return 2;
        fprintf(
            f,
            "# Tests of the JSON Schema Test Suite that libschemac-validate fails, one a line\n"
            "# (FILE: GROUP / TEST): tests/validate/suite_runner.c. docs/validate.md says why.\n");
        for (size_t i = 0; i < failed.n; i++)
            fprintf(f, "%s\n", failed.lines[i]);
        fclose(f);
        rc = 0;
    }
    printf("%s\n", rc ? "FAILED: a test's verdict changed (see above)" : "OK");
    for (size_t i = 0; i < known.n; i++)
        free(known.lines[i]);
    for (size_t i = 0; i < failed.n; i++)
        free(failed.lines[i]);
    free(known.lines);
    free(known.seen);
    free(failed.lines);
    sc_schema_registry_free(registry);
    return rc;
}
