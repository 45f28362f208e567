/* Count members: the decoder stores only counts their C type holds, and
 * validate and encode refuse counts and pointers that would make encode
 * read past the items (tests/decode/counts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counts.schemac.h"

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

/* {"small": [0, ... small-1], "wide": [0, ... wide-1]} */
static char *document(size_t small, size_t wide, const char *extra)
{
    size_t cap = 64 + 4 * (small + wide) + strlen(extra);
    char *s = malloc(cap), *p = s;
    p += sprintf(p, "{%s\"small\":[", extra);
    for (size_t i = 0; i < small; i++)
        p += sprintf(p, "%s0", i ? "," : "");
    p += sprintf(p, "],\"wide\":[");
    for (size_t i = 0; i < wide; i++)
        p += sprintf(p, "%s1", i ? "," : "");
    sprintf(p, "]}");
    return s;
}

static int decode(size_t small, size_t wide, const char *extra, counted *out, sc_error *err,
                  sc_arena *arena)
{
    char *json = document(small, wide, extra);
    int rc = counted_decode(arena, json, strlen(json), out, err);
    free(json);
    return rc;
}

int main(void)
{
    sc_arena arena;
    sc_error err;
    counted v;
    sc_arena_init(&arena, NULL);

    expect(decode(127, 255, "", &v, &err, &arena) == 0 && v.n == 127 && v.wide_count == 255,
           "as many items as the count types hold decode");
    expect(decode(128, 0, "", &v, &err, &arena) == SC_ERR_CONSTRAINT &&
               strcmp(err.path, "/small") == 0 && strcmp(err.keyword, "maxItems") == 0,
           "128 items do not fit an int8_t count: maxItems");
    expect(decode(0, 256, "", &v, &err, &arena) == SC_ERR_CONSTRAINT &&
               strcmp(err.path, "/wide") == 0 && strcmp(err.keyword, "maxItems") == 0,
           "256 items do not fit a uint8_t count, though the array has 300 slots");
    expect(decode(0, 0, "\"scratch_count\":1,", &v, &err, &arena) == SC_ERR_UNKNOWN_PROPERTY,
           "the count of an @ignore member is ignored with it, not a property");
    expect(strstr(counted_schema_json, "scratch") == NULL, "the schema names no ignored member");
    expect(strstr(counted_schema_json, "\"maxItems\":127") != NULL &&
               strstr(counted_schema_json, "\"maxItems\":255") != NULL,
           "the schema states the bounds of the count types");

    /* values built in C */
    int32_t items[3] = {1, 2, 3};
    memset(&v, 0, sizeof v);
    v.small = items;
    v.n = 3;
    char *text = counted_encode(&v);
    expect(text != NULL && strcmp(text, "{\"small\":[1,2,3],\"wide\":[]}") == 0,
           "a valid value encodes");
    sc_free_string(text);

    v.n = -128;
    expect(counted_validate(&v, &err) == SC_ERR_TYPE && strcmp(err.path, "/small") == 0,
           "validate rejects a negative count");
    expect(counted_encode(&v) == NULL,
           "encode refuses a negative count instead of reading past the items");

    v.small = NULL;
    v.n = 5;
    expect(counted_validate(&v, &err) == SC_ERR_TYPE,
           "validate rejects items == NULL with count 5");
    expect(counted_encode(&v) == NULL && counted_to_cjson(&v) == NULL,
           "encode refuses items == NULL with count 5 instead of crashing");

    sc_arena_release(&arena);
    if (failures == 0)
        printf("ok: count members\n");
    return failures != 0;
}
