/* SC_CALL_NULL_IS_ABSENT (OpenAI strict mode sends null for an absent
 * optional member): libschemac deletes those nulls through the arguments'
 * descriptor before decoding, wherever nulls.h's tool can hold one. */
#include <stdio.h>
#include <string.h>

#include "nulls.schemac.h"

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", what);
    if (!ok)
        failures++;
}

/* keeps the decoded arguments (their values live in the arena) */
static int take(sc_arena *arena, const nulls_args *in, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    (void)err;
    *(nulls_args *)ctx = *in;
    *out = cJSON_CreateObject();
    return 0;
}

static sc_arena arena;
static nulls_args got;
static sc_error err;

static int call(const char *json, unsigned flags)
{
    sc_tool_binding tool = nulls_args_bind(take, &got);
    cJSON *result = NULL;
    memset(&got, 0, sizeof got);
    int rc = sc_tool_call(&arena, &tool, 1, "nulls", json, strlen(json), flags, &result, &err);
    cJSON_Delete(result);
    return rc;
}

/* the arguments around a sort and a figure */
static char *args(char *buf, size_t size, const char *figure, const char *sort)
{
    snprintf(buf, size,
             "{\"count\":1,\"note\":null,\"maybe\":null,"
             "\"where\":{\"city\":null,\"inner\":{\"id\":2,\"note\":null}},"
             "\"items\":[{\"id\":3,\"note\":null},{\"id\":4,\"note\":\"n\"}],"
             "\"by_name\":{\"a\":{\"id\":5,\"note\":null}},"
             "\"figure\":%s,\"sort\":%s,\"lim\":{\"low\":1,\"high\":null}}",
             figure, sort);
    return buf;
}

int main(void)
{
    char buf[1024];
    sc_arena_init(&arena, NULL);
    const char *circle = "{\"kind\":\"circle\",\"radius\":1,\"label\":null,\"color\":null}";

    const char *all = args(buf, sizeof buf, circle, "{\"column\":\"c\",\"descending\":null}");
    expect(call(all, 0) == SC_ERR_TYPE && err.all != NULL && err.all->count == 9,
           "without the flag each null of an optional member is a type error (9)");
    expect(call(all, SC_CALL_NULL_IS_ABSENT) == 0,
           "with SC_CALL_NULL_IS_ABSENT the same call decodes");
    expect(
        got.count == 1 && got.note == NULL && got.maybe == NULL,
        "a top-level optional null reads as absent; a @nullable member keeps its null (it is required)");
    expect(got.where.city == NULL && got.where.inner.id == 2 && got.where.inner.note == NULL,
           "nested structs: their optional nulls are dropped, two levels down");
    expect(got.items_count == 2 && got.items[0].id == 3 && got.items[0].note == NULL &&
               strcmp(got.items[1].note, "n") == 0,
           "an array of structs: each item's nulls are dropped");
    expect(got.by_name_count == 1 && strcmp(got.by_name[0].key, "a") == 0 &&
               got.by_name[0].value.id == 5 && got.by_name[0].value.note == NULL,
           "a map of structs: each value's nulls are dropped");
    expect(got.figure.kind == SHAPE_CIRCLE && got.figure.as.circle.radius == 1 &&
               got.figure.as.circle.label == NULL && got.figure.color == NULL,
           "a tagged union: the variant's and the common members' nulls are dropped");
    expect(got.sort.kind == SORT_KEY && strcmp(got.sort.as.key.column, "c") == 0 &&
               got.sort.as.key.descending == NULL,
           "an untagged union: the object variant its select member names");
    expect(got.lim.kind == LIMIT_RANGE && got.lim.as.range.low == 1 &&
               got.lim.as.range.high == NULL,
           "an untagged union: its only object variant, without a select member");

    expect(call(args(buf, sizeof buf, circle, "{\"raw\":\"r\",\"comment\":null}"),
                SC_CALL_NULL_IS_ABSENT) == 0 &&
               got.sort.kind == SORT_RAW && got.sort.as.raw.comment == NULL,
           "an untagged union: another select member, another variant");
    expect(call(args(buf, sizeof buf, circle,
                     "[{\"column\":\"a\",\"descending\":null},{\"column\":\"b\"}]"),
                SC_CALL_NULL_IS_ABSENT) == 0 &&
               got.sort.kind == SORT_KEYS && got.sort.keys_count == 2 &&
               got.sort.as.keys[0].descending == NULL,
           "an untagged union: its array of objects variant, item by item");
    expect(
        call(args(buf, sizeof buf,
                  "{\"kind\":\"square\",\"side\":2,\"corner\":null,\"label\":null}", "\"c\""),
             SC_CALL_NULL_IS_ABSENT) == 0 &&
            got.figure.kind == SHAPE_SQUARE && got.figure.as.square.corner == NULL,
        "a tagged union: the nulls of every variant's members are dropped, as the generated code did");
    expect(
        call(args(buf, sizeof buf,
                  "{\"kind\":\"square\",\"side\":2,\"origin\":{\"id\":4,\"note\":null}}", "\"c\""),
             SC_CALL_NULL_IS_ABSENT) == 0 &&
            got.figure.as.square.origin != NULL && got.figure.as.square.origin->id == 4 &&
            got.figure.as.square.origin->note == NULL,
        "a tagged union: the variant its tag names is walked down");

    expect(call(args(buf, sizeof buf, circle, "{\"column\":null}"), SC_CALL_NULL_IS_ABSENT) ==
                   SC_ERR_TYPE &&
               strcmp(err.path, "/sort/column") == 0,
           "a null for a required member of a variant stays an error");
    expect(
        call(
            "{\"count\":1,\"maybe\":\"m\",\"where\":{\"inner\":{\"id\":null}},\"items\":[],\"by_name\":{},"
            "\"figure\":{\"kind\":\"circle\",\"radius\":1},\"sort\":\"c\",\"lim\":1}",
            SC_CALL_NULL_IS_ABSENT) == SC_ERR_TYPE &&
            strcmp(err.path, "/where/inner/id") == 0,
        "a null for a nested required member stays an error");

    /* the caller's tree is const: the nulls go from a copy */
    cJSON *tree = cJSON_Parse(args(buf, sizeof buf, circle, "\"c\""));
    sc_tool_binding tool = nulls_args_bind(take, &got);
    cJSON *result = NULL;
    expect(sc_tool_call_cjson(&arena, &tool, 1, "nulls", tree, SC_CALL_NULL_IS_ABSENT, &result,
                              &err) == 0 &&
               cJSON_IsNull(cJSON_GetObjectItem(tree, "note")) &&
               cJSON_IsNull(cJSON_GetObjectItem(
                   cJSON_GetArrayItem(cJSON_GetObjectItem(tree, "items"), 0), "note")),
           "the caller's arguments keep their nulls");
    cJSON_Delete(result);
    cJSON_Delete(tree);

    sc_arena_release(&arena);
    printf("%s\n", failures ? "FAILED" : "every check passed");
    return failures ? 1 : 0;
}
