/* The strict reader: every rule of reader.h, with the exact code, keyword
 * and offset of each rejection. */
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/reader.h"
#include "test.h"

/* A case: input (with its exact length, so NUL bytes can be part of it), the
 * expected code, the expected offset (-1: not checked) and a part of the
 * expected message (NULL: not checked). */
typedef struct doc_case {
    const char *json;
    size_t len;
    int code;
    long offset;
    const char *msg;
} doc_case;

#define J(s) s, sizeof(s) - 1

/* The document copied into a buffer of exactly its size, so that reading
 * past the end is caught by ASan and valgrind. */
static char *exact_copy(const char *s, size_t len)
{
    char *b = malloc(len ? len : 1);
    if (len)
        memcpy(b, s, len);
    return b;
}

/* Skips a document under limits (NULL: the defaults). */
static int skip_doc_limited(const char *json, size_t len, const sc_limits *limits, sc_error *err)
{
    sc_arena arena;
    sc_reader r;
    char *copy = exact_copy(json, len);
    int rc;

    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, limits);
    sc_reader_init(&r, copy, len, &arena, err);
    rc = sc_skip_value(&r);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    if (rc == 0 && r.depth != 0)
        rc = -1;
    sc_arena_release(&arena);
    free(copy);
    return rc;
}

static int skip_doc(const char *json, size_t len, sc_error *err)
{
    return skip_doc_limited(json, len, NULL, err);
}

/* White space appended to a document to give the reader room: it reads
 * short numbers and expected members inline only when at least this much
 * input is left after them (less is the general path's). */
#define ROOM 32

/* json[0..len) followed by room spaces, NUL-terminated (the NUL not part
 * of the document). */
static char *with_room(const char *json, size_t len, size_t room)
{
    char *b = malloc(len + room + 1);
    memcpy(b, json, len);
    memset(b + len, ' ', room);
    b[len + room] = '\0';
    return b;
}

static void check_cases(const char *group, const doc_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t room = 0; room <= ROOM; room += ROOM) {
            const doc_case *c = &cases[i];
            char *doc = with_room(c->json, c->len, room);
            sc_error err;
            int rc = skip_doc(doc, c->len + room, &err);
            /* with room, an error at the end of the input moves (or
             * changes: "\"\\" then a space is a bad escape): the code stays */
            bool at_end = room > 0 && c->offset == (long)c->len;
            bool ok =
                rc == c->code && err.code == c->code &&
                (c->offset < 0 || at_end || (c->code != 0 && err.offset == (size_t)c->offset)) &&
                (!c->msg || at_end || strstr(err.message, c->msg)) &&
                (c->code == 0 || err.keyword == NULL);
            test_checks++;
            if (!ok) {
                test_failures++;
                fprintf(stderr,
                        "%s: case %zu `%.*s` + %zu spaces: got code %d (%s) offset %zu \"%s\", "
                        "want %d offset %ld \"%s\"\n",
                        group, i, (int)c->len, c->json, room, rc, sc_strerror(err.code), err.offset,
                        err.message, c->code, c->offset, c->msg ? c->msg : "");
            }
            free(doc);
        }
    }
}

#define CASES(table) check_cases(__func__, table, sizeof table / sizeof table[0])

static void reader_should_accept_valid_documents(void)
{
    static const doc_case cases[] = {
        {J("{}"), 0, -1, NULL},
        {J("[]"), 0, -1, NULL},
        {J(" \t\r\n{ \"a\" : [ 1 , 2.5 , -0 , 1e3 , 1E+2 , 1e-2 , true , false , null ] } \n"), 0,
         -1, NULL},
        {J("\"\""), 0, -1, NULL},
        {J("0"), 0, -1, NULL},
        {J("-0.0e-0"), 0, -1, NULL},
        {J("9007199254740991"), 0, -1, NULL},
        {J("-9007199254740991"), 0, -1, NULL},
        {J("1.7976931348623157e308"), 0, -1, NULL},
        {J("1e-400"), 0, -1, NULL},                           /* underflows to 0: finite */
        {J("123456789012345678901234567890.5"), 0, -1, NULL}, /* not an integer literal */
        {J("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uD834\\uDD1E\""), 0, -1, NULL},
        {J("\"h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80 \xEF\xBF\xBF \xF4\x8F\xBF\xBF\""), 0, -1,
         NULL},
        {J("{\"a\":{\"a\":{\"a\":1}},\"b\":{\"a\":2}}"), 0, -1,
         NULL}, /* same key at other levels */
        {J("[{\"a\":1},{\"a\":1}]"), 0, -1, NULL},
        {J("{\"a\":1,\"A\":2,\"a \":3,\"\\u0062\":4}"), 0, -1, NULL},
        {J("[[[[[[[[[[]]]]]]]]]]"), 0, -1, NULL},
    };
    CASES(cases);
}

static void reader_should_reject_grammar_violations(void)
{
    static const doc_case cases[] = {
        {J(""), SC_ERR_SYNTAX, 0, "unexpected end of input"},
        {J("   "), SC_ERR_SYNTAX, 3, "unexpected end of input"},
        {J("/* c */ 1"), SC_ERR_SYNTAX, 0, "JSON has no comments (/* ... */)"},
        {J("[1 // c\n]"), SC_ERR_SYNTAX, 3, "JSON has no comments (// ...)"},
        {J("[1,]"), SC_ERR_SYNTAX, 2, "trailing comma: JSON allows none before ']'"},
        {J("[,1]"), SC_ERR_SYNTAX, 1, "expected a JSON value"},
        {J("[1,,2]"), SC_ERR_SYNTAX, 3, "expected a JSON value"},
        {J("{\"a\":1,}"), SC_ERR_SYNTAX, 6, "trailing comma: JSON allows none before '}'"},
        {J("{,}"), SC_ERR_SYNTAX, 1, "expected a string key or '}'"},
        {J("{\"a\" 1}"), SC_ERR_SYNTAX, 5, "expected ':' after object key"},
        {J("{\"a\":1 \"b\":2}"), SC_ERR_SYNTAX, 7, "expected ',' or '}' after object member"},
        {J("{\"a\":}"), SC_ERR_SYNTAX, 5, "expected a JSON value"},
        {J("{'a':1}"), SC_ERR_SYNTAX, 1, "object keys must be strings in double quotes"},
        {J("['a']"), SC_ERR_SYNTAX, 1, "JSON strings use double quotes, not single quotes"},
        {J("{a:1}"), SC_ERR_SYNTAX, 1, NULL},
        {J("[1}"), SC_ERR_SYNTAX, 2, "expected ',' or ']'"},
        {J("{\"a\":1]"), SC_ERR_SYNTAX, 6, "expected ',' or '}'"},
        {J("[}"), SC_ERR_SYNTAX, 1, "expected a JSON value"},
        {J("{]"), SC_ERR_SYNTAX, 1, "expected a string key or '}'"},
        {J("[1"), SC_ERR_SYNTAX, 2, "unexpected end of input in array"},
        {J("{\"a\":1"), SC_ERR_SYNTAX, 6, "unexpected end of input in object"},
        {J("{\"a\""), SC_ERR_SYNTAX, 4, "expected ':'"},
        {J("01"), SC_ERR_SYNTAX, 0, "leading zeros"},
        {J("-01"), SC_ERR_SYNTAX, 1, "leading zeros"},
        {J("+1"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
        {J("-"), SC_ERR_SYNTAX, 1, "expected a digit after '-'"},
        {J("-a"), SC_ERR_SYNTAX, 1, "expected a digit after '-'"},
        {J("1."), SC_ERR_SYNTAX, 2, "expected a digit after the decimal point"},
        {J(".5"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
        {J("1.e5"), SC_ERR_SYNTAX, 2, "decimal point"},
        {J("1e"), SC_ERR_SYNTAX, 2, "exponent"},
        {J("1e+"), SC_ERR_SYNTAX, 3, "exponent"},
        {J("0x10"), SC_ERR_SYNTAX, 1, "unexpected data after the JSON value"},
        {J("NaN"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
        {J("Infinity"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
        {J("-Infinity"), SC_ERR_SYNTAX, 1, "expected a digit after '-'"},
        {J("tru"), SC_ERR_SYNTAX, 0, "invalid literal"},
        {J("True"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
        {J("nul"), SC_ERR_SYNTAX, 0, "invalid literal"},
        {J("falsey"), SC_ERR_SYNTAX, 5, "unexpected data after the JSON value"},
        {J("\"abc"), SC_ERR_SYNTAX, 4, "unterminated string"},
        {J("\"abc\\"), SC_ERR_SYNTAX, 5, "unterminated string"},
        {J("\"a\tb\""), SC_ERR_SYNTAX, 2, "control character U+0009"},
        {J("\"a\nb\""), SC_ERR_SYNTAX, 2, "control character U+000A"},
        {J("\"a\x1f\""), SC_ERR_SYNTAX, 2, "control character U+001F"},
        {J("\"a\0b\""), SC_ERR_SYNTAX, 2, "control character U+0000"},
        {J("\"\\x41\""), SC_ERR_SYNTAX, 1, "invalid escape"},
        {J("\"\\a\""), SC_ERR_SYNTAX, 1, "invalid escape"},
        {J("\"\\u12\""), SC_ERR_SYNTAX, 1, "expected 4 hex digits"},
        {J("\"\\u12G4\""), SC_ERR_SYNTAX, 1, "expected 4 hex digits"},
        {J("\"\\u00"), SC_ERR_SYNTAX, 1, "expected 4 hex digits"},
        {J("\"\\U0041\""), SC_ERR_SYNTAX, 1, "invalid escape"},
        {J("\xEF\xBB\xBF{}"), SC_ERR_SYNTAX, 0, "byte order mark (U+FEFF)"}, /* BOM */
        {J("\f1"), SC_ERR_SYNTAX, 0, NULL},     /* form feed is not JSON white space */
        {J("[1,\v2]"), SC_ERR_SYNTAX, 3, NULL}, /* nor vertical tab */
        {J("\xC2\xA0"
           "1"),
         SC_ERR_SYNTAX, 0, NULL}, /* nor NBSP */
        {J("1 2"), SC_ERR_SYNTAX, 2, "unexpected data after the JSON value"},
        {J("{} {}"), SC_ERR_SYNTAX, 3, "unexpected data after the JSON value"},
        {J("1\0"), SC_ERR_SYNTAX, 1, "unexpected data after the JSON value"},
        {J("]"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
    };
    CASES(cases);
}

/* The usual non-JSON of config files (issue 33): comments, trailing commas,
 * single quotes, unquoted keys, a byte order mark, each said plainly and
 * placed on what to fix (a trailing comma on the comma); still syntax
 * errors. Anything else keeps the grammar's message. */
static void reader_should_say_plainly_what_config_files_get_wrong(void)
{
    static const doc_case cases[] = {
        /* comments, wherever they stand */
        {J("// config\n{}"), SC_ERR_SYNTAX, 0, "JSON has no comments (// ...)"},
        {J("{// c\n\"a\":1}"), SC_ERR_SYNTAX, 1, "JSON has no comments (// ...)"},
        {J("{\"a\": // c\n1}"), SC_ERR_SYNTAX, 6, "JSON has no comments (// ...)"},
        {J("{\"a\":1 // c\n}"), SC_ERR_SYNTAX, 7, "JSON has no comments (// ...)"},
        {J("{\"a\":1, // c\n\"b\":2}"), SC_ERR_SYNTAX, 8, "JSON has no comments (// ...)"},
        {J("{\"a\" /* c */ :1}"), SC_ERR_SYNTAX, 5, "JSON has no comments (/* ... */)"},
        {J("[1, /* c */ 2]"), SC_ERR_SYNTAX, 4, "JSON has no comments (/* ... */)"},
        {J("{} // end"), SC_ERR_SYNTAX, 3, "JSON has no comments (// ...)"},
        {J("# config\n{}"), SC_ERR_SYNTAX, 0, "JSON has no comments (# ...)"},
        {J("{\"a\":1\n# c\n}"), SC_ERR_SYNTAX, 7, "JSON has no comments (# ...)"},
        {J("[1 /"), SC_ERR_SYNTAX, 3, "expected ',' or ']' after array element"}, /* a lone '/' */
        {J("/"), SC_ERR_SYNTAX, 0, "expected a JSON value"},
        /* trailing commas: on the comma, however far before the bracket */
        {J("[1,]"), SC_ERR_SYNTAX, 2, "trailing comma: JSON allows none before ']'"},
        {J("{\"a\":1,}"), SC_ERR_SYNTAX, 6, "trailing comma: JSON allows none before '}'"},
        {J("{\n  \"a\": [1, 2],\r\n\t\n}"), SC_ERR_SYNTAX, 15,
         "trailing comma: JSON allows none before '}'"},
        {J("{\"a\":[\"x\",\n]}"), SC_ERR_SYNTAX, 9, "trailing comma: JSON allows none before ']'"},
        {J("[[],]"), SC_ERR_SYNTAX, 3, "trailing comma"},
        {J("[1,,]"), SC_ERR_SYNTAX, 3, "expected a JSON value"}, /* the first error: two commas */
        {J("[,]"), SC_ERR_SYNTAX, 1,
         "expected a JSON value"}, /* no value before it: not trailing */
        {J("{,}"), SC_ERR_SYNTAX, 1, "expected a string key or '}'"},
        {J("{\"a\":\"1,\"}"), 0, -1, NULL}, /* a comma in a string is no comma */
        /* single quotes */
        {J("{\"a\":'x'}"), SC_ERR_SYNTAX, 5, "JSON strings use double quotes, not single quotes"},
        {J("['x', \"y\"]"), SC_ERR_SYNTAX, 1, "JSON strings use double quotes"},
        {J("'x'"), SC_ERR_SYNTAX, 0, "JSON strings use double quotes"},
        {J("{'a':1}"), SC_ERR_SYNTAX, 1, "object keys must be strings in double quotes"},
        /* unquoted keys */
        {J("{a:1}"), SC_ERR_SYNTAX, 1, "object keys must be strings in double quotes"},
        {J("{\"a\":1, b_2:2}"), SC_ERR_SYNTAX, 8, "object keys must be strings in double quotes"},
        {J("{\n  port: 80\n}"), SC_ERR_SYNTAX, 4, "object keys must be strings in double quotes"},
        {J("{$ref:1}"), SC_ERR_SYNTAX, 1, "object keys must be strings in double quotes"},
        {J("{1:1}"), SC_ERR_SYNTAX, 1, "object keys must be strings in double quotes"},
        {J("{\xC3\xA9t\xC3\xA9:1}"), SC_ERR_SYNTAX, 1,
         "object keys must be strings in double quotes"},
        {J("{]"), SC_ERR_SYNTAX, 1, "expected a string key or '}'"},
        /* a byte order mark: only at the start */
        {J("\xEF\xBB\xBF{}"), SC_ERR_SYNTAX, 0, "byte order mark (U+FEFF)"},
        {J("[\xEF\xBB\xBF]"), SC_ERR_SYNTAX, 1, "expected a JSON value"},
    };
    CASES(cases);
}

static void reader_should_reject_invalid_utf8_in_strings(void)
{
    static const doc_case cases[] = {
        {J("\"\x80\""), SC_ERR_UTF8, 1, "invalid UTF-8 in string"}, /* lone continuation */
        {J("\"ab\xC0\xAF\""), SC_ERR_UTF8, 3, "invalid UTF-8"},     /* overlong '/' */
        {J("\"\xC1\xBF\""), SC_ERR_UTF8, 1, NULL},                  /* overlong */
        {J("\"\xE0\x80\xAF\""), SC_ERR_UTF8, 1, NULL},              /* overlong 3-byte */
        {J("\"\xF0\x80\x80\xAF\""), SC_ERR_UTF8, 1, NULL},          /* overlong 4-byte */
        {J("\"\xED\xA0\x80\""), SC_ERR_UTF8, 1, NULL},              /* U+D800 encoded */
        {J("\"\xED\xBF\xBF\""), SC_ERR_UTF8, 1, NULL},              /* U+DFFF encoded */
        {J("\"\xF4\x90\x80\x80\""), SC_ERR_UTF8, 1, NULL},          /* U+110000 */
        {J("\"\xF5\x80\x80\x80\""), SC_ERR_UTF8, 1, NULL},
        {J("\"\xFF\""), SC_ERR_UTF8, 1, NULL},
        {J("\"\xC3\""), SC_ERR_UTF8, 1, NULL},     /* truncated */
        {J("\"\xE2\x82\""), SC_ERR_UTF8, 1, NULL}, /* truncated */
        {J("\"\xE2\x82"), SC_ERR_UTF8, 1, NULL},   /* truncated at end */
        {J("\"\xF0\x9F\x98"), SC_ERR_UTF8, 1, NULL},
        {J("\"abcdefghijklmnop\xE9t\xE9\""), SC_ERR_UTF8, 17,
         NULL},                                     /* Latin-1 after a long ASCII run */
        {J("{\"k\xFF\":1}"), SC_ERR_UTF8, 3, NULL}, /* in a key */
    };
    CASES(cases);
}

static void reader_should_reject_lone_surrogate_escapes(void)
{
    static const doc_case cases[] = {
        {J("\"\\uD800\""), SC_ERR_UTF8, 1, "lone surrogate \\uD800"},
        {J("\"\\uDBFF\\u0041\""), SC_ERR_UTF8, 1, "lone surrogate"},
        {J("\"\\uD800\\uD800\""), SC_ERR_UTF8, 1, "lone surrogate"},
        {J("\"\\uDC00\""), SC_ERR_UTF8, 1, "no high surrogate"},
        {J("\"x\\uDFFF\\uD800\""), SC_ERR_UTF8, 2, "lone surrogate"},
        {J("\"\\uD834\""), SC_ERR_UTF8, 1, NULL},
        {J("\"\\uD834\\"), SC_ERR_UTF8, 1, NULL},
        {J("{\"\\uDD1E\":0}"), SC_ERR_UTF8, 2, NULL},
    };
    CASES(cases);
}

static void reader_should_reject_nul_in_strings(void)
{
    static const doc_case cases[] = {
        {J("\"\\u0000\""), SC_ERR_NUL, 1, "string contains U+0000"},
        {J("[\"abc\\u0000def\"]"), SC_ERR_NUL, 5, "U+0000"},
        {J("{\"a\\u0000\":1}"), SC_ERR_NUL, 3, NULL},
    };
    CASES(cases);
}

static void reader_should_reject_unrepresentable_numbers(void)
{
    static const doc_case cases[] = {
        {J("9007199254740992"), SC_ERR_NUMBER, 0,
         "integer beyond +-(2^53-1) cannot be represented exactly"},
        {J("-9007199254740992"), SC_ERR_NUMBER, 0, "integer beyond"},
        {J("[1, 18446744073709551616]"), SC_ERR_NUMBER, 4, "integer beyond"},
        {J("123456789012345678901234567890"), SC_ERR_NUMBER, 0, "integer beyond"},
        {J("1e400"), SC_ERR_NUMBER, 0, "number too large"},
        {J("-1e400"), SC_ERR_NUMBER, 0, "number too large"},
        {J("[0.5e99999999999999999999]"), SC_ERR_NUMBER, 1, "number too large"},
        {J("1.7976931348623159e308"), SC_ERR_NUMBER, 0, "number too large"},
    };
    CASES(cases);
}

static void reader_should_reject_duplicate_keys_in_skipped_objects(void)
{
    static const doc_case cases[] = {
        {J("{\"a\":1,\"a\":2}"), SC_ERR_DUPLICATE_KEY, 7, "duplicate key \"a\""},
        {J("{\"a\":1,\"b\":2,\"a\":1}"), SC_ERR_DUPLICATE_KEY, 13, "duplicate key \"a\""},
        {J("{\"a\":1,\"\\u0061\":2}"), SC_ERR_DUPLICATE_KEY, 7, "duplicate key \"a\""},
        {J("{\"\\/\":1,\"/\":2}"), SC_ERR_DUPLICATE_KEY, 8, NULL},
        {J("{\"\xC3\xA9\":1,\"\\u00e9\":2}"), SC_ERR_DUPLICATE_KEY, 8,
         "duplicate key \"\xC3\xA9\""},
        {J("{\"\":1,\"\":2}"), SC_ERR_DUPLICATE_KEY, 6, "duplicate key \"\""},
        {J("[{\"x\":{\"a\":1,\"a\":2}}]"), SC_ERR_DUPLICATE_KEY, 13, NULL},
        {J("{\"a\":{\"b\":1},\"a\":{}}"), SC_ERR_DUPLICATE_KEY, 13, NULL},
        {J("{\"q\\\"\\n\":1,\"q\\\"\\n\":1}"), SC_ERR_DUPLICATE_KEY, 11,
         "duplicate key \"q\\\"\\u000A\""},
        /* More keys than the pairwise check handles: the sorted check must
         * still report the earliest repeat. */
        {J("{\"k0\":0,\"k1\":0,\"k2\":0,\"k3\":0,\"k4\":0,\"k5\":0,\"k6\":0,\"k7\":0,\"k8\":0,"
           "\"k9\":0,\"k10\":0,\"k11\":0,\"k12\":0,\"k13\":0,\"k14\":0,\"k15\":0,\"k16\":0,"
           "\"k3\":1,\"k16\":1}"),
         SC_ERR_DUPLICATE_KEY, 127, "duplicate key \"k3\""},
    };
    CASES(cases);
}

/* An error found while skipping carries the JSON Pointer of where it is in
 * the skipped value: the value at fault for a bad value, the container for
 * its framing, its keys, its duplicates and its item or member count;
 * names escaped (~0, ~1) and unescaped first. */
static void skip_should_name_where_its_errors_are(void)
{
    static const struct {
        const char *json;
        size_t len;
        sc_limits limits;
        int code;
        const char *path;
    } cases[] = {
        {J("{\"a\":[0,{\"b\":\"\\ud800\"}]}"), {0}, SC_ERR_UTF8, "/a/1/b"},
        {J("{\"a\":[0,{\"b\":\"x\xC3\"}]}"), {0}, SC_ERR_UTF8, "/a/1/b"}, /* cut sequence */
        {J("{\"a\":[\"\xED\xA0\x80\"]}"), {0}, SC_ERR_UTF8, "/a/0"},      /* encoded surrogate */
        {J("{\"a\":[{\"\xFF\":1}]}"), {0}, SC_ERR_UTF8, "/a/0"},          /* a key: its object */
        {J("{\"a\":{\"b\":\"x\\u0000\"}}"), {0}, SC_ERR_NUL, "/a/b"},
        {J("{\"a\":{\"b\":[\"x\x01\"]}}"), {0}, SC_ERR_SYNTAX, "/a/b/0"}, /* a control character */
        {J("{\"a\":[[1,9007199254740993]]}"), {0}, SC_ERR_NUMBER, "/a/0/1"},
        {J("{\"a\":[-1e999]}"), {0}, SC_ERR_NUMBER, "/a/0"},
        {J("{\"a\":[01]}"), {0}, SC_ERR_SYNTAX, "/a/0"},
        {J("{\"a\":{\"k\":1,\"k\":2}}"), {0}, SC_ERR_DUPLICATE_KEY, "/a"},
        {J("{\"a\":[nul]}"), {0}, SC_ERR_SYNTAX, "/a/0"},
        {J("{\"a\":[1,]}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":[1}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":{\"b\" 1}}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":{\"b\":1,}}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":[1, // c\n2]}"), {0}, SC_ERR_SYNTAX, "/a/1"},    /* a comment for a value */
        {J("{\"a\":{\"b\":1, // c\n}}"), {0}, SC_ERR_SYNTAX, "/a"}, /* for a key */
        {J("{\"a\":{b:1}}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":{\"b\":'x'}}"), {0}, SC_ERR_SYNTAX, "/a/b"},
        {J("{\"a\":[1,"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":{\"b\":"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a/b\":{\"~\":[\"\\ud800\"]}}"), {0}, SC_ERR_UTF8, "/a~1b/~0/0"},
        {J("{\"\\u0061\\/\":[true,\"\\udc00\"]}"), {0}, SC_ERR_UTF8, "/a~1/1"},
        {J("{\"\":{\"\":[\"\\ud800\"]}}"), {0}, SC_ERR_UTF8, "///0"},
        {J("[[],[[],{\"a\":[[[1]]]}]]"), {.max_depth = 5}, SC_ERR_DEPTH, "/1/1/a/0/0"},
        {J("{\"a\":[[1,2,3]]}"), {.max_items = 2}, SC_ERR_LIMIT, "/a/0"},
        {J("{\"a\":{\"b\":{\"x\":1,\"y\":2}}}"), {.max_members = 1}, SC_ERR_LIMIT, "/a/b"},
        {J("{\"a\":[\"abc\"]}"), {.max_string = 2}, SC_ERR_LIMIT, "/a/0"},
        {J("{\"a\":[{\"abc\":1}]}"),
         {.max_string = 2},
         SC_ERR_LIMIT,
         "/a/0"},                                           /* a key: its object */
        {J("\"\\ud800\""), {0}, SC_ERR_UTF8, ""},           /* the value itself */
        {J("{\"a\":[1,\"abc"), {0}, SC_ERR_SYNTAX, "/a/1"}, /* unterminated */
        {J("{\"a\":[1,x]}"), {0}, SC_ERR_SYNTAX, "/a/1"},
        {J("{\"a\":[1"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":{\"b\":[1,2],\"b\":3}}"), {0}, SC_ERR_DUPLICATE_KEY, "/a"},
        {J("{\"a\":[{},[],{\"x\":[]},\"s\",{\"y\":[-0.5e1,\"\\\"]\",null]},tru]}"),
         {0},
         SC_ERR_SYNTAX,
         "/a/5"},
        {J("{\"\\ud83d\\ude00\\\"\\n\":[\"\\ud800\"]}"),
         {0},
         SC_ERR_UTF8,
         "/\xF0\x9F\x98\x80\"\n/0"},
        /* the tokens are the reader's own (token_end): a number's grammar
         * error, even at the byte after it, is the number's; what follows
         * a complete token is framing, the container's */
        {J("{\"a\":[1,-]}"), {0}, SC_ERR_SYNTAX, "/a/1"},
        {J("{\"a\":[1e]}"), {0}, SC_ERR_SYNTAX, "/a/0"},
        {J("{\"a\":[truex]}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":[12abc]}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":{\"b\":nullx}}"), {0}, SC_ERR_SYNTAX, "/a"},
        {J("{\"a\":[\"x\"y]}"), {0}, SC_ERR_SYNTAX, "/a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        sc_error err;
        int rc = skip_doc_limited(cases[i].json, cases[i].len, &cases[i].limits, &err);
        test_checks++;
        if (rc != cases[i].code || strcmp(err.path, cases[i].path) != 0) {
            test_failures++;
            fprintf(stderr, "skip case %zu: got %s at '%s' (%s), expected %s at '%s'\n", i,
                    sc_strerror(rc), err.path, err.message, sc_strerror(cases[i].code),
                    cases[i].path);
        }
    }
}

/* Deeper than a path can name: the path names the outermost containers
 * that fit, whole segments only. */
static void skip_should_cut_deep_paths_to_their_ancestors(void)
{
    char doc[2000], want[300];
    size_t n = 0;
    sc_limits limits = {.max_depth = 300};
    sc_error err;

    for (int i = 0; i < 200; i++)
        n += (size_t)sprintf(doc + n, "{\"k\":");
    n += (size_t)sprintf(doc + n, "\"\\ud800\"");
    CHECK(skip_doc_limited(doc, n, &limits, &err) == SC_ERR_UTF8);
    for (int i = 0; i < 127; i++)
        memcpy(want + 2 * i, "/k", 2);
    want[254] = '\0';
    CHECK_STR(err.path, want);
}

/* A long key is shortened in the message, at a UTF-8 boundary. */
static void reader_should_shorten_long_duplicate_keys_in_messages(void)
{
    char doc[800];
    char key[300];
    sc_error err;
    size_t n;

    for (size_t i = 0; i < 298; i += 2)
        memcpy(key + i, "\xC3\xA9", 2); /* 149 two-byte characters */
    key[298] = 'z';
    key[299] = '\0';
    n = (size_t)snprintf(doc, sizeof doc, "{\"%s\":1,\"%s\":2}", key, key);
    CHECK(skip_doc(doc, n, &err) == SC_ERR_DUPLICATE_KEY);
    CHECK(strstr(err.message, "...\"") != NULL);
    CHECK(sc_utf8_valid(err.message, strlen(err.message)));
    CHECK(strlen(err.message) < SC_ERROR_MESSAGE_MAX);
}

/* Duplicate detection must not be quadratic: 200000 distinct keys (and the
 * same with one repeat at the end) finish at once. */
static void reader_should_check_large_objects_in_n_log_n(void)
{
    size_t cap = 200000 * 24 + 64, n = 0;
    char *doc = malloc(cap);
    sc_error err;
    sc_limits limits = {0, 0, 0, 0, 300000, 0}; /* over the default max_members */

    doc[n++] = '{';
    for (int i = 0; i < 200000; i++)
        n += (size_t)snprintf(doc + n, cap - n, "%s\"key%d\":%d", i ? "," : "", i, i);
    doc[n++] = '}';
    CHECK(skip_doc_limited(doc, n, &limits, &err) == 0);
    n--;
    n += (size_t)snprintf(doc + n, cap - n, ",\"key123456\":0}");
    CHECK(skip_doc_limited(doc, n, &limits, &err) == SC_ERR_DUPLICATE_KEY);
    CHECK(strstr(err.message, "\"key123456\"") != NULL);
    CHECK(err.offset == n - 14);
    free(doc);
}

static void reader_should_limit_nesting_depth(void)
{
    char doc[400];
    sc_error err;
    size_t n = 0;

    for (int i = 0; i < 64; i++)
        doc[n++] = '[';
    for (int i = 0; i < 64; i++)
        doc[n++] = ']';
    CHECK(skip_doc(doc, n, &err) == 0);

    /* 64 levels of objects and arrays, then one more. */
    n = 0;
    for (int i = 0; i < 64; i++)
        n += (size_t)sprintf(doc + n, i % 2 ? "[" : "{\"k\":");
    doc[n++] = '[';
    CHECK(skip_doc(doc, n, &err) == SC_ERR_DEPTH);
    CHECK_STR(err.message, "nesting deeper than 64 (max_depth)");
    CHECK(err.keyword == NULL);
    CHECK(err.offset == n - 1);

    /* 100000 openers: rejected at the 65th, no stack overflow. */
    {
        size_t big = 100000;
        char *deep = malloc(big);
        memset(deep, '[', big);
        CHECK(skip_doc(deep, big, &err) == SC_ERR_DEPTH);
        CHECK(err.offset == 64);
        free(deep);
    }
}

static void reader_should_honour_a_custom_max_depth(void)
{
    static const char deep[] =
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
        "1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]";
    sc_arena arena;
    sc_reader r;
    sc_error err;

    sc_arena_init(&arena, NULL);
    sc_reader_init(&r, deep, strlen(deep), &arena, &err);
    r.max_depth = 200; /* beyond the local frame stack: frames move to the arena */
    CHECK(sc_skip_value(&r) == 0);
    CHECK(sc_reader_finish(&r) == 0);
    CHECK(r.depth == 0);

    sc_reader_init(&r, deep, strlen(deep), &arena, &err);
    r.max_depth = 3;
    CHECK(sc_skip_value(&r) == SC_ERR_DEPTH);
    CHECK(err.offset == 3);
    CHECK_STR(err.message, "nesting deeper than 3 (max_depth)");

    sc_reader_init(&r, "[[1]]", 5, &arena, &err);
    r.max_depth = 1;
    CHECK(sc_read_array_begin(&r) == 0);
    CHECK(sc_next_element(&r) == 1);
    CHECK(sc_read_array_begin(&r) == SC_ERR_DEPTH);
    CHECK(err.offset == 1);
    sc_arena_release(&arena);
}

/* Every prefix of a valid document is invalid, and reading it from a buffer
 * of exactly its size must not touch a byte past the end. */
static void reader_should_never_read_past_the_end(void)
{
    static const char doc[] =
        "{\"a\":[1,-2.5e+3,true,false,null,\"x\\u00e9\\uD834\\uDD1E\xE2\x82\xAC\"],"
        "\"b\":{\"c\":\"abcdefghijklmnopqrstuvwxyz\"},\"d\":0}";
    size_t len = sizeof doc - 1;
    sc_error err;

    CHECK(skip_doc(doc, len, &err) == 0);
    for (size_t n = 0; n < len; n++) {
        int rc = skip_doc(doc, n, &err);
        /* "...{\"d\":0" prefixes end in a number; all must fail. */
        test_checks++;
        if (rc == 0) {
            test_failures++;
            fprintf(stderr, "prefix of %zu bytes accepted\n", n);
        }
    }
}

/* ---- typed reads ------------------------------------------------------ */

typedef struct reader_fixture {
    sc_arena arena;
    sc_reader r;
    sc_error err;
    char *copy;
} reader_fixture;

/* json followed by room spaces, in a buffer of exactly that size. */
static sc_reader *open_doc_room(reader_fixture *f, const char *json, size_t room)
{
    size_t len = strlen(json) + room;
    char *padded = with_room(json, strlen(json), room);
    f->copy = exact_copy(padded, len);
    free(padded);
    sc_arena_init(&f->arena, NULL);
    sc_reader_init(&f->r, f->copy, len, &f->arena, &f->err);
    return &f->r;
}

static sc_reader *open_doc(reader_fixture *f, const char *json)
{
    return open_doc_room(f, json, 0);
}

static void close_doc(reader_fixture *f)
{
    sc_arena_release(&f->arena);
    free(f->copy);
}

typedef struct int_case {
    const char *json;
    int64_t min, max;
    int code;
    int64_t value;
    const char *keyword;
    const char *msg;
    long offset;
} int_case;

static void read_int_should_accept_integral_values_within_bounds(void)
{
    static const int_case cases[] = {
        {"0", INT32_MIN, INT32_MAX, 0, 0, NULL, NULL, -1},
        {" -0", INT32_MIN, INT32_MAX, 0, 0, NULL, NULL, -1},
        {"42", 0, 100, 0, 42, NULL, NULL, -1},
        {"1.0", 0, 100, 0, 1, NULL, NULL, -1},
        {"1e2", 0, 100, 0, 100, NULL, NULL, -1},
        {"1.5e1", 0, 100, 0, 15, NULL, NULL, -1},
        {"-0.0", -5, 5, 0, 0, NULL, NULL, -1},
        {"9007199254740991", -SC_MAX_SAFE_INTEGER, SC_MAX_SAFE_INTEGER, 0, SC_MAX_SAFE_INTEGER,
         NULL, NULL, -1},
        {"-9007199254740991", -SC_MAX_SAFE_INTEGER, SC_MAX_SAFE_INTEGER, 0, -SC_MAX_SAFE_INTEGER,
         NULL, NULL, -1},
        {"9007199254740991.0", -SC_MAX_SAFE_INTEGER, SC_MAX_SAFE_INTEGER, 0, SC_MAX_SAFE_INTEGER,
         NULL, NULL, -1},
        {"127", INT8_MIN, INT8_MAX, 0, 127, NULL, NULL, -1},
        {"-128", INT8_MIN, INT8_MAX, 0, -128, NULL, NULL, -1},
        {"1234567890123456", 0, SC_MAX_SAFE_INTEGER, 0, 1234567890123456, NULL, NULL, -1},
        {"1.5", 0, 100, SC_ERR_TYPE, 0, "type", "must be an integer", 0},
        {"  1e-1", 0, 100, SC_ERR_TYPE, 0, "type", "must be an integer", 2},
        {"128", INT8_MIN, INT8_MAX, SC_ERR_CONSTRAINT, 0, "maximum", "must be <= 127", 0},
        {"-129", INT8_MIN, INT8_MAX, SC_ERR_CONSTRAINT, 0, "minimum", "must be >= -128", 0},
        {"-1", 0, UINT32_MAX, SC_ERR_CONSTRAINT, 0, "minimum", "must be >= 0", 0},
        {"4294967296", 0, UINT32_MAX, SC_ERR_CONSTRAINT, 0, "maximum", "must be <= 4294967295", 0},
        {"1e20", 0, SC_MAX_SAFE_INTEGER, SC_ERR_CONSTRAINT, 0, "maximum",
         "must be <= 9007199254740991", 0},
        {"-1e20", -SC_MAX_SAFE_INTEGER, 0, SC_ERR_CONSTRAINT, 0, "minimum",
         "must be >= -9007199254740991", 0},
        {"1e20", 0, INT64_MAX, SC_ERR_NUMBER, 0, NULL, "cannot be represented exactly", 0},
        {"9007199254740992", 0, SC_MAX_SAFE_INTEGER, SC_ERR_NUMBER, 0, NULL, "integer beyond", 0},
        {"1e999", 0, 10, SC_ERR_NUMBER, 0, NULL, "number too large", 0},
        {"\"1\"", 0, 10, SC_ERR_TYPE, 0, "type", "must be an integer", 0},
        {"true", 0, 10, SC_ERR_TYPE, 0, "type", "must be an integer", 0},
        {" [1]", 0, 10, SC_ERR_TYPE, 0, "type", "must be an integer", 1},
        {"01", 0, 10, SC_ERR_SYNTAX, 0, NULL, "leading zeros", 0},
        {"\"1", 0, 10, SC_ERR_SYNTAX, 0, NULL, "unterminated string", 2},
        {"[1,]", 0, 10, SC_ERR_SYNTAX, 0, NULL, "trailing comma", 2},
        {"", 0, 10, SC_ERR_SYNTAX, 0, NULL, "unexpected end of input", 0},
        {"+1", 0, 10, SC_ERR_SYNTAX, 0, NULL, "expected a JSON value", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (size_t room = 0; room <= ROOM; room += ROOM) {
            const int_case *c = &cases[i];
            reader_fixture f;
            sc_reader *r = open_doc_room(&f, c->json, room);
            int64_t v = -777;
            int rc = sc_read_int(r, &v, c->min, c->max);
            bool at_end = room > 0 && c->offset == (long)strlen(c->json);
            bool ok = rc == c->code && f.err.code == c->code;
            if (c->code == 0)
                ok = ok && v == c->value && sc_reader_finish(r) == 0;
            else
                ok = ok && v == -777 &&
                     (c->keyword ? f.err.keyword && !strcmp(f.err.keyword, c->keyword)
                                 : !f.err.keyword) &&
                     (!c->msg || strstr(f.err.message, c->msg)) &&
                     (c->offset < 0 || at_end || f.err.offset == (size_t)c->offset);
            test_checks++;
            if (!ok) {
                test_failures++;
                fprintf(stderr, "%s: `%s` + %zu spaces: rc %d v %lld kw %s msg \"%s\" off %zu\n",
                        __func__, c->json, room, rc, (long long)v,
                        f.err.keyword ? f.err.keyword : "NULL", f.err.message, f.err.offset);
            }
            close_doc(&f);
        }
    }
}

static void read_double_should_parse_exactly_and_independently_of_locale(void)
{
    static const struct {
        const char *json;
        double value;
    } cases[] = {
        {"0", 0.0},
        {"1.5", 1.5},
        {"-2.25e-3", -2.25e-3},
        {"3.141592653589793", 3.141592653589793},
        {"1e22", 1e22},
        {"1e23", 1e23}, /* beyond the fast path */
        {"2.2250738585072014e-308", 2.2250738585072014e-308},
        {"4.9406564584124654e-324", 4.9406564584124654e-324},
        {"1.7976931348623157e308", 1.7976931348623157e308},
        {"0.1", 0.1},
        {"123456789012345678901234567890.0", 123456789012345678901234567890.0},
        {"0.000000000000000000000000000001", 1e-30},
        {"9007199254740993.0", 9007199254740992.0}, /* ties to even */
        {"1e-400", 0.0},
    };
    const char *locales[] = {"C", "de_DE.UTF-8", "fr_FR.UTF-8", "de_DE", NULL};

    for (const char **loc = locales; *loc; loc++) {
        if (!setlocale(LC_NUMERIC, *loc)) {
            printf("  locale %s not installed: not tested under it\n", *loc);
            continue;
        }
        printf("  under locale %s (decimal point '%s')\n", *loc, localeconv()->decimal_point);
        for (size_t i = 0; i < 2 * (sizeof cases / sizeof cases[0]); i++) {
            size_t c = i / 2, room = i % 2 ? ROOM : 0;
            reader_fixture f;
            sc_reader *r = open_doc_room(&f, cases[c].json, room);
            double v = -1;
            int rc = sc_read_double(r, &v);
            test_checks++;
            if (rc != 0 || v != cases[c].value || sc_reader_finish(r) != 0) {
                test_failures++;
                fprintf(stderr, "%s [%s]: `%s` + %zu spaces -> rc %d %.17g\n", __func__, *loc,
                        cases[c].json, room, rc, v);
            }
            close_doc(&f);
        }
    }
    setlocale(LC_NUMERIC, "C");
    {
        reader_fixture f;
        double v;
        sc_reader *r = open_doc(&f, "\"1.5\"");
        CHECK(sc_read_double(r, &v) == SC_ERR_TYPE);
        CHECK_STR(f.err.message, "must be a number");
        CHECK_STR(f.err.keyword, "type");
        close_doc(&f);
        r = open_doc(&f, "-0");
        CHECK(sc_read_double(r, &v) == 0 && v == 0.0 && signbit(v));
        close_doc(&f);
    }
}

static void read_float_should_enforce_the_float_range(void)
{
    reader_fixture f;
    float v = 0;
    sc_reader *r = open_doc(&f, "[1.5, 3.4028234663852886e38, 3.5e38, -3.5e38, 1e-50, null]");

    CHECK(sc_read_array_begin(r) == 0);
    CHECK(sc_next_element(r) == 1 && sc_read_float(r, &v) == 0 && v == 1.5f);
    CHECK(sc_next_element(r) == 1 && sc_read_float(r, &v) == 0 && v == FLT_MAX);
    CHECK(sc_next_element(r) == 1 && sc_read_float(r, &v) == SC_ERR_CONSTRAINT);
    CHECK_STR(f.err.keyword, "maximum");
    CHECK(strncmp(f.err.message, "must be <= 3.40282346", 21) == 0);
    CHECK(f.err.offset == 29);
    close_doc(&f);

    r = open_doc(&f, "-3.5e38");
    CHECK(sc_read_float(r, &v) == SC_ERR_CONSTRAINT);
    CHECK_STR(f.err.keyword, "minimum");
    CHECK(strncmp(f.err.message, "must be >= -3.40282346", 22) == 0);
    close_doc(&f);

    r = open_doc(&f, "1e-50"); /* rounds to 0: allowed */
    CHECK(sc_read_float(r, &v) == 0 && v == 0.0f);
    close_doc(&f);

    r = open_doc(&f, "null");
    CHECK(sc_read_float(r, &v) == SC_ERR_TYPE);
    CHECK_STR(f.err.message, "must be a number");
    close_doc(&f);
}

static void read_string_should_point_into_the_input_without_escapes(void)
{
    reader_fixture f;
    sc_string s;
    sc_reader *r = open_doc(&f, " \"h\xC3\xA9llo w\xF0\x9F\x98\x80rld, a longer run of ASCII\" ");

    CHECK(sc_read_string(r, &s) == 0);
    CHECK(s.ptr == f.copy + 2);
    CHECK(s.len == 38);
    CHECK(s.chars == 34);
    CHECK(sc_arena_used(&f.arena) == 0);
    CHECK(sc_reader_finish(r) == 0);
    close_doc(&f);
}

static void read_string_should_decode_escapes_into_the_arena(void)
{
    reader_fixture f;
    sc_string s;
    sc_reader *r = open_doc(
        &f, "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20AC\\uD834\\uDD1E\\ud83d\\ude00z\"");
    static const char want[] =
        "a\"b\\c/d\b\f\n\r\tA\xC3\xA9\xE2\x82\xAC\xF0\x9D\x84\x9E\xF0\x9F\x98\x80z";

    CHECK(sc_read_string(r, &s) == 0);
    CHECK(s.len == sizeof want - 1 && memcmp(s.ptr, want, s.len) == 0);
    CHECK(s.chars == 18);
    CHECK(s.ptr < f.copy || s.ptr >= f.r.end);
    CHECK(sc_utf8_valid(s.ptr, s.len) && sc_utf8_count(s.ptr, s.len) == s.chars);
    close_doc(&f);

    r = open_doc(&f, "42");
    CHECK(sc_read_string(r, &s) == SC_ERR_TYPE);
    CHECK_STR(f.err.message, "must be a string");
    CHECK_STR(f.err.keyword, "type");
    CHECK(f.err.offset == 0);
    close_doc(&f);

    r = open_doc(&f, "  tru");
    CHECK(sc_read_string(r, &s) == SC_ERR_SYNTAX); /* not a value at all */
    CHECK(f.err.keyword == NULL && f.err.offset == 2);
    close_doc(&f);

    r = open_doc(&f, "{\"a\":1,\"a\":2}");
    CHECK(sc_read_string(r, &s) == SC_ERR_DUPLICATE_KEY); /* the wrong value is also invalid */
    close_doc(&f);
}

static void read_string_dup_should_nul_terminate(void)
{
    reader_fixture f;
    char *s = NULL;
    size_t chars = 0, len = 0;
    sc_reader *r = open_doc(&f, "[\"plain\", \"esc\\u00e9\", \"\"]");

    CHECK(sc_read_array_begin(r) == 0);
    CHECK(sc_next_element(r) == 1 && sc_read_string_dup(r, &s, NULL, &chars) == 0);
    CHECK_STR(s, "plain");
    CHECK(chars == 5);
    CHECK(sc_next_element(r) == 1 && sc_read_string_dup(r, &s, &len, &chars) == 0);
    CHECK_STR(s, "esc\xC3\xA9");
    CHECK(chars == 4 && len == 5 && len == strlen(s)); /* bytes of the text, not of its escape */
    CHECK(sc_next_element(r) == 1 && sc_read_string_dup(r, &s, NULL, NULL) == 0);
    CHECK_STR(s, "");
    CHECK(sc_next_element(r) == 0);
    CHECK(sc_reader_finish(r) == 0);
    close_doc(&f);
}

static void read_string_buf_should_never_write_past_cap(void)
{
    static const struct {
        const char *json;
        size_t cap;
        int code;
        const char *want;
        const char *msg;
    } cases[] = {
        {"\"abc\"", 4, 0, "abc", NULL},
        {"\"abcd\"", 4, SC_ERR_CONSTRAINT, NULL, "must be at most 3 bytes long"},
        {"\"\"", 1, 0, "", NULL},
        {"\"a\"", 1, SC_ERR_CONSTRAINT, NULL, "must be at most 0 bytes long"},
        {"\"\\u00e9\\u00e9\"", 5, 0, "\xC3\xA9\xC3\xA9", NULL},
        {"\"\\u00e9\\u00e9\"", 4, SC_ERR_CONSTRAINT, NULL, "must be at most 3 bytes long"},
        {"\"\\uD83D\\uDE00\"", 5, 0, "\xF0\x9F\x98\x80", NULL},
        {"\"\\uD83D\\uDE00\"", 4, SC_ERR_CONSTRAINT, NULL, NULL},
        {"\"0123456789abcdef0123456789abcdef\"", 33, 0, "0123456789abcdef0123456789abcdef", NULL},
        {"\"0123456789abcdef0123456789abcdef\"", 32, SC_ERR_CONSTRAINT, NULL, "at most 31 bytes"},
        {"7", 8, SC_ERR_TYPE, NULL, "must be a string"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[64];
        reader_fixture f;
        sc_reader *r = open_doc(&f, cases[i].json);
        size_t chars = 0;
        int rc;

        memset(buf, 0x5A, sizeof buf);
        size_t len = 0;
        rc = sc_read_string_buf(r, buf, cases[i].cap, &len, &chars);
        CHECK(rc == cases[i].code);
        if (rc == 0)
            CHECK(len == strlen(buf));
        for (size_t k = cases[i].cap; k < sizeof buf; k++)
            CHECK(buf[k] == 0x5A);
        if (cases[i].want)
            CHECK_STR(buf, cases[i].want);
        if (cases[i].code == SC_ERR_CONSTRAINT)
            CHECK_STR(f.err.keyword, "maxLength");
        if (cases[i].msg)
            CHECK(strstr(f.err.message, cases[i].msg) != NULL);
        close_doc(&f);
    }
    {
        reader_fixture f;
        char b[1];
        sc_reader *r = open_doc(&f, "\"\"");
        CHECK(sc_read_string_buf(r, b, 0, NULL, NULL) == SC_ERR_ARGUMENT);
        close_doc(&f);
    }
}

static void read_bool_and_null_should_check_type_and_literal(void)
{
    reader_fixture f;
    bool b = false;
    sc_reader *r = open_doc(&f, "[true, false, null, \"true\", nul]");

    CHECK(sc_read_array_begin(r) == 0);
    CHECK(sc_next_element(r) == 1 && sc_read_bool(r, &b) == 0 && b);
    CHECK(sc_next_element(r) == 1 && sc_read_bool(r, &b) == 0 && !b);
    CHECK(sc_next_element(r) == 1 && sc_read_null(r) == 0);
    CHECK(sc_next_element(r) == 1 && sc_read_bool(r, &b) == SC_ERR_TYPE);
    CHECK_STR(f.err.message, "must be a boolean");
    CHECK(f.err.offset == 20);
    close_doc(&f);

    r = open_doc(&f, "0");
    CHECK(sc_read_null(r) == SC_ERR_TYPE);
    CHECK_STR(f.err.message, "must be null");
    close_doc(&f);

    r = open_doc(&f, "nul");
    CHECK(sc_read_null(r) == SC_ERR_SYNTAX);
    close_doc(&f);

    r = open_doc(&f, "fals");
    CHECK(sc_read_bool(r, &b) == SC_ERR_SYNTAX);
    CHECK(strstr(f.err.message, "invalid literal") != NULL);
    close_doc(&f);
}

/* sc_next_member_expect: a key equal to the expected name is taken from the
 * raw bytes (2); any other key, an escaped spelling of the name included,
 * goes the general way (1) with the same key and errors as sc_next_member. */
static void expected_member_should_match_only_the_exact_raw_key(void)
{
    static const sc_string name = {"name", 4, 4}, caf = {"caf\xC3\xA9", 5, 4};
    reader_fixture f;
    sc_string key;
    sc_reader *r =
        open_doc(&f, "{ \"name\" : 1, \"n\\u0061me\":2,\"nam\":3,\"names\":4,\"caf\xC3\xA9\":5}");

    CHECK(sc_read_object_begin(r) == 0);
    CHECK(sc_next_member_expect(r, &name, &key) == 2);
    CHECK(key.len == 4 && memcmp(key.ptr, "name", 4) == 0 && key.chars == 4);
    CHECK(key.ptr > f.copy && key.ptr < f.copy + strlen("{ \"name\""));
    CHECK(sc_skip_value(r) == 0);
    for (int i = 0; i < 3; i++) { /* escaped, shorter, longer: general path */
        static const char *const keys[] = {"name", "nam", "names"};
        CHECK(sc_next_member_expect(r, &name, &key) == 1);
        CHECK(key.len == strlen(keys[i]) && memcmp(key.ptr, keys[i], key.len) == 0);
        CHECK(sc_skip_value(r) == 0);
    }
    CHECK(sc_next_member_expect(r, &caf, &key) == 2);
    CHECK(key.len == 5 && key.chars == 4);
    CHECK(sc_skip_value(r) == 0);
    CHECK(sc_next_member_expect(r, &name, &key) == 0);
    CHECK(sc_reader_finish(r) == 0);
    close_doc(&f);

    static const struct {
        const char *json;
        const char *msg;
        long offset;
    } bad[] = {
        {"{\"name\" 1}", "expected ':' after object key", 8},
        {"{\"name\"", "expected ':' after object key", 7},
        {"{\"name", "unterminated string", 6},
        {"{\"na", "unterminated string", 4},
        {"{,\"name\":1}", "expected a string key or '}'", 1},
        {"{\"a\":1 \"name\":2}", "expected ',' or '}' after object member", 7},
    };
    for (size_t i = 0; i < 2 * (sizeof bad / sizeof bad[0]); i++) {
        size_t b = i / 2, room = i % 2 ? ROOM : 0;
        bool at_end = room > 0 && bad[b].offset == (long)strlen(bad[b].json);
        r = open_doc_room(&f, bad[b].json, room);
        CHECK(sc_read_object_begin(r) == 0);
        if (bad[b].json[1] == '"' && bad[b].json[2] == 'a')
            CHECK(sc_next_member_expect(r, &name, &key) == 1 && sc_skip_value(r) == 0);
        CHECK(sc_next_member_expect(r, &name, &key) == -1);
        CHECK(f.err.code == SC_ERR_SYNTAX);
        if (!at_end) {
            CHECK_STR(f.err.message, bad[b].msg);
            CHECK(f.err.offset == (size_t)bad[b].offset);
        }
        close_doc(&f);
    }

    /* The framings read inline (no white space or one space after the
     * ',' and the ':', with room after them) and the others, alike. */
    for (size_t room = 0; room <= ROOM; room += ROOM) {
        static const char doc[] =
            "{\"name\":1, \"name\": 2,\"name\" :3,\n \"name\":\n4,\"names\":5}";
        static const long at[] = {2, 12, 22, 34};
        int64_t v = 0;
        r = open_doc_room(&f, doc, room);
        CHECK(sc_read_object_begin(r) == 0);
        for (int i = 0; i < 4; i++) {
            CHECK(sc_next_member_expect(r, &name, &key) == 2);
            CHECK(key.ptr == f.copy + at[i] && key.len == 4 && key.chars == 4);
            CHECK(sc_read_int(r, &v, 0, 9) == 0 && v == i + 1);
        }
        CHECK(sc_next_member_expect(r, &name, &key) == 1);
        CHECK(key.len == 5 && memcmp(key.ptr, "names", 5) == 0);
        CHECK(sc_read_int(r, &v, 0, 9) == 0 && v == 5);
        CHECK(sc_next_member_expect(r, &name, &key) == 0 && r->depth == 0);
        CHECK(sc_reader_finish(r) == 0);
        close_doc(&f);
    }
}

/* The inline comparison of a key with the expected name: names of 1 to 24
 * bytes, equal, or different in one byte at each place. */
static void expected_member_should_compare_every_byte(void)
{
    for (size_t n = 1; n <= 24; n++) {
        for (size_t diff = 0; diff <= n; diff++) { /* diff == n: the same name */
            for (size_t room = 0; room <= ROOM; room += ROOM) {
                char name[25], doc[64];
                reader_fixture f;
                sc_string key, expected = {name, n, n};
                sc_reader *r;
                for (size_t i = 0; i < n; i++)
                    name[i] = (char)('a' + i);
                snprintf(doc, sizeof doc, "{\"%.*s\":1}", (int)n, name);
                if (diff < n)
                    doc[2 + diff] = 'Z';
                r = open_doc_room(&f, doc, room);
                CHECK(sc_read_object_begin(r) == 0);
                CHECK(sc_next_member_expect(r, &expected, &key) == (diff == n ? 2 : 1));
                CHECK(key.len == n && memcmp(key.ptr, doc + 2, n) == 0);
                close_doc(&f);
            }
        }
    }
}

static void objects_should_be_read_member_by_member(void)
{
    reader_fixture f;
    sc_string key;
    int64_t v;
    sc_reader *r = open_doc(&f, " { \"a\" : 1 , \"b\\u0063\" : { } , \"d\" : [ ] } ");

    CHECK(sc_peek(r) == SC_JSON_OBJECT);
    CHECK(sc_read_object_begin(r) == 0);
    CHECK(r->depth == 1);
    CHECK(sc_next_member(r, &key) == 1);
    CHECK(key.len == 1 && key.ptr[0] == 'a');
    CHECK(sc_peek(r) == SC_JSON_NUMBER);
    CHECK(sc_read_int(r, &v, 0, 10) == 0 && v == 1);
    CHECK(sc_next_member(r, &key) == 1);
    CHECK(key.len == 2 && memcmp(key.ptr, "bc", 2) == 0 && key.chars == 2);
    CHECK(sc_read_object_begin(r) == 0);
    CHECK(r->depth == 2);
    CHECK(sc_next_member(r, &key) == 0);
    CHECK(r->depth == 1);
    CHECK(sc_next_member(r, &key) == 1);
    CHECK(sc_read_array_begin(r) == 0);
    CHECK(sc_next_element(r) == 0);
    CHECK(sc_next_member(r, &key) == 0);
    CHECK(r->depth == 0);
    CHECK(sc_reader_finish(r) == 0);
    close_doc(&f);

    static const struct {
        const char *json;
        int steps; /* members to read (values skipped) before the error */
        const char *msg;
        long offset;
    } bad[] = {
        {"{\"a\":1,}", 1, "trailing comma: JSON allows none before '}'", 6},
        {"{\"a\":1,,}", 1, "expected a string key after ','", 7},
        {"{\"a\":1 \"b\":2}", 1, "expected ',' or '}' after object member", 7},
        {"{\"a\" 1}", 0, "expected ':' after object key", 5},
        {"{1:1}", 0, "object keys must be strings in double quotes", 1},
        {"{]", 0, "expected a string key or '}'", 1},
        {"{\"a\":1", 1, "unexpected end of input in object", 6},
        {"{", 0, "unexpected end of input in object", 1},
    };
    for (size_t i = 0; i < 2 * (sizeof bad / sizeof bad[0]); i++) {
        size_t b = i / 2, room = i % 2 ? ROOM : 0;
        bool at_end = room > 0 && bad[b].offset == (long)strlen(bad[b].json);
        r = open_doc_room(&f, bad[b].json, room);
        CHECK(sc_read_object_begin(r) == 0);
        for (int s = 0; s < bad[b].steps; s++)
            CHECK(sc_next_member(r, &key) == 1 && sc_skip_value(r) == 0);
        CHECK(sc_next_member(r, &key) == -1);
        CHECK(f.err.code == SC_ERR_SYNTAX);
        if (!at_end) {
            CHECK_STR(f.err.message, bad[b].msg);
            CHECK(f.err.offset == (size_t)bad[b].offset);
        }
        close_doc(&f);
    }

    /* sc_peek between begin and the first member changes nothing. */
    r = open_doc(&f, "{ \n \"a\" : [ \t 1 ] }");
    CHECK(sc_read_object_begin(r) == 0);
    CHECK(sc_peek(r) == SC_JSON_STRING);
    CHECK(sc_next_member(r, &key) == 1);
    CHECK(sc_read_array_begin(r) == 0);
    CHECK(sc_peek(r) == SC_JSON_NUMBER);
    CHECK(sc_next_element(r) == 1);
    CHECK(sc_read_int(r, &v, 0, 9) == 0 && v == 1);
    CHECK(sc_peek(r) == SC_JSON_INVALID);
    CHECK(sc_next_element(r) == 0);
    CHECK(sc_next_member(r, &key) == 0);
    CHECK(sc_reader_finish(r) == 0);
    close_doc(&f);

    r = open_doc(&f, "[1]");
    CHECK(sc_read_object_begin(r) == SC_ERR_TYPE);
    CHECK_STR(f.err.message, "must be an object");
    close_doc(&f);
}

static void arrays_should_be_read_element_by_element(void)
{
    reader_fixture f;
    int64_t v;
    sc_reader *r;

    for (size_t room = 0; room <= ROOM; room += ROOM) {
        int64_t sum = 0;
        int rc, n = 0;
        r = open_doc_room(&f, "[1, 2 ,3,[4,[5]],[],[ ],6]", room);
        CHECK(sc_read_array_begin(r) == 0);
        while ((rc = sc_next_element(r)) == 1) {
            if (sc_peek(r) == SC_JSON_ARRAY) {
                CHECK(sc_skip_value(r) == 0);
                continue;
            }
            CHECK(sc_read_int(r, &v, 0, 10) == 0);
            sum += v;
            n++;
        }
        CHECK(rc == 0 && n == 4 && sum == 12);
        CHECK(r->depth == 0);
        CHECK(sc_reader_finish(r) == 0);
        close_doc(&f);
    }

    static const struct {
        const char *json;
        int steps;
        const char *msg;
        long offset;
    } bad[] = {
        {"[1,]", 1, "trailing comma: JSON allows none before ']'", 2},
        {"[1 , \n ]", 1, "trailing comma: JSON allows none before ']'", 3},
        {"[1 2]", 1, "expected ',' or ']' after array element", 3},
        {"[1", 1, "unexpected end of input in array", 2},
        {"[", 0, "unexpected end of input in array", 1},
    };
    for (size_t i = 0; i < 2 * (sizeof bad / sizeof bad[0]); i++) {
        size_t b = i / 2, room = i % 2 ? ROOM : 0;
        bool at_end = room > 0 && bad[b].offset == (long)strlen(bad[b].json);
        r = open_doc_room(&f, bad[b].json, room);
        CHECK(sc_read_array_begin(r) == 0);
        for (int s = 0; s < bad[b].steps; s++)
            CHECK(sc_next_element(r) == 1 && sc_skip_value(r) == 0);
        CHECK(sc_next_element(r) == -1);
        CHECK(f.err.code == SC_ERR_SYNTAX);
        if (!at_end) {
            CHECK_STR(f.err.message, bad[b].msg);
            CHECK(f.err.offset == (size_t)bad[b].offset);
        }
        close_doc(&f);
    }

    r = open_doc(&f, "{}");
    CHECK(sc_read_array_begin(r) == SC_ERR_TYPE);
    CHECK_STR(f.err.message, "must be an array");
    close_doc(&f);

    r = open_doc(&f, "[,1]"); /* the element is not a value */
    CHECK(sc_read_array_begin(r) == 0);
    CHECK(sc_next_element(r) == 1);
    CHECK(sc_read_int(r, &v, 0, 9) == SC_ERR_SYNTAX);
    close_doc(&f);
}

static void peek_should_classify_without_consuming(void)
{
    static const struct {
        const char *json;
        sc_json_type t;
    } cases[] = {
        {" null", SC_JSON_NULL}, {"true", SC_JSON_TRUE},  {"false", SC_JSON_FALSE},
        {"-1", SC_JSON_NUMBER},  {"7", SC_JSON_NUMBER},   {"\"s\"", SC_JSON_STRING},
        {"[", SC_JSON_ARRAY},    {"\n{", SC_JSON_OBJECT}, {"", SC_JSON_INVALID},
        {"  ", SC_JSON_INVALID}, {"+", SC_JSON_INVALID},  {"'a'", SC_JSON_INVALID},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        reader_fixture f;
        sc_reader *r = open_doc(&f, cases[i].json);
        CHECK(sc_peek(r) == cases[i].t);
        CHECK(sc_peek(r) == cases[i].t);
        close_doc(&f);
    }
}

static void reader_fail_should_record_the_current_offset(void)
{
    reader_fixture f;
    sc_string key;
    sc_reader *r = open_doc(&f, "{\"color\": \"mauve\"}");

    CHECK(sc_read_object_begin(r) == 0);
    CHECK(sc_next_member(r, &key) == 1);
    CHECK(sc_reader_fail(r, SC_ERR_CONSTRAINT, "enum", "must be one of: %s", "red, green") ==
          SC_ERR_CONSTRAINT);
    CHECK(f.err.offset == 10);
    CHECK_STR(f.err.keyword, "enum");
    CHECK_STR(f.err.message, "must be one of: red, green");
    CHECK_STR(f.err.path, "");
    CHECK(sc_error_push_key(&f.err, "color") == SC_ERR_CONSTRAINT);
    CHECK_STR(f.err.path, "/color");
    close_doc(&f);
}

/* A buffer arena that runs out fails with SC_ERR_NOMEM, never overflows. */
static void reader_should_report_nomem_from_a_full_buffer_arena(void)
{
    static const char esc[] =
        "\"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\"";
    alignas(max_align_t) unsigned char mem[16];
    sc_arena arena;
    sc_reader r;
    sc_error err;
    sc_string s;
    char *dup;

    sc_arena_init_buffer(&arena, mem, sizeof mem);
    sc_reader_init(&r, esc, sizeof esc - 1, &arena, &err);
    CHECK(sc_read_string(&r, &s) == SC_ERR_NOMEM);
    CHECK(err.code == SC_ERR_NOMEM && err.offset == 0);

    sc_arena_init_buffer(&arena, mem, sizeof mem);
    sc_reader_init(&r, "\"0123456789abcdef\"", 18, &arena, &err);
    CHECK(sc_read_string_dup(&r, &dup, NULL, NULL) == SC_ERR_NOMEM);

    sc_arena_init_buffer(&arena, mem, sizeof mem);
    sc_reader_init(&r, "\"0123456789abcde\"", 17, &arena, &err);
    CHECK(sc_read_string_dup(&r, &dup, NULL, NULL) == 0); /* 16 bytes fit exactly */
    CHECK_STR(dup, "0123456789abcde");

    /* More keys than the local scratch: the key stack moves to the arena. */
    {
        char doc[2048];
        size_t n = 0;
        doc[n++] = '{';
        for (int i = 0; i < 100; i++)
            n += (size_t)sprintf(doc + n, "%s\"%d\":0", i ? "," : "", i);
        doc[n++] = '}';
        sc_arena_init_buffer(&arena, mem, sizeof mem);
        sc_reader_init(&r, doc, n, &arena, &err);
        CHECK(sc_skip_value(&r) == SC_ERR_NOMEM);
        sc_reader_init(&r, doc, n, NULL, &err);
        CHECK(sc_skip_value(&r) == SC_ERR_NOMEM);
        {
            sc_arena heap;
            sc_arena_init(&heap, NULL);
            sc_reader_init(&r, doc, n, &heap, &err);
            CHECK(sc_skip_value(&r) == 0 && sc_reader_finish(&r) == 0);
            sc_arena_release(&heap);
        }
    }
}

static void reader_should_accept_a_null_error_and_empty_input(void)
{
    sc_reader r;
    sc_arena arena;

    sc_arena_init(&arena, NULL);
    sc_reader_init(&r, NULL, 0, &arena, NULL);
    CHECK(sc_skip_value(&r) == SC_ERR_SYNTAX);
    sc_reader_init(&r, "[1,2", 4, &arena, NULL);
    CHECK(sc_skip_value(&r) == SC_ERR_SYNTAX);
    sc_reader_init(&r, "[1,2]", 5, &arena, NULL);
    CHECK(sc_skip_value(&r) == 0);
    sc_arena_release(&arena);
}

int main(void)
{
    RUN(reader_should_accept_valid_documents);
    RUN(reader_should_reject_grammar_violations);
    RUN(reader_should_say_plainly_what_config_files_get_wrong);
    RUN(reader_should_reject_invalid_utf8_in_strings);
    RUN(reader_should_reject_lone_surrogate_escapes);
    RUN(reader_should_reject_nul_in_strings);
    RUN(reader_should_reject_unrepresentable_numbers);
    RUN(reader_should_reject_duplicate_keys_in_skipped_objects);
    RUN(reader_should_shorten_long_duplicate_keys_in_messages);
    RUN(skip_should_name_where_its_errors_are);
    RUN(skip_should_cut_deep_paths_to_their_ancestors);
    RUN(reader_should_check_large_objects_in_n_log_n);
    RUN(reader_should_limit_nesting_depth);
    RUN(reader_should_honour_a_custom_max_depth);
    RUN(reader_should_never_read_past_the_end);
    RUN(read_int_should_accept_integral_values_within_bounds);
    RUN(read_double_should_parse_exactly_and_independently_of_locale);
    RUN(read_float_should_enforce_the_float_range);
    RUN(read_string_should_point_into_the_input_without_escapes);
    RUN(read_string_should_decode_escapes_into_the_arena);
    RUN(read_string_dup_should_nul_terminate);
    RUN(read_string_buf_should_never_write_past_cap);
    RUN(read_bool_and_null_should_check_type_and_literal);
    RUN(objects_should_be_read_member_by_member);
    RUN(expected_member_should_match_only_the_exact_raw_key);
    RUN(expected_member_should_compare_every_byte);
    RUN(arrays_should_be_read_element_by_element);
    RUN(peek_should_classify_without_consuming);
    RUN(reader_fail_should_record_the_current_offset);
    RUN(reader_should_report_nomem_from_a_full_buffer_arena);
    RUN(reader_should_accept_a_null_error_and_empty_input);
    return TEST_RESULT();
}
