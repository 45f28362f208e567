/* Every decode entry point against every decode limit (issue 33): T_decode,
 * T_decode_all, T_from_cjson and T_from_cjson_all, each given a document
 * just within one limit (decoded) and one just over it (failed with the
 * limit's code and a message naming it, and nothing reported as success).
 * T_decode_all once said success on a document over max_input. */
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

/* The documents are small: each is built in a buffer of the case. */
#define DOC_MAX 1024

/* One limit: a type, a bound, and two documents on either side of it. */
typedef struct limit_case {
    const char *name; /* the sc_limits field, as the messages name it */
    codec codec;
    sc_limits limits;     /* the case's bound; 0 fields take the defaults */
    int code;             /* what going past it fails with */
    char within[DOC_MAX]; /* a document at the bound */
    char over[DOC_MAX];   /* the same one step past it */
} limit_case;

/* Entry points, as one signature: text or cJSON, first error or all. */
typedef enum entry { DECODE, DECODE_ALL, FROM_CJSON, FROM_CJSON_ALL } entry;
static const char *const entry_names[] = {"T_decode", "T_decode_all", "T_from_cjson",
                                          "T_from_cjson_all"};

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
    if (out == NULL)
        exit(1);
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

typedef struct doc {
    char text[DOC_MAX];
    size_t len;
} doc;

static void add(doc *d, const char *text)
{
    size_t n = strlen(text);
    if (d->len + n >= DOC_MAX) {
        fprintf(stderr, "a test document outgrew %d bytes\n", DOC_MAX);
        exit(1);
    }
    memcpy(d->text + d->len, text, n + 1);
    d->len += n;
}

/* n copies of item between head and tail, separated by sep. */
static void repeat(char *out, const char *head, const char *item, const char *sep, size_t n,
                   const char *tail)
{
    doc d = {"", 0};
    add(&d, head);
    for (size_t i = 0; i < n; i++) {
        add(&d, i > 0 ? sep : "");
        add(&d, item);
    }
    add(&d, tail);
    memcpy(out, d.text, d.len + 1);
}

/* {"counts":{"k0":0,...}} with n members. */
static void count_members(char *out, size_t n)
{
    doc d = {"", 0};
    char member[48];
    add(&d, "{\"counts\":{");
    for (size_t i = 0; i < n; i++) {
        snprintf(member, sizeof member, "%s\"k%zu\":%zu", i > 0 ? "," : "", i, i);
        add(&d, member);
    }
    add(&d, "}}");
    memcpy(out, d.text, d.len + 1);
}

/* {"kids":[...]} nested levels objects deep, the innermost array holding
 * innermost: 2 * levels containers, and one more when innermost is {}. */
static void branches(char *out, size_t levels, const char *innermost)
{
    doc d = {"", 0};
    for (size_t i = 0; i < levels; i++)
        add(&d, "{\"kids\":[");
    add(&d, innermost);
    for (size_t i = 0; i < levels; i++)
        add(&d, "]}");
    memcpy(out, d.text, d.len + 1);
}

/* {"text":"aaa..."} exactly len bytes long. */
static void text_of_length(char *out, size_t len)
{
    doc a = {"", 0};
    for (size_t i = 0; i < len - strlen("{\"text\":\"\"}"); i++)
        add(&a, "a");
    repeat(out, "{\"text\":\"", a.text, "", 1, "\"}");
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
            fprintf(stderr, "  %s, %s: within: rc %d \"%s\"; over: rc %d, %zu errors, \"%s\"\n",
                    c->name, entry_names[e], within.rc, within.first.message, over.rc, over.count,
                    over.first.message);
    }
}

static limit_case cases[6];

/* Case i: the limit's name, its codec, its code; the bound set after. */
static limit_case *set(size_t i, const char *name, codec codec, int code)
{
    limit_case *c = &cases[i];
    memset(c, 0, sizeof *c);
    c->name = name;
    c->codec = codec;
    c->code = code;
    return c;
}

static void setup(void)
{
    limit_case *c = set(0, "max_input", (codec)CODEC_ENTRY(text_doc), SC_ERR_LIMIT);
    text_of_length(c->within, 64);
    text_of_length(c->over, 65);
    c->limits.max_input = 64;
    c = set(1, "max_string", (codec)CODEC_ENTRY(text_doc), SC_ERR_LIMIT);
    text_of_length(c->within, 11 + 16);
    text_of_length(c->over, 11 + 17);
    c->limits.max_string = 16;
    c = set(2, "max_items", (codec)CODEC_ENTRY(number_list), SC_ERR_LIMIT);
    repeat(c->within, "{\"numbers\":[", "7", ",", 8, "]}");
    repeat(c->over, "{\"numbers\":[", "7", ",", 9, "]}");
    c->limits.max_items = 8;
    c = set(3, "max_members", (codec)CODEC_ENTRY(count_map), SC_ERR_LIMIT);
    count_members(c->within, 4);
    count_members(c->over, 5);
    c->limits.max_members = 4;
    /* depth counts objects and arrays: 2 branches nest 4 containers deep */
    c = set(4, "max_depth", (codec)CODEC_ENTRY(branch), SC_ERR_DEPTH);
    branches(c->within, 2, "");
    branches(c->over, 2, "{}");
    c->limits.max_depth = 4;
    /* each {} is a 4 KB item: 4 fit in 64 KB, 64 do not */
    c = set(5, "max_bytes", (codec)CODEC_ENTRY(wide_list), SC_ERR_LIMIT);
    repeat(c->within, "{\"items\":[", "{}", ",", 4, "]}");
    repeat(c->over, "{\"items\":[", "{}", ",", 64, "]}");
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
    return TEST_RESULT();
}
