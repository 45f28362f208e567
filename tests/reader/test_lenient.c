/* The reader read leniently (runtime/core/reader_internal.h): JSON exactly
 * when JavaScript's JSON.parse says so, whatever the strictness rules and
 * limits say, with the strict reader's offsets for what is not JSON:
 *   - cases: what JSON.parse accepts and the strict reader refuses (deep
 *     nesting, huge numbers, lone surrogates, \u0000, bytes that are not
 *     UTF-8, duplicate keys, input over max_input), what both refuse, and
 *     the extent of a value;
 *   - keys: sc_internal_next_member_lenient unescapes them, and gives none for a
 *     key the strict reader would refuse;
 *   - against the strict reader: every document it accepts is read to the
 *     same end, every syntax error it reports is the lenient reading's too,
 *     at the same offset (every prefix and every one-byte change of a set of
 *     documents);
 *   - JSONTestSuite (test_lenient SUITE_DIR, skipped without it): y_
 *     accepted, n_ refused, i_ as node's JSON.parse decides (below).
 * Every document is read from a buffer of exactly its size (ASan). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader_internal.h"
#include "schemac/schemac.h"
#include "test.h"

#define J(s) s, sizeof(s) - 1

/* One document skipped leniently from an exact copy, then sc_reader_finish:
 * the code, the offset of the error or of the value's end (*stop, before
 * finish), and the error. */
static int lenient_doc(const char *json, size_t len, sc_arena *arena, size_t *stop, sc_error *err)
{
    char *copy = malloc(len ? len : 1);
    sc_reader r;
    int rc;

    memcpy(copy, json, len);
    sc_internal_reader_init_lenient(&r, copy, len, arena, err);
    rc = sc_internal_skip_value_lenient(&r);
    if (stop)
        *stop = sc_reader_offset(&r);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    if (rc == 0 && r.depth != 0)
        rc = -1; /* the framing lost count */
    free(copy);
    return rc;
}

static int lenient(const char *json, size_t len)
{
    sc_arena arena;
    sc_error err;
    int rc;

    sc_arena_init(&arena, NULL);
    rc = lenient_doc(json, len, &arena, NULL, &err);
    sc_arena_release(&arena);
    return rc;
}

/* `n` opening brackets, `inner`, n closing ones. */
static char *nested(size_t n, const char *inner, size_t *len)
{
    size_t m = strlen(inner);
    char *s = malloc(2 * n + m + 1);

    memset(s, '[', n);
    memcpy(s + n, inner, m);
    memset(s + n + m, ']', n);
    *len = 2 * n + m;
    s[*len] = '\0';
    return s;
}

static void lenient_should_accept_what_json_parse_accepts(void)
{
    static const struct {
        const char *json;
        size_t len;
    } cases[] = {
        {J("{\"a\":[1,{\"b\":null}],\"c\":\"x\"}")},
        {J(" [ ] ")},
        {J("{}")},
        {J("\"\"")},
        {J("-0.5e-3")},
        {J("1e400")}, /* Infinity to JSON.parse */
        {J("-1e400")},
        {J("12345678901234567890")}, /* beyond 2^53 */
        {J("[9007199254740993, 1e-400]")},
        {J("\"\\ud800\"")}, /* lone surrogates */
        {J("\"\\udfff x\"")},
        {J("\"\\ud800\\ud800\\udc00\"")}, /* a lone one before a pair */
        {J("\"\\u0000\"")},
        {J("\"\xff\"")},             /* bytes that are not UTF-8 */
        {J("\"\xC3\"")},             /* a cut sequence before the quote */
        {J("\"\xED\xA0\x80\"")},     /* an encoded surrogate */
        {J("\"\xF4\x90\x80\x80\"")}, /* beyond U+10FFFF */
        {J("{\"a\":1,\"a\":2}")},    /* duplicate keys */
        {J("{\"\\ud800\":1,\"\xff\":2,\"\\u0000\":3}")},
        {J("[\"\x7f\"]")},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int rc = lenient(cases[i].json, cases[i].len);
        test_checks++;
        if (rc != 0) {
            test_failures++;
            fprintf(stderr, "accept case %zu (%s): %s\n", i, cases[i].json, sc_strerror(rc));
        }
    }
    /* any depth, without recursion */
    size_t len;
    char *deep = nested(100000, "{\"a\":[{}]}", &len);
    CHECK(lenient(deep, len) == 0);
    free(deep);
}

static void lenient_should_refuse_what_json_parse_refuses(void)
{
    static const struct {
        const char *json;
        size_t len;
        long offset;
    } cases[] = {
        {J(""), 0},           {J("   "), 3},
        {J("\"a\x01\""), 2},                   /* a control character */
        {J("\"\\x\""), 1},                     /* a bad escape */
        {J("\"\\u12\""), 1},  {J("\"abc"), 4}, /* unterminated */
        {J("\"\\"), 2},       {J("[1,]"), 2},  /* on the trailing comma */
        {J("{\"a\":1,}"), 6}, {J("{a:1}"), 1},
        {J("{\"a\" 1}"), 5},  {J("{\"a\":}"), 5},
        {J("[1 2]"), 3},      {J("01"), 0}, /* at the leading zero */
        {J("1."), 2},         {J("-"), 1},
        {J("1e+"), 3},        {J("tru"), 0},
        {J("nul"), 0},        {J("[1]]"), 3},           /* data after the value */
        {J("[1] // c"), 4},   {J("\xEF\xBB\xBF{}"), 0}, /* a byte order mark */
        {J("[\xff]"), 1},                               /* not UTF-8 outside a string */
        {J("{\"a\":1"), 6},   {J("["), 1},
        {J("]"), 0},          {J("[}"), 1},
        {J("{]"), 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sc_arena arena;
        sc_error err;
        int rc;
        sc_arena_init(&arena, NULL);
        rc = lenient_doc(cases[i].json, cases[i].len, &arena, NULL, &err);
        sc_arena_release(&arena);
        test_checks++;
        if (rc != SC_ERR_SYNTAX || (long)err.offset != cases[i].offset) {
            test_failures++;
            fprintf(stderr, "refuse case %zu: got %s at %zu (%s), expected syntax at %ld\n", i,
                    sc_strerror(rc), err.offset, err.message, cases[i].offset);
        }
    }
    /* 1500 open and never closed: not JSON, however deep */
    size_t len;
    char *deep = nested(1500, "", &len);
    CHECK(lenient(deep, 1500) == SC_ERR_SYNTAX);
    free(deep);
}

/* The value's extent: r->p just after it, white space after it left. */
static void lenient_should_stop_right_after_the_value(void)
{
    static const struct {
        const char *json;
        size_t len;
        size_t stop;
    } cases[] = {
        {J("  [1, [2]]  ,x"), 10}, {J("\"a\\\"]\" x"), 6},    {J("12 34"), 2},
        {J("true}"), 4},           {J("{\"a\":\"}\"} ]"), 9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sc_reader r;
        sc_error err;
        sc_internal_reader_init_lenient(&r, cases[i].json, cases[i].len, NULL, &err);
        CHECK(sc_internal_skip_value_lenient(&r) == 0 && sc_reader_offset(&r) == cases[i].stop);
    }
}

/* No limit of the arena applies; without an arena only deep nesting and
 * escaped keys, which need memory, fail, and as SC_ERR_NOMEM. */
static void lenient_should_take_only_scratch_memory_from_the_arena(void)
{
    sc_limits limits = {
        .max_input = 4, .max_string = 1, .max_items = 1, .max_members = 1, .max_depth = 1};
    sc_arena arena;
    sc_error err;
    size_t len;
    char *deep = nested(3000, "[1,2,3]", &len);

    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    CHECK(lenient_doc(deep, len, &arena, NULL, &err) == 0);
    CHECK(lenient_doc(J("{\"abc\":[1,2,3],\"d\":{\"e\":1,\"f\":2}}"), &arena, NULL, &err) == 0);
    sc_arena_release(&arena);
    free(deep);

    deep = nested(1024, "", &len);
    CHECK(lenient_doc(deep, len, NULL, NULL, &err) == 0);
    free(deep);
    deep = nested(1025, "", &len);
    CHECK(lenient_doc(deep, len, NULL, NULL, &err) == SC_ERR_NOMEM && err.offset == 1024);
    free(deep);
}

/* Keys are unescaped; one the strict reader would refuse is no name. */
static void member_keys_should_be_unescaped_or_none(void)
{
    static const char doc[] =
        "{\"\\u0069d\":1, \"\\ud800\":2, \"i\xff\":3, \"id\\u0000\":4, \"plain\":5,"
        "\"\\ud83d\\ude00\":[6]}";
    static const char *const want[] = {"id", NULL, NULL, NULL, "plain", "\xF0\x9F\x98\x80"};
    sc_arena arena;
    sc_reader r;
    sc_error err;
    sc_string key;
    size_t i = 0;
    sc_next next;

    sc_arena_init(&arena, NULL);
    sc_internal_reader_init_lenient(&r, doc, sizeof doc - 1, &arena, &err);
    CHECK(sc_peek(&r) == SC_JSON_OBJECT && sc_read_object_begin(&r) == 0);
    while ((next = sc_internal_next_member_lenient(&r, &key)) == SC_NEXT_ITEM && i < 6) {
        if (want[i] == NULL)
            CHECK(key.ptr == NULL && key.len == 0);
        else
            CHECK(key.ptr != NULL && key.len == strlen(want[i]) &&
                  memcmp(key.ptr, want[i], key.len) == 0);
        CHECK(sc_internal_skip_value_lenient(&r) == 0);
        i++;
    }
    CHECK(next == SC_NEXT_END && i == 6 && sc_reader_finish(&r) == 0 && r.depth == 0);
    sc_arena_release(&arena);

    /* an escaped key needs the arena */
    sc_internal_reader_init_lenient(&r, J("{\"\\u0069d\":1}"), NULL, &err);
    CHECK(sc_read_object_begin(&r) == 0 &&
          sc_internal_next_member_lenient(&r, &key) == SC_NEXT_ERROR && err.code == SC_ERR_NOMEM);
    /* framing errors as the strict reader's */
    sc_internal_reader_init_lenient(&r, J("{\"a\" 1}"), NULL, &err);
    CHECK(sc_read_object_begin(&r) == 0 &&
          sc_internal_next_member_lenient(&r, NULL) == SC_NEXT_ERROR && err.code == SC_ERR_SYNTAX &&
          err.offset == 5);
}

/* Strict and lenient on one document: what the strict reader accepts is
 * read to the same end; a syntax error of the strict reader is the lenient
 * reading's too, at the same offset (the text before it passed every
 * check, and the tokens and framing are the same code). */
static void compare_with_strict(const char *json, size_t len, const char *what)
{
    sc_arena arena;
    sc_error serr, lerr;
    sc_reader r;
    size_t sstop, lstop;
    char *copy = malloc(len ? len : 1);
    int src, lrc;

    memcpy(copy, json, len);
    sc_arena_init(&arena, NULL);
    sc_reader_init(&r, copy, len, &arena, &serr);
    src = sc_skip_value(&r);
    sstop = sc_reader_offset(&r);
    if (src == 0)
        src = sc_reader_finish(&r);
    lrc = lenient_doc(copy, len, &arena, &lstop, &lerr);
    test_checks++;
    if ((src == 0 && (lrc != 0 || lstop != sstop)) ||
        (src == SC_ERR_SYNTAX && (lrc != SC_ERR_SYNTAX || lerr.offset != serr.offset))) {
        test_failures++;
        fprintf(stderr, "%s: strict %s at %zu (%s), lenient %s at %zu (%s): %.*s\n", what,
                sc_strerror(src), serr.offset, serr.message, sc_strerror(lrc), lerr.offset,
                lerr.message, (int)len, json);
    }
    sc_arena_release(&arena);
    free(copy);
}

static void lenient_should_agree_with_the_strict_reader(void)
{
    static const char *const docs[] = {
        "{\"a\":[1,-2.5e3,{\"b\":null,\"c\":[true,false]}],\"d\":\"x\\\"y\\u00e9\\ud83d\\ude00\",\"e\":{}}",
        " [ {\"k\" : \"v\" } , [ ] , \"\xC3\xA9\" , 0 ] ",
        "{\"a\":{\"a\":{\"a\":[[[\"deep\"]]]}},\"b\":123456789012345}",
    };
    for (size_t d = 0; d < sizeof docs / sizeof *docs; d++) {
        size_t len = strlen(docs[d]);
        char buf[256];
        compare_with_strict(docs[d], len, "whole");
        for (size_t n = 0; n < len; n++)
            compare_with_strict(docs[d], n, "prefix");
        /* every byte changed to each of the bytes that matter to JSON */
        static const char swaps[] = "\"\\{}[],: 0-.eE+tfnu\x01\xff";
        for (size_t i = 0; i < len; i++) {
            for (size_t s = 0; s < sizeof swaps - 1; s++) {
                memcpy(buf, docs[d], len);
                buf[i] = swaps[s];
                compare_with_strict(buf, len, "changed");
            }
        }
    }
}

/* JSONTestSuite: i_ files by JSON.parse's verdict (node 20, the file read
 * as UTF-8, bad bytes as U+FFFD): all are JSON but these, which are not
 * UTF-8 text outside strings or start with a byte order mark. */
static const char *const i_refused[] = {
    "i_string_UTF-16LE_with_BOM.json",
    "i_string_utf16BE_no_BOM.json",
    "i_string_utf16LE_no_BOM.json",
    "i_structure_UTF-8_BOM_empty_object.json",
};

static void lenient_should_judge_json_test_suite_as_json_parse(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t files = 0;

    if (d == NULL) {
        printf("skip JSONTestSuite: %s not found\n", dir);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        char path[4096], *text = NULL;
        size_t len = 0, cap = 0, got;
        bool want;
        FILE *f;
        if (name[0] != 'y' && name[0] != 'n' && name[0] != 'i')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if ((f = fopen(path, "rb")) == NULL)
            continue;
        do {
            if (len == cap)
                text = realloc(text, cap = cap * 2 + 4096);
            got = fread(text + len, 1, cap - len, f);
            len += got;
        } while (got > 0);
        fclose(f);
        want = name[0] == 'y';
        if (name[0] == 'i') {
            want = true;
            for (size_t i = 0; i < sizeof i_refused / sizeof *i_refused; i++)
                want = want && strcmp(name, i_refused[i]) != 0;
        }
        int rc = lenient(text, len);
        test_checks++;
        if ((rc == 0) != want) {
            test_failures++;
            fprintf(stderr, "%s: lenient %s, JSON.parse %s\n", name, sc_strerror(rc),
                    want ? "accepts" : "refuses");
        }
        compare_with_strict(text, len, name);
        free(text);
        files++;
    }
    closedir(d);
    CHECK(files > 300);
}

int main(int argc, char **argv)
{
    RUN(lenient_should_accept_what_json_parse_accepts);
    RUN(lenient_should_refuse_what_json_parse_refuses);
    RUN(lenient_should_stop_right_after_the_value);
    RUN(lenient_should_take_only_scratch_memory_from_the_arena);
    RUN(member_keys_should_be_unescaped_or_none);
    RUN(lenient_should_agree_with_the_strict_reader);
    if (argc > 1)
        lenient_should_judge_json_test_suite_as_json_parse(argv[1]);
    return TEST_RESULT();
}
