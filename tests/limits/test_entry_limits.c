/* Every decode entry point against every decode limit (issue 33): T_decode,
 * T_decode_all, T_from_cjson and T_from_cjson_all, each given a document
 * just within one limit (decoded) and one just over it (failed with the
 * limit's code and a message naming it, and nothing reported as success).
 * Built twice: against the default mode's generated code and against
 * --optimize=size's (limits/size/), so both modes' entry points answer
 * alike. T_decode_all once said success on a document over max_input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limits.schemac.h"
#include "../common/codec.h"
#include "../reader/test.h"

CODEC(text_doc)
CODEC(number_list)
CODEC(count_map)
CODEC(branch)
CODEC(wide_list)

/* One limit: a type, a bound, and two documents on either side of it. */
typedef struct limit_case {
    const char *name; /* the sc_limits field, as the messages name it */
    codec codec;
    sc_limits limits; /* the case's bound; 0 fields take the defaults */
    int code;         /* what going past it fails with */
    char *within;     /* a document at the bound */
    char *over;       /* the same one step past it */
} limit_case;

/* Entry points, as one signature: text or cJSON, first error or all. */
typedef enum entry { DECODE, DECODE_ALL, FROM_CJSON, FROM_CJSON_ALL } entry;
static const char *const entry_names[] = {"T_decode", "T_decode_all", "T_from_cjson", "T_from_cjson_all"};

/* The result of one call: its return code, the first error, how many. */
typedef struct outcome {
    int rc;
    sc_error first;
    size_t count;
} outcome;

static outcome call(const limit_case *c, entry e, const char *json)
{
    outcome o = {0};
    sc_arena arena;
    sc_error items[8];
    sc_errors errs = {items, 8, 0, false, SC_OK};
    void *out = calloc(1, c->codec.size);
    cJSON *tree = NULL;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &c->limits);
    if (e == FROM_CJSON || e == FROM_CJSON_ALL) {
        tree = cJSON_Parse(json);
        if (tree == NULL) {
            fprintf(stderr, "cJSON cannot parse the %s case's document\n", c->name);
            exit(1);
        }
    }
    switch (e) {
    case DECODE:
        o.rc = c->codec.decode(&arena, json, strlen(json), out, &o.first);
        o.count = o.rc != 0;
        break;
    case DECODE_ALL:
        o.rc = c->codec.decode_all(&arena, json, strlen(json), out, &errs);
        break;
    case FROM_CJSON:
        o.rc = c->codec.from_cjson(&arena, tree, out, &o.first);
        o.count = o.rc != 0;
        break;
    case FROM_CJSON_ALL:
        o.rc = c->codec.from_cjson_all(&arena, tree, out, &errs);
        break;
    }
    if (e == DECODE_ALL || e == FROM_CJSON_ALL) {
        o.count = errs.count;
        if (errs.count > 0)
            o.first = errs.items[0];
    }
    cJSON_Delete(tree);
    sc_arena_release(&arena);
    free(out);
    return o;
}

/* A document of n copies of item between head and tail, separated by sep. */
static char *repeat(const char *head, const char *item, const char *sep, size_t n, const char *tail)
{
    size_t len = strlen(head) + n * (strlen(item) + strlen(sep)) + strlen(tail) + 1;
    char *s = malloc(len), *p = s;
    p += sprintf(p, "%s", head);
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "%s%s", i > 0 ? sep : "", item);
    sprintf(p, "%s", tail);
    return s;
}

/* {"counts":{"k0":0,...}} with n members. */
static char *count_members(size_t n)
{
    char *s = malloc(16 + n * 16), *p = s;
    p += sprintf(p, "{\"counts\":{");
    for (size_t i = 0; i < n; i++)
        p += sprintf(p, "%s\"k%zu\":%zu", i > 0 ? "," : "", i, i);
    sprintf(p, "}}");
    return s;
}

/* {"kids":[...]} nested levels objects deep, the innermost array holding
 * innermost: 2 * levels containers, and one more when innermost is {}. */
static char *branches(size_t levels, const char *innermost)
{
    char *s = malloc(levels * 16 + 8), *p = s;
    for (size_t i = 0; i < levels; i++)
        p += sprintf(p, "{\"kids\":[");
    p += sprintf(p, "%s", innermost);
    for (size_t i = 0; i < levels; i++)
        p += sprintf(p, "]}");
    return s;
}

/* {"text":"aaa..."} exactly len bytes long. */
static char *text_of_length(size_t len)
{
    return repeat("{\"text\":\"", "a", "", len - strlen("{\"text\":\"\"}"), "\"}");
}

static void check_case(const limit_case *c)
{
    char expect[64];
    snprintf(expect, sizeof expect, "(%s)", c->name);
    for (entry e = DECODE; e <= FROM_CJSON_ALL; e++) {
        outcome within = call(c, e, c->within), over = call(c, e, c->over);
        int failures = test_failures;
        CHECK(within.rc == 0);
        CHECK(within.count == 0);
        CHECK(over.rc == c->code);
        CHECK(over.count >= 1);
        CHECK(over.first.code == c->code);
        CHECK(strstr(over.first.message, expect) != NULL);
        if (test_failures != failures)
            fprintf(stderr, "  %s, %s: within: rc %d \"%s\"; over: rc %d, %zu errors, \"%s\"\n", c->name,
                    entry_names[e], within.rc, within.first.message, over.rc, over.count, over.first.message);
    }
}

static limit_case cases[6];

static void setup(void)
{
    static const sc_limits none = {0};
    limit_case *c = cases;
    *c = (limit_case){"max_input", CODEC_ENTRY(text_doc), none, SC_ERR_LIMIT, text_of_length(64), text_of_length(65)};
    c->limits.max_input = 64;
    c++;
    *c = (limit_case){"max_string", CODEC_ENTRY(text_doc), none, SC_ERR_LIMIT, text_of_length(11 + 16),
                      text_of_length(11 + 17)};
    c->limits.max_string = 16;
    c++;
    *c = (limit_case){"max_items", CODEC_ENTRY(number_list), none, SC_ERR_LIMIT,
                      repeat("{\"numbers\":[", "7", ",", 8, "]}"), repeat("{\"numbers\":[", "7", ",", 9, "]}")};
    c->limits.max_items = 8;
    c++;
    *c = (limit_case){"max_members", CODEC_ENTRY(count_map), none, SC_ERR_LIMIT, count_members(4), count_members(5)};
    c->limits.max_members = 4;
    c++;
    /* depth counts objects and arrays: 2 branches nest 4 containers deep */
    *c = (limit_case){"max_depth", CODEC_ENTRY(branch), none, SC_ERR_DEPTH, branches(2, ""), branches(2, "{}")};
    c->limits.max_depth = 4;
    c++;
    /* each {} is a 4 KB item: 4 fit in 64 KB, 64 do not */
    *c = (limit_case){"max_bytes", CODEC_ENTRY(wide_list), none, SC_ERR_LIMIT,
                      repeat("{\"items\":[", "{}", ",", 4, "]}"), repeat("{\"items\":[", "{}", ",", 64, "]}")};
    c->limits.max_bytes = 64 << 10;
}

#define LIMIT_TEST(name, index)                                                                    \
    static void name(void)                                                                         \
    {                                                                                              \
        check_case(&cases[index]);                                                                 \
    }
LIMIT_TEST(every_entry_point_should_fail_past_max_input, 0)
LIMIT_TEST(every_entry_point_should_fail_past_max_string, 1)
LIMIT_TEST(every_entry_point_should_fail_past_max_items, 2)
LIMIT_TEST(every_entry_point_should_fail_past_max_members, 3)
LIMIT_TEST(every_entry_point_should_fail_past_max_depth, 4)
LIMIT_TEST(every_entry_point_should_fail_past_max_bytes, 5)

int main(void)
{
    setup();
    RUN(every_entry_point_should_fail_past_max_input);
    RUN(every_entry_point_should_fail_past_max_string);
    RUN(every_entry_point_should_fail_past_max_items);
    RUN(every_entry_point_should_fail_past_max_members);
    RUN(every_entry_point_should_fail_past_max_depth);
    RUN(every_entry_point_should_fail_past_max_bytes);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        free(cases[i].within);
        free(cases[i].over);
    }
    return TEST_RESULT();
}
