/* All-errors mode on values built in C (T_validate_all), its bound and its
 * arguments, the reasons T_encode_ex and T_to_cjson_ex give, and
 * sc_errors_format. The decode side is table-driven: cases.json. */
#include <stdio.h>
#include <string.h>

#include "kitchen.schemac.h"
#include "url_tool.schemac.h"

static int failures;
static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

static void expect_error(const sc_errors *errs, size_t i, int code, const char *path,
                         const char *keyword, const char *what)
{
    int ok = i < errs->count && errs->items[i].code == code &&
             strcmp(errs->items[i].path, path) == 0 && errs->items[i].keyword != NULL &&
             strcmp(errs->items[i].keyword, keyword) == 0;
    if (!ok && i < errs->count)
        printf("  got %d at '%s' keyword %s: %s\n", errs->items[i].code, errs->items[i].path,
               errs->items[i].keyword ? errs->items[i].keyword : "-", errs->items[i].message);
    expect(ok, what);
}

/* A url tool input with a mistake in every member. */
static parse_url_input bad_url_input(url_part *parts)
{
    parse_url_input in;
    memset(&in, 0, sizeof in);
    in.url = "not a uri";
    parts[0] = URL_PART_HOST;
    parts[1] = (url_part)99;
    in.parts = parts;
    in.parts_count = 2;
    in.max_results = 0;
    in.has_label = true;
    strcpy(in.label, "\xff");
    return in;
}

static void validate_all_reports_every_member(void)
{
    url_part parts[2];
    parse_url_input in = bad_url_input(parts);
    sc_error items[8], first;
    sc_errors errs;
    sc_errors_init(&errs, items, 8);
    int rc = parse_url_input_validate_all(&in, &errs);
    expect(rc == SC_ERR_CONSTRAINT && errs.count == 4 && !errs.truncated,
           "validate_all: four errors");
    expect_error(&errs, 0, SC_ERR_CONSTRAINT, "/url", "format", "validate_all: url");
    expect_error(&errs, 1, SC_ERR_CONSTRAINT, "/parts/1", "enum", "validate_all: parts/1");
    expect_error(&errs, 2, SC_ERR_CONSTRAINT, "/max_results", "minimum",
                 "validate_all: max_results");
    expect_error(&errs, 3, SC_ERR_UTF8, "/label", "type", "validate_all: label");
    /* the first-error mode stops at the same first error */
    expect(parse_url_input_validate(&in, &first) == rc && strcmp(first.path, items[0].path) == 0 &&
               strcmp(first.message, items[0].message) == 0,
           "validate and validate_all agree on the first error");

    /* a missing required string and a too short array */
    in.url = NULL;
    in.parts_count = 0;
    rc = parse_url_input_validate_all(&in, &errs);
    expect(rc == SC_ERR_REQUIRED && errs.count == 4, "validate_all: required and minItems");
    expect_error(&errs, 0, SC_ERR_REQUIRED, "", "required", "validate_all: url required");
    expect_error(&errs, 1, SC_ERR_CONSTRAINT, "/parts", "minItems", "validate_all: parts minItems");

    /* the bound: the pass stops at it */
    sc_errors_init(&errs, items, 2);
    in = bad_url_input(parts);
    rc = parse_url_input_validate_all(&in, &errs);
    expect(rc == SC_ERR_CONSTRAINT && errs.count == 2 && errs.truncated,
           "validate_all stops at the bound");
    expect_error(&errs, 1, SC_ERR_CONSTRAINT, "/parts/1", "enum",
                 "validate_all: the bound keeps the first ones");

    /* nothing to report */
    in.url = "https://example.com/";
    parts[1] = URL_PART_PORT;
    in.max_results = 10;
    strcpy(in.label, "ok");
    sc_errors_init(&errs, items, 2);
    expect(parse_url_input_validate_all(&in, &errs) == 0 && errs.count == 0,
           "validate_all: a valid value");
}

static void validate_all_names_nested_values(void)
{
    point target = {0, 11};
    point path[2] = {{0, 0}, {0, -10}};
    char *tags[1] = {"a"};
    color palette[1] = {COLOR_RED};
    kitchen k;
    memset(&k, 0, sizeof k);
    k.name = "ab";
    strcpy(k.code, "xyz");
    k.shade = COLOR_GREEN;
    k.origin.y = 10;
    k.target = &target;
    k.tags = tags;
    k.tags_count = 1;
    k.path = path;
    k.path_count = 2;
    strcpy(k.lang, "en");
    k.step = 7;
    k.kind_ = "kitchen";
    k.palette = palette;
    k.n_colors = 1;
    sc_error items[8];
    sc_errors errs;
    sc_errors_init(&errs, items, 8);
    int rc = kitchen_validate_all(&k, &errs);
    expect(rc == SC_ERR_CONSTRAINT && errs.count == 3, "validate_all: three nested errors");
    expect_error(&errs, 0, SC_ERR_CONSTRAINT, "/origin/y", "exclusiveMaximum",
                 "validate_all: /origin/y");
    expect_error(&errs, 1, SC_ERR_CONSTRAINT, "/target/y", "exclusiveMaximum",
                 "validate_all: /target/y");
    expect_error(&errs, 2, SC_ERR_CONSTRAINT, "/path/1/y", "exclusiveMinimum",
                 "validate_all: /path/1/y");

    char text[1024];
    sc_errors_format(&errs, text, sizeof text);
    expect(strcmp(text,
                  "/origin/y: must be < 10\n/target/y: must be < 10\n/path/1/y: must be > -10") ==
               0,
           "sc_errors_format: one line per error");
    sc_errors_format(&errs, text, 12);
    expect(strlen(text) == 11, "sc_errors_format cuts to the buffer");
}

static void arguments_are_checked(void)
{
    sc_error items[2];
    sc_errors errs;
    sc_arena arena;
    parse_url_input in;
    sc_arena_init(&arena, NULL);
    expect(parse_url_input_validate_all(&in, NULL) == SC_ERR_ARGUMENT,
           "validate_all without a list");
    expect(parse_url_input_decode_all(&arena, "{}", 2, &in, NULL) == SC_ERR_ARGUMENT,
           "decode_all without a list");
    sc_errors_init(&errs, items, 2);
    expect(parse_url_input_validate_all(NULL, &errs) == SC_ERR_ARGUMENT && errs.count == 1,
           "validate_all without a value");
    expect(parse_url_input_decode_all(NULL, "{}", 2, &in, &errs) == SC_ERR_ARGUMENT &&
               errs.count == 1,
           "decode_all without an arena");
    /* a list with no room still fails the pass */
    sc_errors_init(&errs, items, 0);
    expect(parse_url_input_decode_all(&arena, "{}", 2, &in, &errs) == SC_ERR_REQUIRED &&
               errs.count == 0 && errs.truncated,
           "decode_all with a list of no room");
    sc_arena_release(&arena);
}

static void encode_says_why(void)
{
    url_part parts[2];
    parse_url_input in = bad_url_input(parts);
    sc_error err;
    expect(parse_url_input_encode_ex(&in, &err) == NULL && err.code == SC_ERR_CONSTRAINT &&
               strcmp(err.path, "/url") == 0,
           "encode_ex says why it failed");
    expect(parse_url_input_to_cjson_ex(&in, &err) == NULL && strcmp(err.path, "/url") == 0,
           "to_cjson_ex says why it failed");
    expect(parse_url_input_encode_ex(NULL, &err) == NULL && err.code == SC_ERR_ARGUMENT,
           "encode_ex of NULL");
    expect(parse_url_input_encode_ex(&in, NULL) == NULL, "encode_ex without an error");
    in.url = "https://example.com/";
    parts[1] = URL_PART_PORT;
    in.max_results = 10;
    strcpy(in.label, "ok");
    char *text = parse_url_input_encode_ex(&in, &err);
    expect(
        text != NULL && err.code == SC_OK &&
            strcmp(
                text,
                "{\"url\":\"https://example.com/\",\"parts\":[\"host\",\"port\"],\"max_results\":10,"
                "\"label\":\"ok\"}") == 0,
        "encode_ex of a valid value");
    sc_free_string(text);
    cJSON *tree = parse_url_input_to_cjson_ex(&in, &err);
    expect(tree != NULL && err.code == SC_OK, "to_cjson_ex of a valid value");
    cJSON_Delete(tree);
}

int main(void)
{
    validate_all_reports_every_member();
    validate_all_names_nested_values();
    arguments_are_checked();
    encode_says_why();
    if (failures == 0)
        printf("all-errors mode: every check passed\n");
    return failures != 0;
}
