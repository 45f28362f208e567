/* T_validate and T_encode of values built in C, under sc_limits (issue 18,
 * item 4; docs/security.md): a value whose sub-values are shared (the same
 * pointer reached twice: a DAG) has a JSON, and took a time, exponential in
 * its depth; the walk now stops it with SC_ERR_LIMIT as soon as its JSON
 * would pass max_input. Each limit on both sides of its bound, through the
 * default forms and the _within forms; normal values unaffected. Times are
 * printed; the one assertion on time is loose (seconds, against the
 * minutes the unbounded walk took at depth 40). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "limits.schemac.h"
#include "../reader/test.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* levels nodes, each node's left and right the same next node: a JSON of
 * 2^levels - 1 objects from levels structs. */
static dag *shared_dag(size_t levels, const char *label)
{
    dag *nodes = calloc(levels, sizeof *nodes);
    for (size_t i = 0; i < levels; i++) {
        nodes[i].label = (char *)label;
        if (i + 1 < levels)
            nodes[i].left = nodes[i].right = &nodes[i + 1];
    }
    return nodes;
}

/* A chain of levels nodes, each the left child of the one before. */
static dag *chain(size_t levels)
{
    dag *nodes = calloc(levels, sizeof *nodes);
    for (size_t i = 0; i + 1 < levels; i++)
        nodes[i].left = &nodes[i + 1];
    return nodes;
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Depth 30 and 40 (2^30 and 2^40 objects): every entry point fails fast
 * with SC_ERR_LIMIT, naming max_input, at a path down the shared nodes. */
static void shared_values_should_fail_fast_at_max_input(void)
{
    static const size_t depths[] = {30, 40};
    for (size_t d = 0; d < sizeof depths / sizeof *depths; d++) {
        dag *root = shared_dag(depths[d], "x");
        sc_error err, found[4];
        sc_errors errs;
        double t0 = now();

        CHECK(dag_validate(root, &err) == SC_ERR_LIMIT);
        CHECK(strstr(err.message, "(max_input)") != NULL);
        CHECK(starts_with(err.path, "/left/left/"));
        double t1 = now();

        sc_errors_init(&errs, found, 4);
        CHECK(dag_validate_all(root, &errs) == SC_ERR_LIMIT);
        CHECK(errs.count == 1 && found[0].code == SC_ERR_LIMIT &&
              starts_with(found[0].path, "/left/left/"));
        double t2 = now();

        CHECK(dag_encode(root) == NULL);
        CHECK(dag_encode_ex(root, &err) == NULL && err.code == SC_ERR_LIMIT);
        CHECK(dag_to_cjson(root) == NULL);
        CHECK(dag_to_cjson_ex(root, &err) == NULL && err.code == SC_ERR_LIMIT);
        double t3 = now();

        /* a tighter max_input stops it sooner; lifting it is the caller's
         * choice and is not tried here */
        sc_limits limits = {.max_input = 4096};
        CHECK(dag_validate_within(root, &limits, &err) == SC_ERR_LIMIT);
        CHECK(dag_encode_within(root, &limits, &err) == NULL && err.code == SC_ERR_LIMIT);
        CHECK(dag_to_cjson_within(root, &limits, &err) == NULL && err.code == SC_ERR_LIMIT);
        sc_errors_init(&errs, found, 4);
        CHECK(dag_validate_all_within(root, &limits, &errs) == SC_ERR_LIMIT);
        double t4 = now();

        printf("    depth %zu: validate %.3f s, validate_all %.3f s, encode and to_cjson %.3f s, "
               "max_input 4096 %.4f s; %s: %s\n",
               depths[d], t1 - t0, t2 - t1, t3 - t2, t4 - t3, found[0].path[0] ? "path" : "root",
               err.message);
        CHECK(t4 - t0 < 20.0); /* the unbounded walk: about 3 s at depth 28, doubling per level */
        free(root);
    }
}

/* A small shared value is within every default limit: validate, encode,
 * decode the text back, encode again to the same text. */
static void small_shared_values_should_validate_and_encode(void)
{
    dag *root = shared_dag(6, "leaf");
    sc_error err;
    sc_arena arena;
    dag back;

    CHECK(dag_validate(root, &err) == 0);
    char *text = dag_encode(root);
    CHECK(text != NULL);
    sc_arena_init(&arena, NULL);
    CHECK(text != NULL && dag_decode(&arena, text, strlen(text), &back, &err) == 0);
    char *again = dag_encode(&back);
    CHECK(text != NULL && again != NULL && strcmp(text, again) == 0);
    cJSON *tree = dag_to_cjson(root);
    CHECK(tree != NULL);
    cJSON_Delete(tree);
    sc_free_string(again);
    sc_free_string(text);
    sc_arena_release(&arena);
    free(root);
}

/* max_input: encode holds the text it writes to it exactly; validate holds
 * to it a lower bound of that text, exact for these values. */
static void max_input_should_bound_the_text_on_both_sides(void)
{
    text_doc t = {.text = "abc"};
    sc_limits limits = {0};
    sc_error err;
    char *text = text_doc_encode(&t);
    CHECK_STR(text, "{\"text\":\"abc\"}");
    size_t len = strlen(text);
    sc_free_string(text);

    limits.max_input = len;
    CHECK(text_doc_validate_within(&t, &limits, &err) == 0);
    text = text_doc_encode_within(&t, &limits, &err);
    CHECK(text != NULL);
    sc_free_string(text);
    limits.max_input = len - 1;
    CHECK(text_doc_validate_within(&t, &limits, &err) == SC_ERR_LIMIT);
    CHECK_STR(err.message,
              "the value's JSON would be longer than the limit of 13 bytes (max_input)");
    CHECK(text_doc_encode_within(&t, &limits, &err) == NULL && err.code == SC_ERR_LIMIT);

    /* [1,2,3] inside {"numbers":...}: brackets and commas count */
    int32_t numbers[3] = {1, 2, 3};
    number_list l = {numbers, 3};
    text = number_list_encode(&l);
    CHECK_STR(text, "{\"numbers\":[1,2,3]}");
    len = strlen(text);
    sc_free_string(text);
    limits.max_input = len;
    CHECK(number_list_validate_within(&l, &limits, &err) == 0);
    text = number_list_encode_within(&l, &limits, &err);
    CHECK(text != NULL);
    sc_free_string(text);
    limits.max_input = len - 1;
    /* the validate walk counts "[", "]", the commas, not the digits: only
     * the encode sees the text one byte over */
    CHECK(number_list_validate_within(&l, &limits, &err) == 0);
    CHECK(number_list_encode_within(&l, &limits, &err) == NULL && err.code == SC_ERR_LIMIT);
    CHECK_STR(err.message, "the JSON is 19 bytes long, over the limit of 18 bytes (max_input)");
}

static void max_depth_should_bound_the_nesting_on_both_sides(void)
{
    sc_limits limits = {.max_depth = 10};
    sc_error err;
    dag *c = chain(10);
    CHECK(dag_validate_within(c, &limits, &err) == 0);
    char *text = dag_encode_within(c, &limits, &err);
    CHECK(text != NULL);
    sc_free_string(text);
    free(c);
    c = chain(11);
    CHECK(dag_validate_within(c, &limits, &err) == SC_ERR_DEPTH);
    CHECK_STR(err.message, "nesting deeper than 10 (max_depth)");
    CHECK_STR(err.path, "/left/left/left/left/left/left/left/left/left/left");
    CHECK(dag_encode_within(c, &limits, &err) == NULL && err.code == SC_ERR_DEPTH);
    free(c);

    /* the defaults: 64 levels, as a decode */
    c = chain(64);
    CHECK(dag_validate(c, &err) == 0);
    free(c);
    c = chain(65);
    CHECK(dag_validate(c, &err) == SC_ERR_DEPTH);
    CHECK(dag_encode(c) == NULL);
    free(c);

    /* a cycle ends there */
    dag loop = {0};
    loop.left = &loop;
    CHECK(dag_validate(&loop, &err) == SC_ERR_DEPTH);
    CHECK(dag_encode(&loop) == NULL);
}

static void max_string_should_bound_each_string_on_both_sides(void)
{
    text_doc t = {.text = "0123456789"};
    sc_limits limits = {.max_string = 10};
    sc_error err;
    CHECK(text_doc_validate_within(&t, &limits, &err) == 0);
    limits.max_string = 9;
    CHECK(text_doc_validate_within(&t, &limits, &err) == SC_ERR_LIMIT);
    CHECK_STR(err.path, "/text");
    CHECK_STR(err.message, "string of 10 bytes, over the limit of 9 bytes (max_string)");
    CHECK(text_doc_to_cjson_within(&t, &limits, &err) == NULL && err.code == SC_ERR_LIMIT);

    /* inside a cJSON * value too */
    any_value a = {cJSON_CreateString("0123456789")};
    CHECK(any_value_validate_within(&a, &limits, &err) == SC_ERR_LIMIT);
    CHECK_STR(err.path, "/value");
    limits.max_string = 10;
    CHECK(any_value_validate_within(&a, &limits, &err) == 0);
    cJSON_Delete(a.value);
}

static void max_items_and_members_should_bound_each_container_on_both_sides(void)
{
    int32_t numbers[5] = {1, 2, 3, 4, 5};
    number_list l = {numbers, 5};
    sc_limits limits = {.max_items = 5};
    sc_error err, found[2];
    sc_errors errs;
    CHECK(number_list_validate_within(&l, &limits, &err) == 0);
    limits.max_items = 4;
    CHECK(number_list_validate_within(&l, &limits, &err) == SC_ERR_LIMIT);
    CHECK_STR(err.path, "/numbers");
    CHECK_STR(err.message, "array with more than 4 items (max_items)");
    sc_errors_init(&errs, found, 2);
    CHECK(number_list_validate_all_within(&l, &limits, &errs) == SC_ERR_LIMIT);
    CHECK(errs.count == 1 && strcmp(found[0].path, "/numbers") == 0);

    count_entry entries[3] = {{"a", 1}, {"b", 2}, {"c", 3}};
    count_map m = {entries, 3};
    limits = (sc_limits){.max_members = 3};
    CHECK(count_map_validate_within(&m, &limits, &err) == 0);
    limits.max_members = 2;
    CHECK(count_map_validate_within(&m, &limits, &err) == SC_ERR_LIMIT);
    CHECK_STR(err.path, "/counts");
    CHECK_STR(err.message, "object with more than 2 members (max_members)");
    CHECK(count_map_encode_within(&m, &limits, &err) == NULL && err.code == SC_ERR_LIMIT);

    /* inside a cJSON * value: the value's own arrays */
    any_value a = {cJSON_CreateIntArray((const int[]){1, 2, 3}, 3)};
    limits = (sc_limits){.max_items = 3};
    CHECK(any_value_validate_within(&a, &limits, &err) == 0);
    limits.max_items = 2;
    CHECK(any_value_validate_within(&a, &limits, &err) == SC_ERR_LIMIT);
    cJSON_Delete(a.value);
}

/* A decoded value validates under the limits it was decoded under, also
 * near them. */
static void decoded_values_should_validate_under_their_limits(void)
{
    static const char doc[] =
        "{\"left\":{\"left\":{\"label\":\"abc\"},\"right\":{}},\"right\":{\"label\":\"\"}}";
    sc_limits limits = {.max_input = sizeof doc - 1, .max_depth = 3, .max_string = 5}; /* "label" */
    sc_arena arena;
    sc_error err;
    dag value;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);
    CHECK(dag_decode(&arena, doc, sizeof doc - 1, &value, &err) == 0);
    CHECK(dag_validate_within(&value, &limits, &err) == 0);
    char *text = dag_encode_within(&value, &limits, &err);
    CHECK_STR(text, doc);
    sc_free_string(text);
    sc_arena_release(&arena);
}

int main(void)
{
    RUN(shared_values_should_fail_fast_at_max_input);
    RUN(small_shared_values_should_validate_and_encode);
    RUN(max_input_should_bound_the_text_on_both_sides);
    RUN(max_depth_should_bound_the_nesting_on_both_sides);
    RUN(max_string_should_bound_each_string_on_both_sides);
    RUN(max_items_and_members_should_bound_each_container_on_both_sides);
    RUN(decoded_values_should_validate_under_their_limits);
    return TEST_RESULT();
}
