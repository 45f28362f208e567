/* Table-driven decode tests: every case in a JSON case file is decoded
 * with the generated decoder of its type and must succeed or fail exactly
 * as the case says (code, JSON Pointer, keyword, optionally a part of the
 * message and the offset). A document that decodes must also pass
 * T_validate, and decode -> encode -> decode must give the same text.
 * Every case is decoded again in all-errors mode (T_decode_all): its first
 * error must be the first-error decode's, exactly; a case with "errors"
 * lists every error the pass must report, in order ("max": the bound, 32
 * by default). Every case is also decoded followed by 32 spaces, in a
 * buffer of exactly that size: the reader reads the usual framing of
 * members and elements and short numbers inline only with room after
 * them, and must give the same result either way. Run: test_decode
 * CASES.json */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

#include "calculator.schemac.h"
#include "any.schemac.h"
#include "comment_text.schemac.h"
#include "const_members.schemac.h"
#include "kitchen.schemac.h"
#include "long_texts.schemac.h"
#include "maps.schemac.h"
#include "nullable.schemac.h"
#include "shapes_union.schemac.h"
#include "syntax_first.schemac.h"
#include "untagged.schemac.h"
#include "url_tool.schemac.h"

CODEC(kitchen)
CODEC(tolerant)
CODEC(parse_url_input)
CODEC(calculator_input)
CODEC(profile)
CODEC(event)
CODEC(options_doc)
CODEC(shape)
CODEC(payment)
CODEC(request_doc)
CODEC(query)
CODEC(commented_doc)
CODEC(paint)
CODEC(const_doc)
CODEC(const_matrix)
CODEC(const_tagged)
CODEC(const_untagged)
CODEC(service_doc)

static const codec codecs[] = {
    CODEC_ENTRY(kitchen),         CODEC_ENTRY(tolerant),
    CODEC_ENTRY(parse_url_input), CODEC_ENTRY(calculator_input),
    CODEC_ENTRY(profile),         CODEC_ENTRY(event),
    CODEC_ENTRY(options_doc),     CODEC_ENTRY(shape),
    CODEC_ENTRY(payment),         CODEC_ENTRY(request_doc),
    CODEC_ENTRY(query),           CODEC_ENTRY(commented_doc),
    CODEC_ENTRY(paint),           CODEC_ENTRY(const_doc),
    CODEC_ENTRY(const_matrix),    CODEC_ENTRY(const_tagged),
    CODEC_ENTRY(const_untagged),  CODEC_ENTRY(service_doc),
};

static const char *code_name(int code)
{
    static const char *const names[] = {
#define NAME_(name, text) #name,
        SC_ERROR_CODES(NAME_)
#undef NAME_
    };
    return code >= 0 && code < SC_ERR_COUNT_ ? names[code] : "?";
}

static const codec *find_codec(const char *type)
{
    for (size_t i = 0; i < sizeof codecs / sizeof *codecs; i++)
        if (strcmp(codecs[i].type, type) == 0)
            return &codecs[i];
    return NULL;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text != NULL && fread(text, 1, (size_t)size, f) == (size_t)size)
        text[size] = '\0';
    fclose(f);
    return text;
}

static const char *str_or(const cJSON *o, const char *key, const char *fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : fallback;
}

/* Whether err is what expect (code, path, keyword, message part, offset;
 * each optional but the code) says. */
static int matches(const sc_error *err, const cJSON *expect)
{
    const char *code = str_or(expect, "code", "");
    const char *path = str_or(expect, "path", NULL);
    const char *keyword = str_or(expect, "keyword", NULL);
    const char *message = str_or(expect, "message", NULL); /* a part of the message */
    const cJSON *offset = cJSON_GetObjectItemCaseSensitive(expect, "offset");
    return strcmp(code_name(err->code), code) == 0 &&
           (path == NULL || strcmp(path, err->path) == 0) &&
           (keyword == NULL || (err->keyword != NULL && strcmp(keyword, err->keyword) == 0)) &&
           (message == NULL || strstr(err->message, message) != NULL) &&
           (!cJSON_IsNumber(offset) || (double)err->offset == offset->valuedouble);
}

static void print_error(const char *label, const sc_error *err)
{
    printf("  %s: %s at '%s' keyword %s offset %zu (%s)\n", label, code_name(err->code), err->path,
           err->keyword ? err->keyword : "-", err->offset, err->message);
}

static int same_error(const sc_error *a, const sc_error *b)
{
    return a->code == b->code && strcmp(a->path, b->path) == 0 &&
           strcmp(a->message, b->message) == 0 && a->offset == b->offset &&
           ((a->keyword == NULL && b->keyword == NULL) ||
            (a->keyword != NULL && b->keyword != NULL && strcmp(a->keyword, b->keyword) == 0));
}

/* All-errors mode on the case: agrees with the first-error decode (rc,
 * err) and, when the case lists them, reports exactly its "errors". */
static int run_all_errors(const cJSON *c, const codec *k, const char *json, int rc,
                          const sc_error *err, sc_arena *arena)
{
    const char *name = str_or(c, "name", "?");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(c, "errors");
    const cJSON *max = cJSON_GetObjectItemCaseSensitive(c, "max");
    sc_error items[32];
    sc_errors errs;
    size_t bound = cJSON_IsNumber(max) ? (size_t)max->valuedouble : 32;
    void *out = calloc(1, k->size);
    int ok = 1;
    sc_errors_init(&errs, items, bound);
    int all_rc = k->decode_all(arena, json, strlen(json), out, &errs);
    if (all_rc != rc || (rc == 0) != (errs.count == 0) ||
        (rc != 0 && !same_error(&items[0], err))) {
        printf("FAIL %s: all-errors mode returned %s with %zu errors; first-error mode %s\n", name,
               code_name(all_rc), errs.count, code_name(rc));
        if (errs.count > 0)
            print_error("all-errors first", &items[0]);
        if (rc != 0)
            print_error("first-error", err);
        ok = 0;
    }
    if (cJSON_IsArray(list)) {
        size_t want = (size_t)cJSON_GetArraySize(list);
        const cJSON *truncated = cJSON_GetObjectItemCaseSensitive(c, "truncated");
        int same = errs.count == want && errs.truncated == cJSON_IsTrue(truncated);
        for (size_t i = 0; same && i < want; i++)
            same = matches(&items[i], cJSON_GetArrayItem(list, (int)i));
        if (!same) {
            printf("FAIL %s: all-errors mode reported %zu errors%s, expected %zu:\n", name,
                   errs.count, errs.truncated ? " (truncated)" : "", want);
            for (size_t i = 0; i < errs.count; i++)
                print_error("got", &items[i]);
            ok = 0;
        }
    }
    free(out);
    return ok;
}

/* The case followed by 32 spaces: the same result as without them (rc,
 * err), except for where an error at the very end of the text lies. */
static int run_with_room(const cJSON *c, const codec *k, const char *json, int rc,
                         const sc_error *err, sc_arena *arena)
{
    size_t len = strlen(json);
    char *padded = malloc(len + 32);
    void *out = calloc(1, k->size);
    sc_error padded_err;
    int ok = 1;
    memcpy(padded, json, len);
    memset(padded + len, ' ', 32);
    int padded_rc = k->decode(arena, padded, len + 32, out, &padded_err);
    if (padded_rc != rc || (rc != 0 && (err->offset < len ? !same_error(&padded_err, err)
                                                          : padded_err.code != err->code))) {
        printf("FAIL %s: with 32 spaces after it: %s, without: %s\n", str_or(c, "name", "?"),
               code_name(padded_rc), code_name(rc));
        if (padded_rc != 0)
            print_error("with spaces", &padded_err);
        if (rc != 0)
            print_error("without", err);
        ok = 0;
    }
    free(out);
    free(padded);
    return ok;
}

/* One case; returns 1 when it passes. */
static int run_case(const cJSON *c, sc_arena *arena)
{
    const char *name = str_or(c, "name", "?");
    const codec *k = find_codec(str_or(c, "type", "?"));
    const char *json = str_or(c, "json", NULL);
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(c, "error");
    if (k == NULL || json == NULL) {
        printf("FAIL %s: case needs a known type and a json text\n", name);
        return 0;
    }
    void *out = calloc(1, k->size), *again = calloc(1, k->size);
    sc_error err;
    int ok = 1;
    int rc = k->decode(arena, json, strlen(json), out, &err);
    if (!run_all_errors(c, k, json, rc, &err, arena))
        ok = 0;
    if (!run_with_room(c, k, json, rc, &err, arena))
        ok = 0;
    if (cJSON_IsObject(expect)) {
        if (rc == 0) {
            printf("FAIL %s: decoded, expected %s\n", name, str_or(expect, "code", ""));
            ok = 0;
        } else if (rc != err.code || !matches(&err, expect)) {
            printf("FAIL %s: expected %s at '%s' keyword %s (%s)\n", name,
                   str_or(expect, "code", ""), str_or(expect, "path", "*"),
                   str_or(expect, "keyword", "*"), str_or(expect, "message", "*"));
            print_error("got", &err);
            ok = 0;
        }
    } else if (rc != 0) {
        printf("FAIL %s: %s at '%s': %s\n", name, code_name(rc), err.path, err.message);
        ok = 0;
    } else {
        /* a decoded value is valid, and survives encode -> decode */
        sc_error items[4];
        sc_errors errs;
        sc_errors_init(&errs, items, 4);
        if (k->validate(out, &err) != 0 || k->validate_all(out, &errs) != 0 || errs.count != 0) {
            printf("FAIL %s: decoded value fails validate: %s: %s\n", name, err.path, err.message);
            ok = 0;
        }
        char *text = k->encode_ex(out, &err);
        if (text == NULL) {
            printf("FAIL %s: encode_ex: %s: %s\n", name, err.path, err.message);
            ok = 0;
        }
        sc_free_string(text);
        char *first = k->encode(out);
        char *second = NULL;
        if (first == NULL || k->decode(arena, first, strlen(first), again, &err) != 0 ||
            (second = k->encode(again)) == NULL || strcmp(first, second) != 0) {
            printf("FAIL %s: round trip: %s -> %s\n", name, first ? first : "(null)",
                   second ? second : "(null)");
            ok = 0;
        }
        /* the same document as a cJSON tree decodes to the same value */
        cJSON *tree = first != NULL ? cJSON_Parse(first) : NULL;
        char *third = NULL;
        memset(again, 0, k->size);
        if (tree == NULL || k->from_cjson(arena, tree, again, &err) != 0 ||
            (third = k->encode(again)) == NULL || strcmp(first, third) != 0) {
            printf("FAIL %s: from_cjson: %s -> %s\n", name, first ? first : "(null)",
                   third ? third : "(null)");
            ok = 0;
        }
        cJSON_Delete(tree);
        sc_free_string(first);
        sc_free_string(second);
        sc_free_string(third);
    }
    free(out);
    free(again);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s CASES.json\n", argv[0]);
        return 2;
    }
    char *text = read_file(argv[1]);
    cJSON *cases = text != NULL ? cJSON_Parse(text) : NULL;
    free(text);
    if (!cJSON_IsArray(cases)) {
        fprintf(stderr, "%s: cannot read the cases\n", argv[1]);
        return 2;
    }
    int passed = 0, failed = 0;
    /* the embedded schemas are JSON documents (kitchen's is long enough to
     * be emitted as a character list rather than a string literal) */
    const char *const schemas[] = {
        kitchen_schema_json,          tolerant_schema_json, parse_url_input_schema_json,
        calculator_input_schema_json, profile_schema_json,  event_schema_json,
        options_doc_schema_json,      shape_schema_json,    payment_schema_json,
        request_doc_schema_json,      query_schema_json};
    for (size_t i = 0; i < sizeof schemas / sizeof *schemas; i++) {
        cJSON *schema = cJSON_Parse(schemas[i]);
        if (cJSON_IsObject(schema) &&
            (cJSON_GetObjectItemCaseSensitive(schema, "properties") != NULL ||
             cJSON_GetObjectItemCaseSensitive(schema, "oneOf") != NULL)) {
            passed++;
        } else {
            printf("FAIL embedded schema %zu is not a JSON Schema object\n", i);
            failed++;
        }
        cJSON_Delete(schema);
    }
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    const cJSON *c;
    cJSON_ArrayForEach(c, cases)
    {
        if (run_case(c, &arena))
            passed++;
        else
            failed++;
        sc_arena_reset(&arena); /* one arena for the whole run: reset reuses it */
    }
    sc_arena_release(&arena);
    cJSON_Delete(cases);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
