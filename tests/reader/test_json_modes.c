/* sc_parse_json_ex: JSON text read strictly (flags 0, sc_parse_json, the
 * decoders' I-JSON rules) and with SC_PARSE_STANDARD (JSON's semantics, as
 * JSON.parse reads it): repeated keys, integers beyond 2^53, what stays an
 * error in both modes, the limits, and trees that print back exactly. */
#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/reader.h"
#include "test.h"

static const char *code_name(int rc)
{
    switch (rc) {
    case SC_ERR_SYNTAX:
        return "SC_ERR_SYNTAX";
    case SC_ERR_UTF8:
        return "SC_ERR_UTF8";
    case SC_ERR_DUPLICATE_KEY:
        return "SC_ERR_DUPLICATE_KEY";
    case SC_ERR_NUMBER:
        return "SC_ERR_NUMBER";
    case SC_ERR_NUL:
        return "SC_ERR_NUL";
    case SC_ERR_DEPTH:
        return "SC_ERR_DEPTH";
    case SC_ERR_LIMIT:
        return "SC_ERR_LIMIT";
    case SC_ERR_ARGUMENT:
        return "SC_ERR_ARGUMENT";
    default:
        return "another code";
    }
}

/* The compact text of doc read with flags, or "error CODE MESSAGE". */
static char *read_as(const char *doc, unsigned flags, const sc_limits *limits)
{
    static char out[512];
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, limits);
    cJSON *tree = NULL;
    sc_error err;
    int rc = sc_parse_json_ex(&arena, doc, strlen(doc), flags, &tree, &err);
    char *text = NULL;
    if (rc != 0)
        snprintf(out, sizeof out, "error %s %s", code_name(rc), err.message);
    else if (sc_print_json(tree, &text) != 0)
        snprintf(out, sizeof out, "cannot print");
    else
        snprintf(out, sizeof out, "%s", text);
    sc_free_string(text);
    sc_arena_release(&arena);
    return out;
}

#define STRICT(doc) read_as(doc, 0, NULL)
#define STANDARD(doc) read_as(doc, SC_PARSE_STANDARD, NULL)

static void repeated_keys_keep_the_last_member_at_the_first_place(void)
{
    /* what JSON.parse gives: {"a": 3, "b": 2} */
    CHECK_STR(STANDARD("{\"a\": 1, \"b\": 2, \"a\": 3}"), "{\"a\":3,\"b\":2}");
    CHECK_STR(STRICT("{\"a\": 1, \"b\": 2, \"a\": 3}"),
              "error SC_ERR_DUPLICATE_KEY duplicate key \"a\"");
    CHECK_STR(STANDARD("{\"a\": 1, \"a\": 2, \"a\": 3, \"a\": [4]}"), "{\"a\":[4]}");
    /* keys compare unescaped */
    CHECK_STR(STANDARD("{\"a\": 1, \"\\u0061\": 2}"), "{\"a\":2}");
    /* at every depth, and not in a member that a later one replaced */
    CHECK_STR(STANDARD("[{\"x\": {\"y\": 1, \"y\": 2}, \"x\": {\"z\": [{\"w\": 1, \"w\": {}}]}}]"),
              "[{\"x\":{\"z\":[{\"w\":{}}]}}]");
    /* an object larger than the pairwise search: sorted, order kept */
    char doc[512], want[512];
    size_t n = 0, m = 0;
    n += (size_t)snprintf(doc + n, sizeof doc - n, "{");
    m += (size_t)snprintf(want + m, sizeof want - m, "{");
    for (int i = 0; i < 20; i++) {
        n += (size_t)snprintf(doc + n, sizeof doc - n, "\"k%d\": %d, ", i, i);
        if (i == 3 || i == 17)
            m += (size_t)snprintf(want + m, sizeof want - m, "\"k%d\":\"last%d\",", i, i);
        else
            m += (size_t)snprintf(want + m, sizeof want - m, "\"k%d\":%d,", i, i);
    }
    snprintf(doc + n, sizeof doc - n,
             "\"k3\": \"x\", \"k17\": \"y\", \"k3\": \"last3\", \"k17\": \"last17\"}");
    want[m - 1] = '}';
    CHECK_STR(STANDARD(doc), want);
}

static void integers_beyond_2_53_are_the_nearest_double(void)
{
    CHECK_STR(STANDARD("[9007199254740993, -9007199254740993, 100000000000000000000]"),
              "[9007199254740992.0,-9007199254740992.0,1e+20]");
    CHECK_STR(STRICT("[9007199254740993]"),
              "error SC_ERR_NUMBER integer beyond +-(2^53-1) cannot be represented exactly");
    /* longer than any buffer a number might be copied into */
    CHECK_STR(
        STANDARD(
            "1000000000000000000000000000000000000000000000000000000000000000000000000000000000"),
        "1e+81");
    /* beyond a double's range there is no nearest double: an error in both */
    CHECK_STR(STANDARD("1e400"), "error SC_ERR_NUMBER number too large");
    CHECK_STR(STRICT("1e400"), "error SC_ERR_NUMBER number too large");
    /* as before within the range */
    CHECK_STR(STANDARD("[1.0, -0, 9007199254740991, 0.1]"), "[1,-0,9007199254740991,0.1]");
}

static void what_a_tree_cannot_hold_is_an_error_in_both_modes(void)
{
    static const struct {
        const char *doc, *want;
    } cases[] = {
        {"\"a\\u0000b\"", "error SC_ERR_NUL string contains U+0000"},
        {"{\"\\u0000\": 1}", "error SC_ERR_NUL string contains U+0000"},
        {"\"\\ud800\"",
         "error SC_ERR_UTF8 lone surrogate \\uD800 in string (not followed by a low surrogate)"},
        {"\"\\udc00\"",
         "error SC_ERR_UTF8 lone surrogate \\uDC00 in string (no high surrogate before it)"},
        {"\"\xff\"", "error SC_ERR_UTF8 invalid UTF-8 in string"},
        {"[1,]", "error SC_ERR_SYNTAX trailing comma: JSON allows none before ']'"},
        {"{\"a\": 1, \"a\": 2", "error SC_ERR_SYNTAX unexpected end of input in object"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK_STR(STRICT(cases[i].doc), cases[i].want);
        CHECK_STR(STANDARD(cases[i].doc), cases[i].want);
    }
}

static void limits_apply_in_both_modes(void)
{
    sc_limits limits = {0};
    limits.max_depth = 3;
    CHECK(strncmp(read_as("[[[[1]]]]", SC_PARSE_STANDARD, &limits), "error SC_ERR_DEPTH", 18) == 0);
    CHECK(strncmp(read_as("[[[[1]]]]", 0, &limits), "error SC_ERR_DEPTH", 18) == 0);
    CHECK_STR(read_as("[[[1]]]", SC_PARSE_STANDARD, &limits), "[[[1]]]");
    limits.max_depth = 0;
    limits.max_members = 2;
    CHECK(strncmp(read_as("{\"a\": 1, \"a\": 2, \"a\": 3}", SC_PARSE_STANDARD, &limits),
                  "error SC_ERR_LIMIT", 18) == 0);
    limits.max_members = 0;
    limits.max_input = 4;
    CHECK(strncmp(read_as("[1, 2]", SC_PARSE_STANDARD, &limits), "error SC_ERR_LIMIT", 18) == 0);
}

static void the_deepest_tree_is_deduplicated(void)
{
    /* SC_MAX_DEPTH levels of objects, each with a repeated key */
    sc_limits limits = {0};
    limits.max_depth = SC_MAX_DEPTH;
    size_t n = (size_t)SC_MAX_DEPTH * 16 + 16;
    char *doc = malloc(n);
    size_t at = 0;
    for (int i = 0; i < SC_MAX_DEPTH; i++)
        at += (size_t)snprintf(doc + at, n - at, "{\"a\":0,\"a\":");
    at += (size_t)snprintf(doc + at, n - at, "1");
    for (int i = 0; i < SC_MAX_DEPTH; i++)
        doc[at++] = '}';
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    cJSON *tree = NULL;
    CHECK(sc_parse_json_ex(&arena, doc, at, SC_PARSE_STANDARD, &tree, NULL) == 0);
    int depth = 0;
    for (const cJSON *v = tree; cJSON_IsObject(v); v = v->child, depth++)
        CHECK(v->child != NULL && v->child->next == NULL);
    CHECK(depth == SC_MAX_DEPTH);
    sc_arena_release(&arena);
    free(doc);
}

static void unknown_flags_are_refused(void)
{
    CHECK_STR(read_as("1", 2, NULL), "error SC_ERR_ARGUMENT unknown flags 0x2");
    CHECK_STR(read_as("1", 0, NULL), "1");
}

int main(void)
{
    RUN(repeated_keys_keep_the_last_member_at_the_first_place);
    RUN(integers_beyond_2_53_are_the_nearest_double);
    RUN(what_a_tree_cannot_hold_is_an_error_in_both_modes);
    RUN(limits_apply_in_both_modes);
    RUN(the_deepest_tree_is_deduplicated);
    RUN(unknown_flags_are_refused);
    return TEST_RESULT();
}
