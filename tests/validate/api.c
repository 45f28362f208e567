/* libschemac-validate's API: compile errors with the pointer of the keyword
 * at fault, each error's instance location, keyword location (through
 * $refs) and message, first error against all errors, JSON text, the
 * registry and the built-in metaschemas, the limits (work, depth, a $ref
 * cycle), and many threads on one compiled schema. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/validate.h"

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define CHECK_STR(got, want)                                                                       \
    do {                                                                                           \
        const char *got_ = (got), *want_ = (want);                                                 \
        if (strcmp(got_, want_) != 0) {                                                            \
            fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n", __FILE__, __LINE__, got_, want_);  \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static sc_schema *compile(const sc_schema_registry *reg, const char *json,
                          const sc_schema_options *options)
{
    sc_schema *s = NULL;
    sc_error err;
    if (sc_schema_compile(reg, json, strlen(json), options, &s, &err) != 0) {
        fprintf(stderr, "cannot compile %s: %s: %s\n", json, err.path, err.message);
        failures++;
    }
    return s;
}

/* The compile error of json: its pointer and message. */
static void compile_error(const char *json, int code, const char *path, const char *message_part)
{
    sc_schema *s = NULL;
    sc_error err;
    int rc = sc_schema_compile(NULL, json, strlen(json), NULL, &s, &err);
    CHECK(rc == code);
    CHECK(s == NULL);
    CHECK_STR(err.path, path);
    if (strstr(err.message, message_part) == NULL) {
        fprintf(stderr, "message \"%s\" lacks \"%s\"\n", err.message, message_part);
        failures++;
    }
}

static void test_compile_errors(void)
{
    compile_error("{\"properties\": {\"a\": {\"$ref\": \"#/$defs/missing\"}}}", SC_ERR_ARGUMENT,
                  "/properties/a/$ref", "the reference \"#/$defs/missing\" resolves to no schema");
    compile_error("{\"pattern\": \"(a)\\\\1\"}", SC_ERR_ARGUMENT, "/pattern",
                  "unsupported: backreference");
    compile_error("{\"patternProperties\": {\"(?=x)\": true}}", SC_ERR_ARGUMENT,
                  "/patternProperties", "unsupported: lookahead");
    compile_error("{\"minLength\": -1}", SC_ERR_ARGUMENT, "/minLength",
                  "\"minLength\" must be a non-negative integer");
    compile_error("{\"allOf\": []}", SC_ERR_ARGUMENT, "/allOf", "non-empty array");
    compile_error("{\"type\": \"text\"}", SC_ERR_ARGUMENT, "/type", "a type name");
    compile_error("{\"items\": 3}", SC_ERR_ARGUMENT, "/items", "a schema");
    compile_error("{\"$ref\": \"http://example.com/nowhere.json\"}", SC_ERR_ARGUMENT, "/$ref",
                  "resolves to no schema");
    compile_error("{\"a\": ", SC_ERR_SYNTAX, "", "");
    /* against the metaschema, when asked */
    sc_schema_options check = {0};
    check.check_metaschema = true;
    sc_schema *s = NULL;
    sc_error err;
    const char *bad = "{\"properties\": {\"a\": {\"title\": 5}}}";
    CHECK(sc_schema_compile(NULL, bad, strlen(bad), &check, &s, &err) == SC_ERR_ARGUMENT);
    CHECK_STR(err.path, "/properties/a/title");
    CHECK_STR(
        err.message,
        "the schema breaks its metaschema https://json-schema.org/draft/2020-12/schema: must be a string");
    const char *bad07 =
        "{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"required\": [1]}";
    CHECK(sc_schema_compile(NULL, bad07, strlen(bad07), &check, &s, &err) == SC_ERR_ARGUMENT);
    CHECK_STR(err.path, "/required/0");
    const char *good = "{\"properties\": {\"a\": {\"title\": \"A\"}}}";
    CHECK(sc_schema_compile(NULL, good, strlen(good), &check, &s, &err) == 0);
    sc_schema_free(s);
}

static void test_errors(void)
{
    const char *schema =
        "{\"$defs\": {\"port\": {\"type\": \"integer\", \"maximum\": 65535}},"
        " \"type\": \"object\", \"required\": [\"host\", \"port\"],"
        " \"properties\": {\"host\": {\"type\": \"string\", \"minLength\": 1},"
        "  \"port\": {\"$ref\": \"#/$defs/port\"}, \"tags\": {\"items\": {\"enum\": [\"a\", \"b\"]}}},"
        " \"additionalProperties\": false}";
    sc_schema *s = compile(NULL, schema, NULL);
    if (s == NULL)
        return;
    const char *doc = "{\"host\": \"\", \"port\": 70000, \"tags\": [\"a\", \"c\"], \"x~/y\": 1}";
    sc_schema_error items[8];
    sc_schema_errors all;
    sc_schema_errors_init(&all, items, 8);
    int rc = sc_schema_validate_json(s, doc, strlen(doc), &all);
    CHECK(rc == SC_ERR_CONSTRAINT);
    CHECK(all.count == 4);
    CHECK(!all.truncated);
    if (all.count == 4) {
        CHECK_STR(items[0].instance_location, "/host");
        CHECK_STR(items[0].keyword_location, "/properties/host/minLength");
        CHECK_STR(items[0].message, "must be at least 1 character long");
        CHECK_STR(items[1].instance_location, "/port");
        /* through the $ref: the evaluation path, and where the keyword is */
        CHECK_STR(items[1].keyword_location, "/properties/port/$ref/maximum");
        CHECK_STR(items[1].absolute_location, "urn:schemac:root#/$defs/port/maximum");
        CHECK_STR(items[1].message, "must be <= 65535");
        CHECK_STR(items[1].keyword, "maximum");
        CHECK_STR(items[2].instance_location, "/tags/1");
        CHECK_STR(items[2].message, "must be one of: \"a\", \"b\"");
        CHECK(items[3].code == SC_ERR_UNKNOWN_PROPERTY);
        CHECK_STR(items[3].message, "unknown property \"x~/y\"");
        CHECK_STR(items[3].keyword_location, "/additionalProperties");
        char line[1024];
        sc_schema_error_format(&items[1], line, sizeof line);
        CHECK_STR(line, "/port: must be <= 65535 (at /properties/port/$ref/maximum)");
        /* the 2020-12 output formats */
        cJSON *basic = sc_schema_output(rc, &all, SC_SCHEMA_OUTPUT_BASIC);
        char *text = basic ? cJSON_PrintUnformatted(basic) : NULL;
        CHECK(text != NULL &&
              strncmp(text,
                      "{\"valid\":false,\"errors\":[{\"keywordLocation\":"
                      "\"/properties/host/minLength\",\"absoluteKeywordLocation\":"
                      "\"urn:schemac:root#/properties/host/minLength\",\"instanceLocation\":"
                      "\"/host\",\"error\":\"must be at least 1 character long\"},",
                      180) == 0);
        CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(basic, "errors")) == 4);
        cJSON_free(text);
        cJSON_Delete(basic);
        cJSON *flag = sc_schema_output(0, NULL, SC_SCHEMA_OUTPUT_FLAG);
        text = flag ? cJSON_PrintUnformatted(flag) : NULL;
        CHECK(text != NULL && strcmp(text, "{\"valid\":true}") == 0);
        cJSON_free(text);
        cJSON_Delete(flag);
    }
    /* the first error only, and a bound of 2 */
    sc_schema_errors first;
    sc_schema_errors_init(&first, items, 1);
    CHECK(sc_schema_validate_json(s, doc, strlen(doc), &first) == SC_ERR_CONSTRAINT);
    CHECK(first.count == 1);
    sc_schema_errors two;
    sc_schema_errors_init(&two, items, 2);
    CHECK(sc_schema_validate_json(s, doc, strlen(doc), &two) != 0);
    CHECK(two.count == 2 && two.truncated);
    /* a missing property, a wrong type: their codes */
    const char *missing = "{\"host\": \"h\"}";
    CHECK(sc_schema_validate_json(s, missing, strlen(missing), &first) == SC_ERR_REQUIRED);
    CHECK_STR(items[0].message, "missing required property \"port\"");
    CHECK(sc_schema_validate_json(s, "[]", 2, &first) == SC_ERR_TYPE);
    CHECK_STR(items[0].message, "must be an object");
    /* text the reader refuses: a lone surrogate is the one error */
    const char *lone = "{\"host\": \"\\ud800\", \"port\": 1}";
    CHECK(sc_schema_validate_json(s, lone, strlen(lone), &all) == SC_ERR_UTF8);
    CHECK(all.count == 1);
    /* valid, as text and as a tree, with and without errors */
    const char *good = "{\"host\": \"h\", \"port\": 8080, \"tags\": [\"b\"]}";
    CHECK(sc_schema_validate_json(s, good, strlen(good), &all) == 0 && all.count == 0);
    cJSON *tree = cJSON_Parse(good);
    CHECK(sc_schema_validate(s, tree, NULL) == 0);
    cJSON_Delete(tree);
    sc_schema_free(s);
}

/* Documents as JSON reads them by default, as the decoders read theirs
 * with strict_json; schema and registry text always as JSON. */
static void test_json_reading(void)
{
    const char *schema = "{\"properties\": {\"name\": {\"minLength\": 1},"
                         " \"n\": {\"type\": \"integer\", \"maximum\": 90}}}";
    sc_schema_options strict = {0};
    strict.strict_json = true;
    sc_schema *std = compile(NULL, schema, NULL), *dec = compile(NULL, schema, &strict);
    if (std == NULL || dec == NULL) {
        sc_schema_free(std);
        sc_schema_free(dec);
        return;
    }
    sc_schema_error e;
    sc_schema_errors errs;
    sc_schema_errors_init(&errs, &e, 1);
    /* a repeated key: its last member is the one validated (JSON.parse,
     * ajv), whichever way round; strict, the reader's error */
    const char *dup_bad = "{\"name\": \"a\", \"n\": 1, \"name\": \"\"}";
    const char *dup_good = "{\"name\": \"\", \"n\": 1, \"name\": \"a\"}";
    CHECK(sc_schema_validate_json(std, dup_bad, strlen(dup_bad), &errs) == SC_ERR_CONSTRAINT);
    CHECK_STR(e.instance_location, "/name");
    CHECK(sc_schema_validate_json(std, dup_good, strlen(dup_good), &errs) == 0);
    CHECK(sc_schema_validate_json(dec, dup_good, strlen(dup_good), &errs) == SC_ERR_DUPLICATE_KEY);
    CHECK(errs.count == 1);
    CHECK_STR(e.message, "duplicate key \"name\"");
    /* an integer beyond 2^53: the nearest double, then the bound, in
     * the decoders' words ("<= 90", not the shortest %g's "9e+01");
     * strict, the reader's error */
    const char *big = "{\"n\": 100000000000000000001}";
    CHECK(sc_schema_validate_json(std, big, strlen(big), &errs) == SC_ERR_CONSTRAINT);
    CHECK_STR(e.instance_location, "/n");
    CHECK_STR(e.message, "must be <= 90");
    CHECK(sc_schema_validate_json(dec, big, strlen(big), &errs) == SC_ERR_NUMBER);
    CHECK_STR(e.message, "integer beyond +-(2^53-1) cannot be represented exactly");
    /* what a cJSON tree cannot hold is refused either way */
    const char *nul = "{\"name\": \"a\\u0000b\"}";
    CHECK(sc_schema_validate_json(std, nul, strlen(nul), &errs) == SC_ERR_NUL);
    CHECK(sc_schema_validate_json(dec, nul, strlen(nul), &errs) == SC_ERR_NUL);
    const char *bad_utf8 = "{\"name\": \"\xc3\"}";
    CHECK(sc_schema_validate_json(std, bad_utf8, strlen(bad_utf8), &errs) == SC_ERR_UTF8);
    CHECK(sc_schema_validate_json(dec, bad_utf8, strlen(bad_utf8), &errs) == SC_ERR_UTF8);
    sc_schema_free(std);
    sc_schema_free(dec);

    /* a schema's text is JSON whatever strict_json says: a bound of 2^53
     * (which schemac emits for @exclusiveMaximum 9007199254740992), a
     * repeated keyword whose last value counts */
    const char *bound =
        "{\"type\": \"string\", \"exclusiveMaximum\": 9007199254740992, \"type\": \"integer\"}";
    const sc_schema_options *modes[] = {NULL, &strict};
    for (size_t m = 0; m < 2; m++) {
        sc_schema *s = compile(NULL, bound, modes[m]);
        if (s == NULL)
            continue;
        CHECK(sc_schema_validate_json(s, "9007199254740991", 16, &errs) == 0);
        CHECK(sc_schema_validate_json(s, "9007199254740992.0", 18, &errs) == SC_ERR_CONSTRAINT);
        CHECK_STR(e.message, "must be < 9007199254740992.0");
        CHECK(sc_schema_validate_json(s, "\"x\"", 3, &errs) == SC_ERR_TYPE);
        sc_schema_free(s);
    }
    /* and a document of the registry */
    sc_schema_registry *reg = sc_schema_registry_new();
    sc_error err;
    const char *big_doc =
        "{\"$defs\": {\"safe\": {\"type\": \"integer\", \"exclusiveMaximum\": 9007199254740992,"
        " \"minimum\": -9007199254740992}}}";
    CHECK(reg != NULL && sc_schema_registry_add(reg, "https://example.com/safe.json", big_doc,
                                                strlen(big_doc), &err) == 0);
    sc_schema *s =
        compile(reg, "{\"$ref\": \"https://example.com/safe.json#/$defs/safe\"}", &strict);
    CHECK(s && sc_schema_validate_json(s, "-9007199254740991", 17, &errs) == 0);
    sc_schema_free(s);
    sc_schema_registry_free(reg);

    /* bounds as the decoders write them: integers below 2^53 as integers,
     * any other number in its shortest exact form */
    static const struct {
        const char *schema, *doc, *message;
    } bounds[] = {
        {"{\"minimum\": 100}", "99", "must be >= 100"},
        {"{\"exclusiveMinimum\": -1e2}", "-100", "must be > -100"},
        {"{\"maximum\": 1.5e3}", "1501", "must be <= 1500"},
        {"{\"multipleOf\": 0.1}", "0.15", "must be a multiple of 0.1"},
        {"{\"maximum\": 1e300}", "1e301", "must be <= 1e+300"},
        {"{\"minimum\": 9007199254740991}", "0", "must be >= 9007199254740991"},
        {"{\"exclusiveMinimum\": -0.0}", "-1", "must be > 0"},
    };
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        s = compile(NULL, bounds[i].schema, NULL);
        if (s == NULL)
            continue;
        CHECK(sc_schema_validate_json(s, bounds[i].doc, strlen(bounds[i].doc), &errs) ==
              SC_ERR_CONSTRAINT);
        CHECK_STR(e.message, bounds[i].message);
        sc_schema_free(s);
    }
}

/* A name repeated in "required" (or "dependentRequired"), which only a
 * schema compiled without check_metaschema can have: present once is
 * enough, absent is one error. With properties (required fused with them)
 * and without. */
static void test_repeated_required(void)
{
    static const char *const schemas[] = {
        "{\"required\": [\"a\", \"b\", \"a\"], \"properties\": {\"a\": {}, \"b\": {}}}",
        "{\"required\": [\"a\", \"b\", \"a\"]}",
        "{\"dependentRequired\": {\"b\": [\"a\", \"a\"]}}",
    };
    for (size_t i = 0; i < sizeof schemas / sizeof *schemas; i++) {
        sc_schema *s = compile(NULL, schemas[i], NULL);
        if (s == NULL)
            continue;
        CHECK(sc_schema_validate_json(s, "{\"a\": 1, \"b\": 2}", 16, NULL) == 0);
        sc_schema_error items[4];
        sc_schema_errors all;
        sc_schema_errors_init(&all, items, 4);
        CHECK(sc_schema_validate_json(s, "{\"b\": 2}", 8, &all) == SC_ERR_REQUIRED);
        CHECK(all.count == 1);
        sc_schema_free(s);
    }
}

static void test_applicator_messages(void)
{
    static const struct {
        const char *schema, *doc, *message, *keyword_location;
    } cases[] = {
        {"{\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"null\"}]}", "1",
         "must match at least one of the anyOf schemas", "/anyOf"},
        {"{\"oneOf\": [{\"minimum\": 1}, {\"maximum\": 5}]}", "3",
         "must match exactly one of the oneOf schemas (it matches 0 and 1)", "/oneOf"},
        {"{\"not\": {\"type\": \"string\"}}", "\"s\"", "must not match the not schema", "/not"},
        {"{\"if\": {\"minimum\": 10}, \"then\": {\"multipleOf\": 2}}", "11",
         "must be a multiple of 2", "/then/multipleOf"},
        {"{\"contains\": {\"type\": \"string\"}, \"minContains\": 2}", "[\"a\", 1]",
         "must contain at least 2 items matching the contains schema", "/contains"},
        {"{\"unevaluatedProperties\": false, \"allOf\": [{\"properties\": {\"a\": true}}]}",
         "{\"a\": 1, \"b\": 2}", "unknown property \"b\"", "/unevaluatedProperties"},
        {"{\"uniqueItems\": true}", "[1, {\"a\": [1.0]}, {\"a\": [1]}]",
         "must not contain duplicates: item 2 repeats an earlier one", "/uniqueItems"},
        {"{\"type\": [\"string\", \"null\"]}", "1", "must be null or a string", "/type"},
        {"{\"const\": {\"a\": 1}}", "{\"a\": 2}", "must be {\"a\":1}", "/const"},
        {"{\"propertyNames\": {\"maxLength\": 2}}", "{\"abc\": 1}",
         "property name \"abc\" does not match the propertyNames schema", "/propertyNames"},
        {"{\"dependentRequired\": {\"a\": [\"b\"]}}", "{\"a\": 1}",
         "missing required property \"b\" (required when \"a\" is present)", "/dependentRequired"},
        {"{\"pattern\": \"^\\\\p{Lu}\"}", "\"abc\"", "must match the pattern ^\\p{Lu}", "/pattern"},
        {"{\"format\": \"date\"}", "\"2023-02-30\"", "must be a valid date", "/format"},
        {"false", "1", "no value is allowed here", ""},
    };
    sc_schema_options assert_formats = {0};
    assert_formats.formats = SC_SCHEMA_FORMATS_ASSERT;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sc_schema *s = compile(NULL, cases[i].schema, &assert_formats);
        if (s == NULL)
            continue;
        sc_schema_error e;
        sc_schema_errors errs;
        sc_schema_errors_init(&errs, &e, 1);
        CHECK(sc_schema_validate_json(s, cases[i].doc, strlen(cases[i].doc), &errs) != 0);
        CHECK(errs.count == 1);
        CHECK_STR(e.message, cases[i].message);
        CHECK_STR(e.keyword_location, cases[i].keyword_location);
        sc_schema_free(s);
    }
    /* formats annotate in 2020-12 by default, assert in draft-07 */
    sc_schema *s = compile(NULL, "{\"format\": \"date\"}", NULL);
    CHECK(s && sc_schema_validate_json(s, "\"x\"", 3, NULL) == 0);
    sc_schema_free(s);
    s = compile(NULL,
                "{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"format\": \"date\"}",
                NULL);
    CHECK(s && sc_schema_validate_json(s, "\"x\"", 3, NULL) == SC_ERR_CONSTRAINT);
    sc_schema_free(s);
}

static void test_registry(void)
{
    sc_schema_registry *reg = sc_schema_registry_new();
    sc_error err;
    const char *address =
        "{\"$defs\": {\"zip\": {\"type\": \"string\", \"pattern\": \"^[0-9]{5}$\"}}}";
    CHECK(sc_schema_registry_add(reg, "https://example.com/address.json", address, strlen(address),
                                 &err) == 0);
    CHECK(sc_schema_registry_add(reg, "address.json", address, strlen(address), &err) ==
          SC_ERR_ARGUMENT);
    sc_schema *s = compile(
        reg,
        "{\"properties\": {\"zip\": {\"$ref\": \"https://example.com/address.json#/$defs/zip\"}}}",
        NULL);
    if (s != NULL) {
        sc_schema_error e;
        sc_schema_errors errs;
        sc_schema_errors_init(&errs, &e, 1);
        const char *bad = "{\"zip\": \"1234\"}";
        CHECK(sc_schema_validate_json(s, bad, strlen(bad), &errs) == SC_ERR_CONSTRAINT);
        CHECK_STR(e.absolute_location, "https://example.com/address.json#/$defs/zip/pattern");
        CHECK_STR(e.keyword_location, "/properties/zip/$ref/pattern");
        sc_schema_free(s);
    }
    sc_schema_registry_free(reg);
    /* the built-in metaschemas: a schema checked against its dialect's */
    static const char *metas[] = {"{\"$ref\": \"https://json-schema.org/draft/2020-12/schema\"}",
                                  "{\"$schema\": \"http://json-schema.org/draft-07/schema#\","
                                  " \"$ref\": \"http://json-schema.org/draft-07/schema#\"}"};
    for (size_t i = 0; i < 2; i++) {
        s = compile(NULL, metas[i], NULL);
        if (s == NULL)
            continue;
        const char *good = "{\"type\": \"object\", \"properties\": {\"a\": {\"minimum\": 1}}}";
        const char *bad = "{\"type\": \"object\", \"properties\": {\"a\": {\"minimum\": \"one\"}}}";
        CHECK(sc_schema_validate_json(s, good, strlen(good), NULL) == 0);
        sc_schema_error e;
        sc_schema_errors errs;
        sc_schema_errors_init(&errs, &e, 1);
        CHECK(sc_schema_validate_json(s, bad, strlen(bad), &errs) == SC_ERR_TYPE);
        CHECK_STR(e.instance_location, "/properties/a/minimum");
        sc_schema_free(s);
    }
}

static void test_limits(void)
{
    sc_schema_error e;
    sc_schema_errors errs;
    sc_schema_errors_init(&errs, &e, 1);
    /* a reference back to itself on the same value never ends */
    sc_schema *s =
        compile(NULL,
                "{\"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": {\"$ref\": \"#/$defs/a\"}},"
                " \"$ref\": \"#/$defs/a\"}",
                NULL);
    CHECK(s && sc_schema_validate_json(s, "1", 1, &errs) == SC_ERR_LIMIT);
    CHECK(strstr(e.message, "refers to itself") != NULL);
    sc_schema_free(s);
    /* nesting deeper than max_depth */
    sc_limits limits = {0};
    limits.max_depth = 8;
    sc_schema_options options = {0};
    options.limits = &limits;
    s = compile(NULL, "{\"items\": {\"$ref\": \"#\"}}", &options);
    cJSON *deep = cJSON_CreateArray(), *at = deep;
    for (int i = 0; i < 20; i++) {
        cJSON *next = cJSON_CreateArray();
        cJSON_AddItemToArray(at, next);
        at = next;
    }
    CHECK(s && sc_schema_validate(s, deep, &errs) == SC_ERR_DEPTH);
    cJSON_Delete(deep);
    sc_schema_free(s);
    /* work: nested anyOf over a long array is cut off by max_work */
    options.limits = NULL;
    options.max_work = 10000;
    s = compile(
        NULL,
        "{\"items\": {\"anyOf\": [{\"type\": \"string\"}, {\"anyOf\": [{\"type\": \"null\"},"
        " {\"type\": \"number\"}]}]}}",
        &options);
    cJSON *long_array = cJSON_CreateArray();
    for (int i = 0; i < 5000; i++)
        cJSON_AddItemToArray(long_array, cJSON_CreateNumber(i));
    CHECK(s && sc_schema_validate(s, long_array, &errs) == SC_ERR_LIMIT);
    CHECK(strstr(e.message, "max_work") != NULL);
    cJSON_Delete(long_array);
    sc_schema_free(s);
    /* comparisons count too: two objects of many members, each member
     * looked up in the other */
    cJSON *wide = cJSON_CreateObject();
    for (int i = 0; i < 3000; i++) {
        char name[16];
        snprintf(name, sizeof name, "m%d", i);
        cJSON_AddNumberToObject(wide, name, i);
    }
    cJSON *schema = cJSON_CreateObject();
    cJSON_AddItemToObject(schema, "const", cJSON_Duplicate(wide, true));
    options.max_work = 100000;
    sc_error err;
    CHECK(sc_schema_compile_cjson(NULL, schema, &options, &s, &err) == 0);
    CHECK(sc_schema_validate(s, wide, &errs) == SC_ERR_LIMIT);
    sc_schema_free(s);
    options.max_work = 0;
    CHECK(sc_schema_compile_cjson(NULL, schema, &options, &s, &err) == 0);
    CHECK(sc_schema_validate(s, wide, &errs) == 0);
    sc_schema_free(s);
    cJSON_Delete(schema);
    /* uniqueItems over a tree nested deeper than any document: no crash */
    cJSON *deep_items = cJSON_CreateArray(), *leaf = cJSON_CreateArray();
    cJSON_AddItemToArray(deep_items, leaf);
    for (int i = 0; i < 5000; i++) {
        cJSON *next = cJSON_CreateArray();
        cJSON_AddItemToArray(leaf, next);
        leaf = next;
    }
    cJSON_AddItemToArray(deep_items, cJSON_CreateNull());
    s = compile(NULL, "{\"uniqueItems\": true}", NULL);
    CHECK(s && sc_schema_validate(s, deep_items, &errs) == SC_ERR_LIMIT);
    sc_schema_free(s);
    cJSON_Delete(deep_items);
    cJSON_Delete(wide);
}

/* Many threads on one schema: each validates the same documents and must
 * get the same verdicts and messages. */
typedef struct job {
    const sc_schema *s;
    int bad;
} job;

static void *worker(void *arg)
{
    job *j = arg;
    const char *docs[] = {"{\"a\": [1, 2, 3], \"b\": \"x\"}", "{\"a\": [1, 1], \"b\": 3}",
                          "{\"c\": {\"d\": 1}}"};
    const int want[] = {0, SC_ERR_CONSTRAINT, SC_ERR_UNKNOWN_PROPERTY};
    for (int round = 0; round < 300; round++)
        for (int i = 0; i < 3; i++) {
            sc_schema_error items[4];
            sc_schema_errors errs;
            sc_schema_errors_init(&errs, items, 4);
            if (sc_schema_validate_json(j->s, docs[i], strlen(docs[i]), &errs) != want[i])
                j->bad++;
        }
    return NULL;
}

static void test_threads(void)
{
    sc_schema *s =
        compile(NULL,
                "{\"properties\": {\"a\": {\"uniqueItems\": true}, \"b\": {\"type\": \"string\"}},"
                " \"unevaluatedProperties\": false}",
                NULL);
    if (s == NULL)
        return;
    pthread_t t[4];
    job jobs[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (job){s, 0};
        CHECK(pthread_create(&t[i], NULL, worker, &jobs[i]) == 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].bad == 0);
    }
    sc_schema_free(s);
}

int main(void)
{
    test_compile_errors();
    test_errors();
    test_json_reading();
    test_repeated_required();
    test_applicator_messages();
    test_registry();
    test_limits();
    test_threads();
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("OK\n");
    return failures ? 1 : 0;
}
