/* The plain-test driver of fuzz_decode.c (as cJSON's fuzzing/fuzz_main.c):
 * linked instead of libFuzzer, it runs every file of the corpus
 * directories (or single files) named on the command line through
 * LLVMFuzzerTestOneInput, and after each file a fixed number of
 * deterministic mutations of it, so the plain test reaches error paths
 * too. The mutations depend only on the file's bytes (a seeded PRNG), so
 * a failure reproduces.
 *
 *   fuzz_corpus [--mutations=N] DIR_OR_FILE...      (N defaults to 200)
 */
#define _POSIX_C_SOURCE 200809L /* opendir, stat */

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <schemac/error.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern unsigned long fuzz_decode_results[SC_ERR_COUNT_];

#define MAX_INPUT ((size_t)1 << 20)
#define MAX_MUTANT (MAX_INPUT + 4096)

static unsigned long mutations = 200;
static unsigned long files_run, inputs_run;

/* splitmix64: small, good enough, the same everywhere. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static size_t below(uint64_t *state, size_t n)
{
    return n == 0 ? 0 : (size_t)(next_random(state) % n);
}

/* Tokens the mutator inserts or writes over the input. */
static const char *const tokens[] = {
    "\"",
    "\\",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "-",
    "0",
    "1",
    ".",
    "e",
    "E",
    "+",
    " ",
    "null",
    "true",
    "false",
    "{}",
    "[]",
    "\"\"",
    "-0",
    "0.5",
    "1e400",
    "-1e400",
    "1e-400",
    "9007199254740991",
    "9007199254740992",
    "-9007199254740992",
    "3.4028235e38",
    "1.0",
    "\\u0000",
    "\\ud800",
    "\\udc00",
    "\\ud83d\\ude00",
    "\\u00e9",
    "\\n",
    "\\\"",
    "\\/",
    "\\\\",
    "\xc3\xa9",
    "\xed\xa0\x80",
    "\xf4\x90\x80\x80",
    "\xc0\x80",
    "\xff",
    "\x80",
    "\xef\xbb\xbf",
    "\"red\"",
    "\"verde\"",
    "\"blue\"",
    "\"host\"",
    "\"add\"",
    "\"kitchen\"",
    "\"x\":1,",
    ",\"y\":2",
    "\"extra\":",
    "\"a\":1,\"a\":2",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
};

/* One mutation of buf[0..*len) (capacity MAX_MUTANT); never touches byte 0,
 * which picks the decoder, except rarely on purpose. */
static void mutate_once(unsigned char *buf, size_t *len, uint64_t *rng)
{
    size_t n = *len;
    size_t pos = n > 1 ? 1 + below(rng, n - 1) : n; /* a position in the JSON text */

    switch (below(rng, 9)) {
    case 0: /* flip a bit */
        if (pos < n)
            buf[pos] ^= (unsigned char)(1u << below(rng, 8));
        break;
    case 1: /* set a byte to anything */
        if (pos < n)
            buf[pos] = (unsigned char)below(rng, 256);
        break;
    case 2: /* truncate */
        if (n > 1)
            *len = pos;
        break;
    case 3: /* delete a run of bytes */
        if (pos < n) {
            size_t k = 1 + below(rng, n - pos < 8 ? n - pos : 8);
            memmove(buf + pos, buf + pos + k, n - pos - k);
            *len = n - k;
        }
        break;
    case 4: /* insert a random byte */
        if (n + 1 <= MAX_MUTANT) {
            memmove(buf + pos + 1, buf + pos, n - pos);
            buf[pos] = (unsigned char)below(rng, 256);
            *len = n + 1;
        }
        break;
    case 5: /* insert a token */
    case 6: {
        const char *t = tokens[below(rng, sizeof tokens / sizeof *tokens)];
        size_t k = strlen(t);
        if (n + k <= MAX_MUTANT) {
            memmove(buf + pos + k, buf + pos, n - pos);
            memcpy(buf + pos, t, k);
            *len = n + k;
        }
        break;
    }
    case 7: { /* overwrite with a token */
        const char *t = tokens[below(rng, sizeof tokens / sizeof *tokens)];
        size_t k = strlen(t);
        if (pos + k <= n)
            memcpy(buf + pos, t, k);
        break;
    }
    case 8: /* duplicate a run of bytes (repeats members and elements) */
        if (pos < n) {
            size_t k = 1 + below(rng, n - pos < 32 ? n - pos : 32);
            if (n + k <= MAX_MUTANT) {
                memmove(buf + pos + k, buf + pos, n - pos);
                *len = n + k;
            }
        }
        break;
    }
}

static void run_one(const unsigned char *data, size_t size)
{
    LLVMFuzzerTestOneInput(data, size);
    inputs_run++;
}

static void run_with_mutations(const unsigned char *data, size_t size)
{
    static unsigned char buf[MAX_MUTANT];
    uint64_t rng = UINT64_C(14695981039346656037);

    for (size_t i = 0; i < size; i++) /* FNV-1a of the file: the seed */
        rng = (rng ^ data[i]) * UINT64_C(1099511628211);
    run_one(data, size);
    for (unsigned long m = 0; m < mutations; m++) {
        size_t len = size;
        memcpy(buf, data, size);
        unsigned steps = 1 + (unsigned)below(&rng, 4);
        for (unsigned s = 0; s < steps; s++)
            mutate_once(buf, &len, &rng);
        if (below(&rng, 64) == 0 && len > 0) /* now and then, another decoder */
            buf[0] = (unsigned char)(buf[0] + 1 + below(&rng, 3));
        run_one(buf, len);
    }
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    unsigned char *data = malloc(MAX_INPUT);
    if (data == NULL) {
        fclose(f);
        return 1;
    }
    size_t size = fread(data, 1, MAX_INPUT, f);
    int too_big = !feof(f);
    fclose(f);
    if (too_big) {
        fprintf(stderr, "%s: larger than %zu bytes\n", path, MAX_INPUT);
        free(data);
        return 1;
    }
    /* the exact size, so ASan sees reads past the end of the input */
    unsigned char *exact = malloc(size > 0 ? size : 1);
    if (exact == NULL) {
        free(data);
        return 1;
    }
    memcpy(exact, data, size);
    free(data);
    fprintf(stderr, "%s\n", path);
    run_with_mutations(exact, size);
    free(exact);
    files_run++;
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order (so a run is reproducible). */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        perror(dir);
        return 1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    int failed = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (grown == NULL)
                abort();
            names = grown;
        }
        size_t n = strlen(dir) + 1 + strlen(e->d_name) + 1;
        names[count] = malloc(n);
        if (names[count] == NULL)
            abort();
        snprintf(names[count], n, "%s/%s", dir, e->d_name);
        count++;
    }
    closedir(d);
    if (count > 0)
        qsort(names, count, sizeof *names, compare_names);
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            failed |= run_file(names[i]);
        free(names[i]);
    }
    free(names);
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0, paths = 0;

    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (strncmp(argv[i], "--mutations=", 12) == 0) {
            mutations = strtoul(argv[i] + 12, NULL, 10);
            continue;
        }
        paths++;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            failed = 1;
        } else if (S_ISDIR(st.st_mode)) {
            failed |= run_dir(argv[i]);
        } else {
            failed |= run_file(argv[i]);
        }
    }
    if (paths == 0) {
        fprintf(stderr, "usage: %s [--mutations=N] DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    printf("%lu files, %lu inputs (%lu mutations each): every invariant held\n", files_run,
           inputs_run, mutations);
    for (int code = 0; code < SC_ERR_COUNT_; code++)
        if (fuzz_decode_results[code] > 0)
            printf("  %8lu %s\n", fuzz_decode_results[code],
                   code == 0 ? "decoded" : sc_strerror(code));
    return failed;
}
