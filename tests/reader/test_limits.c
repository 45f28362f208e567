/* Decode limits (sc_limits): each one refuses what goes past it with
 * SC_ERR_LIMIT (SC_ERR_DEPTH for nesting), names itself and the offset, and
 * lets through what stays within it. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/reader.h"
#include "support_internal.h" /* sc_reader_grow */
#include "test.h"

/* Skips doc (NUL-terminated) in a fresh heap arena under limits. */
static int skip_under(const char *doc, const sc_limits *limits, sc_error *err)
{
    sc_arena arena;
    sc_reader r;
    int rc;

    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, limits);
    sc_reader_init(&r, doc, strlen(doc), &arena, err);
    rc = sc_skip_value(&r);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    sc_arena_release(&arena);
    return rc;
}

static void limits_should_default_fields_left_zero(void)
{
    sc_arena arena;
    sc_limits some = {0, 100, 0, 0, 0, 5};
    sc_limits got;

    sc_arena_init(&arena, NULL);
    got = sc_arena_limits(&arena);
    CHECK(got.max_bytes == SC_DEFAULT_MAX_BYTES);
    CHECK(got.max_input == SC_DEFAULT_MAX_INPUT);
    CHECK(got.max_string == SC_DEFAULT_MAX_STRING);
    CHECK(got.max_items == SC_DEFAULT_MAX_ITEMS);
    CHECK(got.max_members == SC_DEFAULT_MAX_MEMBERS);
    CHECK(got.max_depth == SC_DEFAULT_MAX_DEPTH);
    sc_arena_set_limits(&arena, &some);
    got = sc_arena_limits(&arena);
    CHECK(got.max_input == 100);
    CHECK(got.max_depth == 5);
    CHECK(got.max_bytes == SC_DEFAULT_MAX_BYTES);
    sc_arena_reset(&arena);
    CHECK(sc_arena_limits(&arena).max_input == 100); /* reset keeps them */
    some.max_depth = INT_MAX;
    sc_arena_set_limits(&arena, &some);
    CHECK(sc_arena_limits(&arena).max_depth == SC_MAX_DEPTH); /* clamped */
    some.max_depth = -3;
    sc_arena_set_limits(&arena, &some);
    CHECK(sc_arena_limits(&arena).max_depth == 1);
    sc_arena_set_limits(&arena, NULL);
    CHECK(sc_arena_limits(&arena).max_input == SC_DEFAULT_MAX_INPUT);
    sc_arena_release(&arena);

    char buf[64];
    sc_arena_init_buffer(&arena, buf, sizeof buf);
    CHECK(sc_arena_limits(&arena).max_items == SC_DEFAULT_MAX_ITEMS);
    sc_arena_release(&arena);
}

static void arena_should_hold_no_more_than_max_bytes(void)
{
    sc_arena arena;
    sc_limits limits = {100000, 0, 0, 0, 0, 0};
    size_t handed = 0;

    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    /* small pieces: blocks double until max_bytes, the last one shrunk to fit */
    while (sc_arena_alloc(&arena, 96) != NULL) /* a multiple of the alignment: no padding */
        handed += 96;
    CHECK(sc_arena_over_limit(&arena));
    CHECK(sc_arena_held(&arena) <= limits.max_bytes);
    CHECK(handed > limits.max_bytes * 98 / 100); /* the budget is used, not wasted */
    /* one piece larger than what is left */
    CHECK(sc_arena_alloc(&arena, 50000) == NULL);
    CHECK(sc_arena_over_limit(&arena));
    sc_arena_reset(&arena);
    CHECK(!sc_arena_over_limit(&arena));
    CHECK(sc_arena_held(&arena) <= limits.max_bytes);
    CHECK(sc_arena_alloc(&arena, 50000) != NULL);
    /* growing arrays reserve room within the limit too */
    {
        void *a = NULL;
        size_t size = 0;
        for (;;) {
            void *g = sc_arena_grow(&arena, a, size, size ? size * 2 : 64);
            if (g == NULL)
                break;
            a = g;
            size = size ? size * 2 : 64;
        }
        CHECK(sc_arena_over_limit(&arena));
        CHECK(sc_arena_held(&arena) <= limits.max_bytes);
        CHECK(size >= 8192);
    }
    sc_arena_release(&arena);
    CHECK(sc_arena_held(&arena) == 0);
}

static void arena_should_count_charges_until_reset(void)
{
    sc_arena arena;
    sc_limits limits = {10000, 0, 0, 0, 0, 0};
    char buf[256];

    sc_arena_init_buffer(&arena, buf, sizeof buf);
    sc_arena_set_limits(&arena, &limits);
    CHECK(sc_arena_charge(&arena, 6000) == 0);
    CHECK(sc_arena_held(&arena) == 6000);
    CHECK(sc_arena_charge(&arena, 6000) == SC_ERR_LIMIT);
    CHECK(sc_arena_held(&arena) == 6000); /* nothing charged */
    CHECK(sc_arena_charge(&arena, SIZE_MAX) == SC_ERR_LIMIT);
    CHECK(sc_arena_charge(&arena, 4000) == 0);
    sc_arena_reset(&arena);
    CHECK(sc_arena_held(&arena) == 0);
    CHECK(sc_arena_charge(&arena, 10000) == 0);
    sc_arena_release(&arena);
}

static void reader_should_refuse_input_over_max_input(void)
{
    sc_limits limits = {0, 10, 0, 0, 0, 0};
    sc_arena arena;
    sc_reader r;
    sc_error err;
    sc_string s;

    CHECK(skip_under("[1,2,3,4]", &limits, &err) == 0); /* 9 bytes */
    CHECK(skip_under("[1,2,3,4,5]", &limits, &err) == SC_ERR_LIMIT);
    CHECK(err.offset == 0);
    CHECK(strstr(err.message, "11 bytes") != NULL);
    CHECK(strstr(err.message, "max_input") != NULL);
    /* every read fails with it, and keeps it: not an end-of-input error */
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    sc_reader_init(&r, "\"a string of 16 b\"", strlen("\"a string of 16 b\""), &arena, &err);
    CHECK(sc_peek(&r) == SC_JSON_INVALID);
    CHECK(sc_read_string(&r, &s) == SC_ERR_LIMIT);
    CHECK(sc_reader_fail(&r, SC_ERR_TYPE, "type", "must be a number") == SC_ERR_LIMIT);
    CHECK(err.code == SC_ERR_LIMIT);
    CHECK(strstr(err.message, "max_input") != NULL);
    sc_arena_release(&arena);
}

static void reader_should_refuse_strings_over_max_string(void)
{
    sc_limits limits = {0, 0, 8, 0, 0, 0};
    sc_error err;

    CHECK(skip_under("\"12345678\"", &limits, &err) == 0);
    CHECK(skip_under("\"123456789\"", &limits, &err) == SC_ERR_LIMIT);
    CHECK(err.offset == 0);
    CHECK(strstr(err.message, "max_string") != NULL);
    /* the unescaped length counts: 8 escapes of 6 bytes are 8 bytes */
    CHECK(skip_under("\"\\u0041\\u0041\\u0041\\u0041\\u0041\\u0041\\u0041\\u0041\"", &limits,
                     &err) == 0);
    CHECK(skip_under("\"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\"", &limits, &err) == SC_ERR_LIMIT);
    /* long enough for the 8-byte fast path, and keys too */
    CHECK(skip_under("[1, \"abcdefghijklmnopqrstuvwxyz\"]", &limits, &err) == SC_ERR_LIMIT);
    CHECK(err.offset == 4);
    CHECK(skip_under("{\"abcdefghijklmnopqrstuvwxyz\": 1}", &limits, &err) == SC_ERR_LIMIT);
    CHECK(err.offset == 1);
}

static void reader_should_refuse_items_and_members_over_their_limits(void)
{
    sc_limits limits = {0, 0, 0, 3, 2, 0};
    sc_error err;

    CHECK(skip_under("[1,2,3]", &limits, &err) == 0);
    CHECK(skip_under("[1,2,3,4]", &limits, &err) == SC_ERR_LIMIT);
    CHECK(err.offset == 7);
    CHECK(strstr(err.message, "more than 3 items (max_items)") != NULL);
    /* counted per array, at any depth */
    CHECK(skip_under("[[1,2,3],[1,2,3],[1,2,3]]", &limits, &err) == 0);
    CHECK(skip_under("[[1,2,3],[1,[1,2,3,4]]]", &limits, &err) == SC_ERR_LIMIT);
    CHECK(skip_under("{\"a\":1,\"b\":2}", &limits, &err) == 0);
    CHECK(skip_under("{\"a\":1,\"b\":2,\"c\":3}", &limits, &err) == SC_ERR_LIMIT);
    CHECK(err.offset == 13);
    CHECK(strstr(err.message, "more than 2 members (max_members)") != NULL);
    CHECK(skip_under("{\"a\":{\"x\":1,\"y\":2},\"b\":{\"x\":1,\"y\":2}}", &limits, &err) == 0);
    CHECK(skip_under("{\"a\":{\"x\":1,\"y\":2,\"z\":3}}", &limits, &err) == SC_ERR_LIMIT);
}

static void reader_should_take_its_depth_from_the_limits(void)
{
    sc_limits limits = {0, 0, 0, 0, 0, 3};
    sc_error err;
    char deep[2 * SC_MAX_DEPTH + 8];

    CHECK(skip_under("[[[1]]]", &limits, &err) == 0);
    CHECK(skip_under("[[[[1]]]]", &limits, &err) == SC_ERR_DEPTH);
    CHECK(err.offset == 3);
    CHECK_STR(err.message, "nesting deeper than 3 (max_depth)");
    /* raised to the ceiling: SC_MAX_DEPTH levels pass, one more does not */
    limits.max_depth = SC_MAX_DEPTH;
    memset(deep, '[', SC_MAX_DEPTH);
    memset(deep + SC_MAX_DEPTH, ']', SC_MAX_DEPTH);
    deep[2 * SC_MAX_DEPTH] = '\0';
    CHECK(skip_under(deep, &limits, &err) == 0);
    memset(deep, '[', SC_MAX_DEPTH + 1);
    memset(deep + SC_MAX_DEPTH + 1, ']', SC_MAX_DEPTH + 1);
    deep[2 * SC_MAX_DEPTH + 2] = '\0';
    CHECK(skip_under(deep, &limits, &err) == SC_ERR_DEPTH);
}

/* sc_reader_grow is how the walker stores arrays and maps: it counts
 * against max_items after an element, max_members after a member. */
static void reader_grow_should_stop_at_the_item_and_member_limits(void)
{
    sc_limits limits = {0, 0, 0, 5, 9, 0};
    sc_arena arena;
    sc_reader r;
    sc_error err;
    sc_string key;
    int *items = NULL;
    size_t cap = 0, n = 0;
    sc_next next;

    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    sc_reader_init(&r, "[1,2,3,4,5,6]", strlen("[1,2,3,4,5,6]"), &arena, &err);
    CHECK(sc_read_array_begin(&r) == 0);
    while ((next = sc_next_element(&r)) == SC_NEXT_ITEM) {
        int64_t v;
        if (n == cap && (items = sc_reader_grow(&r, items, &cap, sizeof *items)) == NULL)
            break;
        CHECK(sc_read_int(&r, &v, 0, 10) == 0);
        items[n++] = (int)v;
    }
    CHECK(n == 5);
    CHECK(cap == 5); /* the last doubling stops at the limit */
    CHECK(err.code == SC_ERR_LIMIT);
    CHECK(err.offset == 11);
    CHECK(strstr(err.message, "max_items") != NULL);

    /* an object's members count against max_members, even inside an array */
    {
        static const char object[] = "[{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6}]";
        sc_reader_init(&r, object, sizeof object - 1, &arena, &err);
    }
    items = NULL;
    cap = n = 0;
    CHECK(sc_read_array_begin(&r) == 0);
    CHECK(sc_next_element(&r) == SC_NEXT_ITEM);
    CHECK(sc_read_object_begin(&r) == 0);
    while ((next = sc_next_member(&r, &key)) == SC_NEXT_ITEM) {
        int64_t v;
        if (n == cap && (items = sc_reader_grow(&r, items, &cap, sizeof *items)) == NULL)
            break;
        CHECK(sc_read_int(&r, &v, 0, 10) == 0);
        items[n++] = (int)v;
    }
    CHECK(next == SC_NEXT_END);
    CHECK(n == 6);
    CHECK(err.code == SC_OK);
    sc_arena_release(&arena);
}

static void reader_should_report_max_bytes_as_a_limit(void)
{
    sc_limits limits = {4096, 0, 0, 0, 0, 0};
    sc_arena arena;
    sc_reader r;
    sc_error err;
    static char doc[20000];
    char *s;
    size_t n = 0;

    doc[n++] = '"';
    while (n < 10000)
        doc[n++] = 'x';
    doc[n++] = '"';
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    sc_reader_init(&r, doc, n, &arena, &err);
    CHECK(sc_read_string_dup(&r, &s, NULL, NULL) == SC_ERR_LIMIT);
    CHECK(err.offset == 0);
    CHECK(strstr(err.message, "4096 bytes (max_bytes)") != NULL);
    /* the same refusal from the allocator itself is out of memory */
    sc_arena_release(&arena);
    {
        char small[64];
        sc_arena_init_buffer(&arena, small, sizeof small);
        sc_reader_init(&r, doc, n, &arena, &err);
        CHECK(sc_read_string_dup(&r, &s, NULL, NULL) == SC_ERR_NOMEM);
        sc_arena_release(&arena);
    }
}

/* cJSON * members: cJSON mallocs the tree outside the arena, so the arena
 * is charged for it before it is built. */
static void cjson_values_should_be_charged_to_the_arena(void)
{
    sc_limits limits = {64 * 1024, 0, 0, 0, 0, 0};
    size_t count = 4000, n = 0;
    char *doc = malloc(count * 2 + 2);
    sc_arena arena;
    sc_error err;
    cJSON *tree;

    doc[n++] = '[';
    for (size_t i = 0; i < count; i++) {
        doc[n++] = '0';
        doc[n++] = ',';
    }
    doc[n - 1] = ']';
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    CHECK(sc_parse_json(&arena, doc, n, &tree, &err) == SC_ERR_LIMIT); /* 4001 nodes > 64 KB */
    CHECK(err.offset == 0);
    CHECK(strstr(err.message, "max_bytes") != NULL);
    limits.max_bytes = 1024 * 1024;
    sc_arena_set_limits(&arena, &limits);
    sc_arena_reset(&arena);
    CHECK(sc_parse_json(&arena, doc, n, &tree, &err) == 0);
    CHECK(cJSON_GetArraySize(tree) == (int)count);
    CHECK(sc_arena_held(&arena) >= (count + 1) * sizeof(cJSON));
    sc_arena_release(&arena);

    /* a buffer arena is charged the same (its own bytes are the buffer) */
    {
        static unsigned char buf[4096];
        sc_arena_init_buffer(&arena, buf, sizeof buf);
        limits.max_bytes = 64 * 1024;
        sc_arena_set_limits(&arena, &limits);
        CHECK(sc_parse_json(&arena, doc, n, &tree, &err) == SC_ERR_LIMIT);
        CHECK(sc_parse_json(&arena, "[1,2]", 5, &tree, &err) == 0);
        sc_arena_release(&arena);
    }
    free(doc);
}

/* Validate follows C values to SC_MAX_DEPTH, so a value decoded under the
 * highest depth limit still validates: sc_check_cjson is not held to the
 * document limits. */
static void cjson_check_should_accept_what_the_highest_limits_decode(void)
{
    sc_limits limits = {0, 0, 0, 0, 0, SC_MAX_DEPTH};
    sc_arena arena;
    sc_error err;
    cJSON *tree;
    size_t depth = SC_MAX_DEPTH;
    char *doc = malloc(2 * depth + 1);

    memset(doc, '[', depth);
    memset(doc + depth, ']', depth);
    doc[2 * depth] = '\0';
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    CHECK(sc_parse_json(&arena, doc, 2 * depth, &tree, &err) == 0);
    CHECK(sc_check_cjson(tree, &err) == 0);
    sc_arena_release(&arena);
    free(doc);
}

int main(void)
{
    RUN(limits_should_default_fields_left_zero);
    RUN(arena_should_hold_no_more_than_max_bytes);
    RUN(arena_should_count_charges_until_reset);
    RUN(reader_should_refuse_input_over_max_input);
    RUN(reader_should_refuse_strings_over_max_string);
    RUN(reader_should_refuse_items_and_members_over_their_limits);
    RUN(reader_should_take_its_depth_from_the_limits);
    RUN(reader_grow_should_stop_at_the_item_and_member_limits);
    RUN(reader_should_report_max_bytes_as_a_limit);
    RUN(cjson_values_should_be_charged_to_the_arena);
    RUN(cjson_check_should_accept_what_the_highest_limits_decode);
    return TEST_RESULT();
}
