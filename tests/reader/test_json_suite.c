/* JSONTestSuite (github.com/nst/JSONTestSuite, test_parsing/): every y_ file
 * is accepted by sc_skip_value + sc_reader_finish and by sc_parse_json (the
 * entry point for any JSON value, as a cJSON * member reads it), whose tree
 * prints back with sc_print_json to text that parses to the same tree;
 * every n_ file is rejected by both,
 * except the y_ files listed below, which I-JSON (RFC 7493) makes us reject
 * on purpose. i_ files are implementation-defined: the decision for each is
 * printed and recorded in docs/strictness.md. Every file is read again
 * followed by 32 spaces, which must not change the verdict: the reader reads
 * short numbers inline only with room after them, and the suite's files
 * mostly end right after their number. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/reader.h"

/* y_ files rejected on purpose, with the code we must give and why. */
static const struct {
    const char *file;
    int code;
    const char *reason;
} y_exceptions[] = {
    {"y_object_duplicated_key.json", SC_ERR_DUPLICATE_KEY, "I-JSON: member names must be unique"},
    {"y_object_duplicated_key_and_value.json", SC_ERR_DUPLICATE_KEY,
     "I-JSON: member names must be unique, even with equal values"},
    {"y_object_escaped_null_in_key.json", SC_ERR_NUL,
     "\\u0000 in a member name: keys are compared and stored as C strings"},
    {"y_string_null_escape.json", SC_ERR_NUL, "\\u0000 cannot live in a NUL-terminated C string"},
};

/* The decision for every i_ file (see docs/strictness.md), so a change of
 * behaviour is noticed: underflow to 0 is accepted; everything I-JSON rules
 * out (huge numbers, lone surrogates, non-UTF-8, BOM, deep nesting) is not. */
static const struct {
    const char *file;
    int code;
} i_decisions[] = {
    {"i_number_double_huge_neg_exp.json", SC_OK},
    {"i_number_huge_exp.json", SC_ERR_NUMBER},
    {"i_number_neg_int_huge_exp.json", SC_ERR_NUMBER},
    {"i_number_pos_double_huge_exp.json", SC_ERR_NUMBER},
    {"i_number_real_neg_overflow.json", SC_ERR_NUMBER},
    {"i_number_real_pos_overflow.json", SC_ERR_NUMBER},
    {"i_number_real_underflow.json", SC_OK},
    {"i_number_too_big_neg_int.json", SC_ERR_NUMBER},
    {"i_number_too_big_pos_int.json", SC_ERR_NUMBER},
    {"i_number_very_big_negative_int.json", SC_ERR_NUMBER},
    {"i_object_key_lone_2nd_surrogate.json", SC_ERR_UTF8},
    {"i_string_1st_surrogate_but_2nd_missing.json", SC_ERR_UTF8},
    {"i_string_1st_valid_surrogate_2nd_invalid.json", SC_ERR_UTF8},
    {"i_string_UTF-16LE_with_BOM.json", SC_ERR_SYNTAX},
    {"i_string_UTF-8_invalid_sequence.json", SC_ERR_UTF8},
    {"i_string_UTF8_surrogate_U+D800.json", SC_ERR_UTF8},
    {"i_string_incomplete_surrogate_and_escape_valid.json", SC_ERR_UTF8},
    {"i_string_incomplete_surrogate_pair.json", SC_ERR_UTF8},
    {"i_string_incomplete_surrogates_escape_valid.json", SC_ERR_UTF8},
    {"i_string_invalid_lonely_surrogate.json", SC_ERR_UTF8},
    {"i_string_invalid_surrogate.json", SC_ERR_UTF8},
    {"i_string_invalid_utf-8.json", SC_ERR_UTF8},
    {"i_string_inverted_surrogates_U+1D11E.json", SC_ERR_UTF8},
    {"i_string_iso_latin_1.json", SC_ERR_UTF8},
    {"i_string_lone_second_surrogate.json", SC_ERR_UTF8},
    {"i_string_lone_utf8_continuation_byte.json", SC_ERR_UTF8},
    {"i_string_not_in_unicode_range.json", SC_ERR_UTF8},
    {"i_string_overlong_sequence_2_bytes.json", SC_ERR_UTF8},
    {"i_string_overlong_sequence_6_bytes.json", SC_ERR_UTF8},
    {"i_string_overlong_sequence_6_bytes_null.json", SC_ERR_UTF8},
    {"i_string_truncated-utf-8.json", SC_ERR_UTF8},
    {"i_string_utf16BE_no_BOM.json", SC_ERR_SYNTAX},
    {"i_string_utf16LE_no_BOM.json", SC_ERR_SYNTAX},
    {"i_structure_500_nested_arrays.json", SC_ERR_DEPTH},
    {"i_structure_UTF-8_BOM_empty_object.json", SC_ERR_SYNTAX},
};

static int i_decision(const char *name)
{
    for (size_t i = 0; i < sizeof i_decisions / sizeof i_decisions[0]; i++)
        if (strcmp(i_decisions[i].file, name) == 0)
            return i_decisions[i].code;
    return -1;
}

static int find_exception(const char *name)
{
    for (size_t i = 0; i < sizeof y_exceptions / sizeof y_exceptions[0]; i++)
        if (strcmp(y_exceptions[i].file, name) == 0)
            return (int)i;
    return -1;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;

    if (!f)
        return NULL;
    for (;;) {
        size_t got;
        if (n == cap) {
            char *nb = realloc(buf, cap ? cap * 2 : 4096);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap = cap ? cap * 2 : 4096;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    /* an exact-size copy so an overread is caught by ASan/valgrind */
    {
        char *exact = malloc(n ? n : 1);
        if (exact && n)
            memcpy(exact, buf, n);
        free(buf);
        *len = n;
        return exact;
    }
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/testdata/json-test-suite/test_parsing";
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t nnames = 0, cap = 0;
    int y_ok = 0, y_exc = 0, n_ok = 0, i_acc = 0, i_rej = 0, failures = 0;
    sc_arena arena;

    if (!d) {
        printf("SKIP: %s not found\n", dir);
        return 77;
    }
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".json") != 0)
            continue;
        if (nnames == cap) {
            cap = cap ? cap * 2 : 512;
            names = realloc(names, cap * sizeof *names);
        }
        names[nnames++] = strcpy(malloc(l + 1), e->d_name);
    }
    closedir(d);
    qsort(names, nnames, sizeof *names, cmp_names);

    sc_arena_init(&arena, NULL);
    for (size_t i = 0; i < nnames; i++) {
        char path[4096];
        size_t len = 0;
        char *doc;
        sc_reader r;
        sc_error err;
        int rc;
        const char *name = names[i];

        snprintf(path, sizeof path, "%s/%s", dir, name);
        doc = read_file(path, &len);
        if (!doc) {
            printf("FAIL %s: cannot read\n", name);
            failures++;
            continue;
        }
        sc_reader_init(&r, doc, len, &arena, &err);
        rc = sc_skip_value(&r);
        if (rc == 0)
            rc = sc_reader_finish(&r);
        {
            /* the typed path agrees with the skipping one, and its tree
             * survives printing */
            cJSON *tree = NULL, *again = NULL;
            sc_error tree_err;
            int tree_rc = sc_parse_json(&arena, doc, len, &tree, &tree_err);
            char *text = NULL;
            if (tree_rc != rc) {
                failures++;
                printf("FAIL %s: sc_parse_json says %s, sc_skip_value %s\n", name,
                       sc_strerror(tree_rc), sc_strerror(rc));
            } else if (tree_rc == 0 &&
                       (sc_print_json(tree, &text) != 0 ||
                        sc_parse_json(&arena, text, strlen(text), &again, &tree_err) != 0 ||
                        !cJSON_Compare(tree, again, 1))) {
                failures++;
                printf("FAIL %s: the parsed tree does not print back to itself: %s\n", name,
                       text != NULL ? text : "(no text)");
            }
            sc_free_string(text);
        }
        {
            /* the same document with room after it */
            char *padded = malloc(len + 32);
            sc_error padded_err;
            int padded_rc;
            if (len)
                memcpy(padded, doc, len);
            memset(padded + len, ' ', 32);
            sc_reader_init(&r, padded, len + 32, &arena, &padded_err);
            padded_rc = sc_skip_value(&r);
            if (padded_rc == 0)
                padded_rc = sc_reader_finish(&r);
            if (padded_rc != rc || (rc != 0 && err.offset < len &&
                                    (padded_err.offset != err.offset ||
                                     strcmp(padded_err.message, err.message) != 0))) {
                failures++;
                printf(
                    "FAIL %s: with 32 spaces after it: %s at %zu (%s), without: %s at %zu (%s)\n",
                    name, sc_strerror(padded_rc), padded_err.offset, padded_err.message,
                    sc_strerror(rc), err.offset, err.message);
            }
            free(padded);
        }
        if (name[0] == 'y') {
            int x = find_exception(name);
            if (x >= 0) {
                if (rc == y_exceptions[x].code) {
                    y_exc++;
                    printf("ok   %s rejected on purpose (%s): %s\n", name, sc_strerror(rc),
                           y_exceptions[x].reason);
                } else {
                    failures++;
                    printf("FAIL %s: want %s, got %d %s\n", name, sc_strerror(y_exceptions[x].code),
                           rc, err.message);
                }
            } else if (rc == 0) {
                y_ok++;
            } else {
                failures++;
                printf("FAIL %s: rejected: %s at %zu: %s\n", name, sc_strerror(rc), err.offset,
                       err.message);
            }
        } else if (name[0] == 'n') {
            if (rc != 0) {
                n_ok++;
            } else {
                failures++;
                printf("FAIL %s: accepted\n", name);
            }
        } else {
            int want = i_decision(name);
            if (want != rc) {
                failures++;
                printf("FAIL %s: decision %d (%s) recorded, got %d\n", name, want,
                       want >= 0 ? sc_strerror(want) : "none", rc);
            }
            if (rc == 0) {
                i_acc++;
                printf("i    %s: accepted\n", name);
            } else {
                i_rej++;
                printf("i    %s: rejected: %s at %zu: %s\n", name, sc_strerror(rc), err.offset,
                       err.message);
            }
        }
        sc_arena_reset(&arena);
        free(doc);
        free(names[i]);
    }
    sc_arena_release(&arena);
    free(names);
    printf("y: %d accepted, %d rejected on purpose; n: %d rejected; i: %d accepted, %d rejected; "
           "%d failures\n",
           y_ok, y_exc, n_ok, i_acc, i_rej, failures);
    return failures ? 1 : 0;
}
