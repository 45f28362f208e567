/* Untagged unions: the variant the decoder chooses for each JSON value
 * (the enum member and the C value it fills), the order rule for values
 * two variants could read, and validate and encode on values built in C.
 * Which documents are accepted at all is the decode cases' and the ajv
 * differential's job. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "untagged.schemac.h"

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", what);
    if (!ok)
        failures++;
}

/* A query around one value of `value`, with fixed other members. */
static int decode_value(sc_arena *arena, const char *value, query *q, sc_error *err)
{
    char doc[512];
    int n = snprintf(doc, sizeof doc,
                     "{\"value\":%s,\"cells\":[],\"k\":\"red\",\"goal\":{\"x\":1,\"y\":2}}", value);
    return query_decode(arena, doc, (size_t)n, q, err);
}

static int decode_token(sc_arena *arena, const char *token_json, query *q, sc_error *err)
{
    char doc[512];
    int n =
        snprintf(doc, sizeof doc, "{\"value\":null,\"cells\":[],\"k\":%s,\"goal\":[]}", token_json);
    return query_decode(arena, doc, (size_t)n, q, err);
}

static int decode_goal(sc_arena *arena, const char *goal_json, query *q, sc_error *err)
{
    char doc[512];
    int n =
        snprintf(doc, sizeof doc, "{\"value\":null,\"cells\":[],\"k\":1,\"goal\":%s}", goal_json);
    return query_decode(arena, doc, (size_t)n, q, err);
}

static void check_encodes_as(const query *q, const char *expected, const char *what)
{
    char *text = query_encode(q);
    expect(text != NULL && strcmp(text, expected) == 0, what);
    if (text != NULL && strcmp(text, expected) != 0)
        printf("# got %s\n", text);
    sc_free_string(text);
}

/* An overlap_doc around one level value and fixed other members. */
static int decode_level(sc_arena *arena, const char *level_json, overlap_doc *d, sc_error *err)
{
    char doc[512];
    int n = snprintf(
        doc, sizeof doc,
        "{\"value\":%s,\"values\":[],\"portion\":1,\"size\":1,\"label\":\"A\",\"list\":[]}",
        level_json);
    return overlap_doc_decode(arena, doc, (size_t)n, d, err);
}

static bool same_float(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* encode -> decode -> encode of d: the same texts, and each union the same
 * variant and value (floats to the bit) */
static bool round_trips(sc_arena *arena, const overlap_doc *d, char **first)
{
    overlap_doc back;
    sc_error err;
    char *one = overlap_doc_encode(d), *two = NULL;
    bool ok = one != NULL && overlap_doc_decode(arena, one, strlen(one), &back, &err) == 0 &&
              (two = overlap_doc_encode(&back)) != NULL && strcmp(one, two) == 0;
    ok = ok && back.value.kind == d->value.kind &&
         (d->value.kind == LEVEL_NUM ? back.value.as.num == d->value.as.num
                                     : same_float(back.value.as.ratio, d->value.as.ratio));
    ok = ok && back.portion.kind == d->portion.kind &&
         (d->portion.kind == SHARE_WHOLE ? back.portion.as.whole == d->portion.as.whole
                                         : same_float(back.portion.as.part, d->portion.as.part));
    ok = ok && back.size.kind == d->size.kind &&
         (d->size.kind == MEASURE_COUNT
              ? back.size.as.count == d->size.as.count
              : memcmp(&back.size.as.ratio, &d->size.as.ratio, sizeof(double)) == 0);
    ok = ok && back.label.kind == d->label.kind && back.list.kind == d->list.kind;
    for (size_t i = 0; ok && i < d->values_count; i++)
        ok = back.values[i].kind == d->values[i].kind &&
             (d->values[i].kind == LEVEL_NUM
                  ? back.values[i].as.num == d->values[i].as.num
                  : same_float(back.values[i].as.ratio, d->values[i].as.ratio));
    if (!ok)
        printf("# encoded %s, again %s\n", one != NULL ? one : "(NULL)",
               two != NULL ? two : "(NULL)");
    if (first != NULL && one != NULL)
        *first = one;
    else
        sc_free_string(one);
    sc_free_string(two);
    return ok;
}

static void overlapping_variants(sc_arena *arena)
{
    overlap_doc d;
    sc_error err;
    char *text = NULL;

    /* issue 18's three numbers: a ratio stays a ratio */
    static const struct {
        const char *json;
        float value;
        const char *what;
    } ratios[] = {
        {"1.00000001", 1.0f, "1.00000001 is a ratio (1.0f) and round-trips as one"},
        {"16777217.5", 16777218.0f, "16777217.5 is a ratio (16777218.0f) and round-trips as one"},
        {"-5e-324", -0.0f, "-5e-324 is a ratio (-0.0f) and round-trips as one, sign included"},
        {"0.5", 0.5f, "0.5 is a ratio written as it is"},
    };
    for (size_t i = 0; i < sizeof ratios / sizeof *ratios; i++) {
        int rc = decode_level(arena, ratios[i].json, &d, &err);
        bool ok =
            rc == 0 && d.value.kind == LEVEL_RATIO && same_float(d.value.as.ratio, ratios[i].value);
        text = NULL;
        expect(ok && overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, &text),
               ratios[i].what);
        if (text != NULL)
            printf("# %s -> %s\n", ratios[i].json, text);
        sc_free_string(text);
    }
    expect(decode_level(arena, "1", &d, &err) == 0 && d.value.kind == LEVEL_NUM &&
               d.value.as.num == 1 && round_trips(arena, &d, NULL),
           "1 is a num and round-trips as one");
    expect(decode_level(arena, "1.0", &d, &err) == 0 && d.value.kind == LEVEL_NUM, "1.0 is a num");
    text = NULL;
    decode_level(arena, "1", &d, &err);
    d.value.kind = LEVEL_RATIO;
    d.value.as.ratio = 3.0f;
    expect(
        overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, &text) && text != NULL &&
            strstr(text, "\"value\":3,") == NULL,
        "a ratio of 3.0f built in C is written as a number that is no num, and reads back as the ratio");
    sc_free_string(text);
    d.value.as.ratio = 1e30f;
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL),
           "so is an integral float beyond the num's range");
    float neighbours[] = {0.1f,    -0.1f,         4294967296.0f, 4294967040.0f, 1e-45f,
                          -1e-45f, 3.4028235e38f, -0.0f,         0.0f};
    bool all = true;
    for (size_t i = 0; i < sizeof neighbours / sizeof *neighbours; i++) {
        d.value.as.ratio = neighbours[i];
        all = all && overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL);
    }
    expect(all, "ratios at the edges (tiny, zero of both signs, FLT_MAX, around 2^32) round-trip");
    d.values_count = 2;
    level pair[2] = {{.kind = LEVEL_RATIO, .as.ratio = 7.0f}, {.kind = LEVEL_NUM, .as.num = 7}};
    d.values = pair;
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL), "in an array too");
    d.values_count = 0;

    /* every float a form: random bit patterns (a fixed sequence), each
     * validated and round-tripped as a ratio, and as a part (@minimum 0)
     * where its own bound allows it */
    {
        uint32_t state = 12345u, refused = 0, failed = 0;
        sc_arena scratch; /* the round trips' values, reset each time (d's strings stay in arena) */
        sc_arena_init(&scratch, NULL);
        d.values_count = 0;
        for (int i = 0; i < 100000; i++) {
            state = state * 1664525u + 1013904223u;
            uint32_t bits =
                (i & 1) ? state : (state & 0x4FFFFFFFu); /* half of them near 1 and below */
            float f;
            memcpy(&f, &bits, sizeof f);
            if (!(f == f) || f - f != 0) /* NaN, infinities */
                continue;
            d.value.kind = LEVEL_RATIO;
            d.value.as.ratio = f;
            d.portion.kind = SHARE_PART;
            d.portion.as.part = f >= 0 && !(f == 0 && signbit(f)) ? f : 1.0f;
            if (overlap_doc_validate(&d, &err) != 0) {
                refused++;
                if (refused < 4)
                    printf("# refused %a: %s: %s\n", (double)f, err.path, err.message);
            } else if (!round_trips(&scratch, &d, NULL)) {
                failed++;
            }
            sc_arena_reset(&scratch);
        }
        sc_arena_release(&scratch);
        expect(refused == 0 && failed == 0,
               "100,000 random floats: each has a form, and it round-trips");
    }

    /* -0.0f with @minimum 0: every number that rounds to it is a whole or below 0 */
    decode_level(arena, "1", &d, &err);
    d.portion.kind = SHARE_PART;
    d.portion.as.part = -0.0f;
    expect(overlap_doc_validate(&d, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.path, "/portion") == 0 && strstr(err.message, "reads back") != NULL,
           "a float with no form is refused by validate");
    char *enc = overlap_doc_encode_ex(&d, &err);
    expect(enc == NULL && err.code == SC_ERR_CONSTRAINT && strcmp(err.path, "/portion") == 0,
           "and by encode, which says why");
    d.portion.as.part = 2.0f;
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL),
           "2.0f has a form: 2.0000000000000004");

    /* int64 count before double ratio: an integral double is a count */
    decode_level(arena, "1", &d, &err);
    d.size.kind = MEASURE_RATIO;
    d.size.as.ratio = 2.0;
    expect(overlap_doc_validate(&d, &err) == SC_ERR_CONSTRAINT && strcmp(err.path, "/size") == 0 &&
               strstr(err.message, "'count'") != NULL,
           "a ratio of 2.0 is refused: it would decode as the count 2");
    printf("# %s: %s\n", err.path, err.message);
    d.size.as.ratio = 2.5;
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL),
           "a ratio of 2.5 round-trips");
    d.size.as.ratio = 1e300;
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL),
           "an integral ratio beyond 2^53 round-trips: no count holds it");

    /* a pattern before a plain string */
    decode_level(arena, "1", &d, &err);
    expect(d.label.kind == WORD_CODE, "\"A\" is a code");
    d.label.kind = WORD_TEXT;
    strcpy(d.label.as.text, "ABC");
    expect(overlap_doc_validate(&d, &err) == SC_ERR_CONSTRAINT &&
               strstr(err.message, "'code'") != NULL,
           "a text that is a code is refused");
    strcpy(d.label.as.text, "abc");
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL),
           "a text that is no code round-trips");

    /* two arrays: [] is ints */
    decode_level(arena, "1", &d, &err);
    expect(d.list.kind == SERIES_INTS && d.list.ints_count == 0, "[] is ints");
    char *names[] = {"a"};
    d.list.kind = SERIES_NAMES;
    d.list.names_count = 0;
    d.list.as.names = names;
    expect(overlap_doc_validate(&d, &err) == SC_ERR_CONSTRAINT &&
               strstr(err.message, "'ints'") != NULL,
           "no names is refused: [] reads back as ints");
    d.list.names_count = 1;
    expect(overlap_doc_validate(&d, &err) == 0 && round_trips(arena, &d, NULL), "names round-trip");
}

int main(void)
{
    sc_arena arena;
    sc_error err;
    query q;
    sc_arena_init(&arena, NULL);

    /* the JSON type chooses */
    expect(decode_value(&arena, "null", &q, &err) == 0 && q.value.kind == SCALAR_NONE,
           "null is the null variant");
    expect(decode_value(&arena, "true", &q, &err) == 0 && q.value.kind == SCALAR_FLAG &&
               q.value.as.flag,
           "true is the boolean variant");
    expect(decode_value(&arena, "false", &q, &err) == 0 && q.value.kind == SCALAR_FLAG &&
               !q.value.as.flag,
           "false is the boolean variant");
    expect(decode_value(&arena, "\"hi\"", &q, &err) == 0 && q.value.kind == SCALAR_TEXT &&
               strcmp(q.value.as.text, "hi") == 0,
           "a string is the string variant");

    /* integer before number: an integer the integer variant accepts is an
     * integer; any other number is a number */
    expect(decode_value(&arena, "7", &q, &err) == 0 && q.value.kind == SCALAR_INTEGER &&
               q.value.as.integer == 7,
           "7 is the integer variant");
    expect(decode_value(&arena, "7.0", &q, &err) == 0 && q.value.kind == SCALAR_INTEGER &&
               q.value.as.integer == 7,
           "7.0 is an integer too, as JSON Schema says");
    expect(decode_value(&arena, "-1e3", &q, &err) == 0 && q.value.kind == SCALAR_INTEGER &&
               q.value.as.integer == -1000,
           "-1e3 is the integer variant at its minimum");
    expect(decode_value(&arena, "7.5", &q, &err) == 0 && q.value.kind == SCALAR_NUMBER &&
               q.value.as.number == 7.5,
           "7.5 is the number variant");
    expect(decode_value(&arena, "1001", &q, &err) == 0 && q.value.kind == SCALAR_NUMBER &&
               q.value.as.number == 1001.0,
           "1001, above the integer variant's maximum, is the number variant");
    expect(decode_value(&arena, "5000000000", &q, &err) == 0 && q.value.kind == SCALAR_NUMBER,
           "an integer outside int32_t is the number variant");
    expect(decode_value(&arena, "-1e6", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.path, "/value") == 0 && strcmp(err.keyword, "exclusiveMinimum") == 0,
           "a number no variant accepts fails with the last variant's error, at the value");
    expect(decode_value(&arena, "\"abcdefghijklmnopq\"", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.keyword, "maxLength") == 0,
           "the string variant's @maxLength holds");
    expect(decode_value(&arena, "[1]", &q, &err) == SC_ERR_TYPE &&
               strcmp(err.path, "/value") == 0 &&
               strstr(err.message, "null, a boolean, an integer, a number or a string") != NULL,
           "an array, which no variant reads, is a type error naming the types");
    expect(decode_value(&arena, "[1,", &q, &err) == SC_ERR_SYNTAX,
           "broken JSON is a syntax error, not a type error");

    /* strings: the enum variant comes first, then the char buffer */
    expect(decode_token(&arena, "\"green\"", &q, &err) == 0 && q.k.kind == TOKEN_WORD &&
               q.k.word == HUE_GREEN,
           "a color name is the enum variant");
    expect(decode_token(&arena, "\"GREEN\"", &q, &err) == 0 && q.k.kind == TOKEN_CODE &&
               strcmp(q.k.code, "GREEN") == 0,
           "another string is the char[N] variant");
    expect(decode_token(&arena, "\"green2\"", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.keyword, "pattern") == 0,
           "a string neither accepts fails with the last string variant's error");
    expect(decode_token(&arena, "\"ABCDEFGH\"", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.keyword, "maxLength") == 0,
           "the char[8] variant holds 7 bytes");
    expect(decode_token(&arena, "255", &q, &err) == 0 && q.k.kind == TOKEN_SMALL &&
               q.k.small == 255,
           "a uint8_t variant reads 255");
    expect(decode_token(&arena, "256", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.keyword, "maximum") == 0,
           "and rejects 256");

    /* objects: the member that only one object variant requires selects it */
    expect(decode_goal(&arena, "{\"y\":2,\"x\":1}", &q, &err) == 0 && q.goal.kind == TARGET_POINT &&
               q.goal.as.point.x == 1 && q.goal.as.point.y == 2,
           "an object with x is the point");
    expect(decode_goal(&arena, "{\"zoom\":3,\"name\":\"Oslo\"}", &q, &err) == 0 &&
               q.goal.kind == TARGET_PLACE && strcmp(q.goal.as.place.name, "Oslo") == 0 &&
               q.goal.as.place.has_zoom && q.goal.as.place.zoom == 3,
           "an object with name is the place");
    expect(decode_goal(&arena, "{\"x\":1,\"name\":\"Oslo\"}", &q, &err) == SC_ERR_CONSTRAINT ||
               err.code == SC_ERR_UNKNOWN_PROPERTY,
           "an object with both selecting members matches neither");
    expect(decode_goal(&arena, "{\"zoom\":3}", &q, &err) == SC_ERR_REQUIRED &&
               strcmp(err.path, "/goal") == 0 && strstr(err.message, "\"x\", \"name\"") != NULL,
           "an object with no selecting member says which members select");
    expect(decode_goal(&arena, "{\"x\":1}", &q, &err) == SC_ERR_REQUIRED &&
               strcmp(err.path, "/goal") == 0,
           "the selected variant's own errors stand");

    /* arrays: the path (at least 2 points) first, then labels */
    expect(decode_goal(&arena, "[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]", &q, &err) == 0 &&
               q.goal.kind == TARGET_PATH && q.goal.path_count == 2 && q.goal.as.path[1].y == 4,
           "an array of points is the path");
    expect(decode_goal(&arena, "[]", &q, &err) == 0 && q.goal.kind == TARGET_LABELS &&
               q.goal.labels_count == 0,
           "an empty array, too short for a path, is the labels");
    expect(decode_goal(&arena, "[\"a\",\"b\"]", &q, &err) == 0 && q.goal.kind == TARGET_LABELS &&
               q.goal.labels_count == 2 && strcmp(q.goal.as.labels[1], "b") == 0,
           "an array of strings is the labels");
    expect(decode_goal(&arena, "[\"a\",\"a\"]", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.keyword, "uniqueItems") == 0,
           "the labels' @uniqueItems holds");
    expect(decode_goal(&arena, "[\"a\",\"b\",\"c\",\"d\"]", &q, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.keyword, "maxItems") == 0,
           "the labels' @maxItems holds");

    /* a number variant before an integer one: the number takes what it
     * accepts, the integer the rest */
    {
        const char *docs[] = {"0.5", "1", "1.0", "10", "995", "7", "1000", "null"};
        const int kinds[] = {AMOUNT_RATIO, AMOUNT_RATIO, AMOUNT_RATIO, AMOUNT_COUNT,
                             AMOUNT_COUNT, -1,           -1,           AMOUNT_UNKNOWN};
        for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
            char doc[256], what[128];
            int n =
                snprintf(doc, sizeof doc,
                         "{\"value\":1,\"cells\":[],\"k\":1,\"goal\":[],\"share\":%s}", docs[i]);
            int rc = query_decode(&arena, doc, (size_t)n, &q, &err);
            snprintf(what, sizeof what, "share %s is %s", docs[i],
                     kinds[i] == AMOUNT_RATIO     ? "the ratio"
                     : kinds[i] == AMOUNT_COUNT   ? "the count"
                     : kinds[i] == AMOUNT_UNKNOWN ? "null"
                                                  : "rejected");
            expect(kinds[i] < 0 ? rc != 0
                                : rc == 0 && q.share != NULL && (int)q.share->kind == kinds[i],
                   what);
        }
        expect(decode_value(&arena, "1", &q, &err) == 0 && q.share == NULL,
               "an absent optional union is NULL");
    }

    /* encode: each variant as its JSON value */
    {
        xy_point path[2] = {{1, 2}, {3, 4.5}};
        scalar cells[3] = {{.kind = SCALAR_NUMBER, .as.number = 0.25},
                           {.kind = SCALAR_TEXT, .as.text = "x"},
                           {.kind = SCALAR_FLAG, .as.flag = true}};
        target where = {.kind = TARGET_PLACE,
                        .as.place = {.name = "here", .zoom = 0, .has_zoom = false}};
        query built = {.value = {.kind = SCALAR_INTEGER, .as.integer = -3},
                       .cells = cells,
                       .cells_count = 3,
                       .k = {.kind = TOKEN_CODE, .code = "AB"},
                       .where = &where,
                       .goal = {.kind = TARGET_PATH, .as.path = path, .path_count = 2}};
        expect(query_validate(&built, &err) == 0, "a query built in C validates");
        check_encodes_as(
            &built,
            "{\"value\":-3,\"cells\":[0.25,\"x\",true],\"k\":\"AB\",\"where\":{\"name\":\"here\"},"
            "\"goal\":[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4.5}]}",
            "each variant encodes as its value");
        built.value.kind = SCALAR_NONE;
        built.k.kind = TOKEN_WORD;
        built.k.word = HUE_RED;
        built.where = NULL;
        built.goal.kind = TARGET_LABELS;
        built.goal.as.labels = NULL;
        built.goal.labels_count = 0;
        check_encodes_as(&built,
                         "{\"value\":null,\"cells\":[0.25,\"x\",true],\"k\":\"red\",\"goal\":[]}",
                         "null, an enum and an empty array encode");

        built.value.kind = SCALAR_TEXT;
        built.value.as.text = NULL;
        expect(query_validate(&built, &err) == SC_ERR_TYPE && strcmp(err.path, "/value") == 0,
               "validate rejects a string variant holding NULL");
        expect(query_encode(&built) == NULL, "and encode refuses it");
        built.value.kind = (scalar_kind)42;
        expect(query_validate(&built, &err) == SC_ERR_CONSTRAINT && strcmp(err.path, "/value") == 0,
               "validate rejects a kind outside the enum");
        built.value.kind = SCALAR_INTEGER;
        built.value.as.integer = 1001;
        expect(
            query_validate(&built, &err) == SC_ERR_CONSTRAINT &&
                strcmp(err.keyword, "maximum") == 0,
            "validate checks the variant the kind names, not another that would accept the value");
        built.value.as.integer = 1;
        built.goal.kind = TARGET_PATH;
        built.goal.path_count = 1;
        built.goal.as.path = path;
        expect(query_validate(&built, &err) == SC_ERR_CONSTRAINT &&
                   strcmp(err.path, "/goal") == 0 && strcmp(err.keyword, "minItems") == 0,
               "validate checks an array variant's bounds");
        built.goal.kind = TARGET_POINT;
        built.goal.as.point.x = 1.0 / 0.0;
        expect(query_validate(&built, &err) == SC_ERR_NUMBER && strcmp(err.path, "/goal/x") == 0,
               "validate checks inside an object variant");
    }

    /* a recursive untagged union: nesting up to the reader's limit, and
     * cycles built in C refused */
    {
        value_doc d;
        const char *nested = "{\"data\":[1,[\"a\",[true,null]],[]]}";
        expect(value_doc_decode(&arena, nested, strlen(nested), &d, &err) == 0 &&
                   d.data.kind == JSON_VALUE_LIST && d.data.list_count == 3 &&
                   d.data.as.list[1].as.list[1].as.list[0].kind == JSON_VALUE_FLAG,
               "nested lists decode");
        char *text = value_doc_encode(&d);
        expect(text != NULL && strcmp(text, nested) == 0, "and encode back to the same text");
        sc_free_string(text);
        char deep[400];
        size_t n = 0;
        n += (size_t)snprintf(deep + n, sizeof deep - n, "{\"data\":");
        for (int i = 0; i < 100; i++)
            deep[n++] = '[';
        deep[n] = '\0';
        expect(value_doc_decode(&arena, deep, n, &d, &err) == SC_ERR_DEPTH,
               "a deep list hits the depth limit");
        /* 63 lists in the root object, a number in the last: 64 levels,
         * as deep as a decode goes; validate and encode count the levels
         * the same way (the union of the number is no level) */
        n = (size_t)snprintf(deep, sizeof deep, "{\"data\":");
        for (int i = 0; i < 63; i++)
            deep[n++] = '[';
        deep[n++] = '1';
        for (int i = 0; i < 63; i++)
            deep[n++] = ']';
        deep[n++] = '}';
        deep[n] = '\0';
        expect(value_doc_decode(&arena, deep, n, &d, &err) == 0, "64 levels decode");
        expect(value_doc_validate(&d, &err) == 0, "and validate");
        text = value_doc_encode(&d);
        expect(text != NULL && strcmp(text, deep) == 0, "and encode back to the same text");
        sc_free_string(text);
        const char *wide = "{\"data\":[1,2,3,4]}";
        expect(value_doc_decode(&arena, wide, strlen(wide), &d, &err) == SC_ERR_CONSTRAINT &&
                   strcmp(err.keyword, "maxItems") == 0,
               "the list variant's @maxItems holds");
        json_value loop = {.kind = JSON_VALUE_LIST, .list_count = 1};
        loop.as.list = &loop;
        value_doc cyclic = {loop};
        cyclic.data.as.list = &cyclic.data;
        expect(value_doc_validate(&cyclic, &err) == SC_ERR_DEPTH, "validate refuses a cycle");
        expect(value_doc_encode(&cyclic) == NULL, "encode refuses a cycle");
    }

    overlapping_variants(&arena);

    sc_arena_release(&arena);
    printf("%d failed\n", failures);
    return failures == 0 ? 0 : 1;
}
