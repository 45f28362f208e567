/* A malformed document is reported as malformed, also when a constraint
 * fails before the first byte that is not JSON (issue 43, item 8;
 * docs/strictness.md). service_doc's name must not be empty and its port
 * must be >= 1, so every document below fails a constraint first. Each
 * malformed text must get, from service_doc_decode and from
 * service_doc_decode_all alike, the error the reader itself gives the
 * text (sc_skip_value + sc_reader_finish: code and offset; the words
 * may differ at the end of the input), never the constraint:
 * - every prefix of a document whose first member fails;
 * - bytes that are not UTF-8 after the failing member;
 * - a string over max_string and nesting over max_depth after it;
 * - every n_ file of JSONTestSuite as it is and as the value after the
 *   failing member (../shared/testdata; skipped without it);
 * - and the re-read allocates nothing (a deep tail with many escaped
 *   keys, which sc_skip_value would keep in the arena).
 * A well-formed document keeps its constraint error.
 * Run: test_syntax_first [JSONTestSuite's test_parsing folder] */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/reader.h"
#include "syntax_first.schemac.h"

static int failures;

static void fail(const char *what, const char *detail)
{
    printf("FAIL %s: %s\n", what, detail);
    failures++;
}

/* The reader's verdict on text: its first error (code and offset). */
static int reader_verdict(sc_arena *arena, const char *text, size_t len, sc_error *err)
{
    sc_reader r;
    sc_reader_init(&r, text, len, arena, err);
    int rc = sc_skip_value(&r);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    sc_arena_reset(arena);
    return rc;
}

/* Decodes text in both modes: each must report what the reader does when
 * the text is not JSON (the error alone in all-errors mode), and `keyword`
 * (a constraint) when it is. */
static void check(const char *what, sc_arena *arena, const char *text, size_t len,
                  const char *keyword)
{
    char detail[2048];
    sc_error want, err, items[8];
    sc_errors errs;
    service_doc out;
    int want_rc = reader_verdict(arena, text, len, &want);
    int rc = service_doc_decode(arena, text, len, &out, &err);
    sc_arena_reset(arena);
    sc_errors_init(&errs, items, 8);
    int all_rc = service_doc_decode_all(arena, text, len, &out, &errs);
    sc_arena_reset(arena);
    if (want_rc != 0) {
        if (rc != want_rc || err.offset != want.offset) {
            snprintf(detail, sizeof detail,
                     "decode: %s at %zu (%s: %s), the reader: %s at %zu (%s)", sc_strerror(rc),
                     err.offset, err.path, err.message, sc_strerror(want_rc), want.offset,
                     want.message);
            fail(what, detail);
        }
        if (all_rc != rc || errs.count != 1 || items[0].code != err.code ||
            items[0].offset != err.offset || strcmp(items[0].path, err.path) != 0 ||
            strcmp(items[0].message, err.message) != 0) {
            snprintf(detail, sizeof detail, "decode_all: %s, %zu errors, the first %s (%s), not %s",
                     sc_strerror(all_rc), errs.count, errs.count ? items[0].message : "-",
                     errs.count ? items[0].path : "-", err.message);
            fail(what, detail);
        }
    } else if (keyword == NULL || rc != SC_ERR_CONSTRAINT || err.keyword == NULL ||
               strcmp(err.keyword, keyword) != 0 || all_rc != rc || errs.count == 0 ||
               strcmp(items[0].message, err.message) != 0) {
        snprintf(detail, sizeof detail, "well-formed: %s (%s), all-errors %s; expected %s",
                 sc_strerror(rc), err.message, sc_strerror(all_rc),
                 keyword != NULL ? keyword : "a syntax error");
        fail(what, detail);
    }
}

static void check_str(const char *what, sc_arena *arena, const char *text, const char *keyword)
{
    check(what, arena, text, strlen(text), keyword);
}

/* Every prefix of a document whose first member fails minLength, each in
 * a buffer of its own size (ASan sees a read past it). */
static void check_prefixes(sc_arena *arena)
{
    static const char doc[] = "{\"name\": \"\", \"port\": 8080, \"extra\": {\"a\": [1, -2.5e3, "
                              "\"x\\u00e9\\ud83d\\ude00\"], \"b\": null, \"c\": true, \"d\": "
                              "false, \"\\u0065\": {}}}";
    size_t n = sizeof doc - 1;
    for (size_t len = 0; len < n; len++) {
        char what[64], *cut = malloc(len ? len : 1);
        memcpy(cut, doc, len);
        snprintf(what, sizeof what, "prefix of %zu bytes", len);
        check(what, arena, cut, len, NULL);
        free(cut);
    }
    check("the whole document", arena, doc, n, "minLength");
}

static void check_tails(sc_arena *arena)
{
    char text[512];
    check_str("a hex number", arena, "{\"port\": 0x1F90}", NULL);
    check_str("data after the document", arena, "{\"port\":0} x", NULL);
    check_str("bytes not UTF-8 after the member", arena,
              "{\"name\":\"\",\"extra\":[\"ok\",\"\xC3\x28\"]}", NULL);
    check_str("an overlong form after the member", arena,
              "{\"name\":\"\",\"extra\":{\"\xC0\xAF\":1}}", NULL);
    check_str("an unknown member first", arena, "{\"zz\":1,\"port\":", NULL);
    check_str("a type error first", arena, "{\"port\":\"80\",\"name\":\"a\" ", NULL);
    /* nesting: 64 levels in all are allowed, 65 are not */
    for (int depth = 63; depth <= 64; depth++) {
        int n = snprintf(text, sizeof text, "{\"port\":0,\"extra\":");
        for (int i = 0; i < depth; i++)
            text[n++] = '[';
        for (int i = 0; i < depth; i++)
            text[n++] = ']';
        text[n++] = '}';
        text[n] = '\0';
        check(depth == 63 ? "nesting at max_depth" : "nesting past max_depth", arena, text,
              (size_t)n, "minimum");
    }
    /* max_string: the reader's limit, a syntax-level error after the member */
    sc_limits limits = {0};
    limits.max_string = 8;
    sc_arena_set_limits(arena, &limits);
    check_str("a string over max_string after the member", arena,
              "{\"port\":0,\"extra\":\"123456789\"}", NULL);
    check_str("a string at max_string after the member", arena,
              "{\"port\":0,\"extra\":\"12345678\"}", "minimum");
    limits.max_string = 0;
    sc_arena_set_limits(arena, &limits);
}

/* The re-read of a failed document keeps nothing in the arena: a tail
 * 40 deep with 40 escaped keys open (sc_skip_value keeps both in the
 * arena past 32) costs the decode no byte more than the member alone. */
static void check_no_allocation(sc_arena *arena)
{
    char text[4096];
    service_doc out;
    sc_error err;
    int n = snprintf(text, sizeof text, "{\"name\":\"\",\"extra\":{");
    for (int i = 0; i < 40; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "%s\"\\u006b%d\":0", i ? "," : "", i);
    n += snprintf(text + n, sizeof text - (size_t)n, ",\"z\":");
    for (int i = 0; i < 40; i++)
        text[n++] = '[';
    n += snprintf(text + n, sizeof text - (size_t)n, "1,]");
    if (service_doc_decode(arena, "{\"name\":\"\"}", 11, &out, &err) != SC_ERR_CONSTRAINT)
        fail("the member alone", "does not fail minLength");
    size_t alone = sc_arena_used(arena);
    sc_arena_reset(arena);
    int rc = service_doc_decode(arena, text, (size_t)n, &out, &err);
    size_t used = sc_arena_used(arena);
    sc_arena_reset(arena);
    if (rc != SC_ERR_SYNTAX || used != alone) {
        char detail[1024];
        snprintf(detail, sizeof detail, "%s (%s), %zu bytes used, %zu for the member alone",
                 sc_strerror(rc), err.message, used, alone);
        fail("the re-read allocates nothing", detail);
    }
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)size + 1);
    *len = fread(buf, 1, (size_t)size, f);
    fclose(f);
    return buf;
}

/* Every n_ file, as it is and after the failing member. */
static int check_json_test_suite(sc_arena *arena, const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL) {
        char path[4096], what[512];
        size_t len = 0;
        if (strncmp(e->d_name, "n_", 2) != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char *doc = read_file(path, &len);
        if (doc == NULL) {
            fail(e->d_name, "cannot read");
            continue;
        }
        static const char head[] = "{\"name\":\"\",\"port\":0,\"extra\":";
        char *wrapped = malloc(sizeof head + len + 1);
        memcpy(wrapped, head, sizeof head - 1);
        memcpy(wrapped + sizeof head - 1, doc, len);
        wrapped[sizeof head - 1 + len] = '}';
        sc_error err;
        if (reader_verdict(arena, doc, len, &err) == 0 ||
            reader_verdict(arena, wrapped, sizeof head + len, &err) == 0) {
            fail(e->d_name, "the reader accepts it (as it is or wrapped)");
        } else {
            snprintf(what, sizeof what, "%s as it is", e->d_name);
            check(what, arena, doc, len, NULL);
            snprintf(what, sizeof what, "%s after the failing member", e->d_name);
            check(what, arena, wrapped, sizeof head + len, NULL);
        }
        files++;
        free(wrapped);
        free(doc);
    }
    closedir(d);
    return files;
}

int main(int argc, char **argv)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    check_prefixes(&arena);
    check_tails(&arena);
    check_no_allocation(&arena);
    int files = check_json_test_suite(
        &arena, argc > 1 ? argv[1] : "../shared/testdata/json-test-suite/test_parsing");
    sc_arena_release(&arena);
    if (files < 0)
        printf("JSONTestSuite not found: its n_ files not run\n");
    else
        printf("JSONTestSuite: %d n_ files, as they are and wrapped\n", files);
    printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
