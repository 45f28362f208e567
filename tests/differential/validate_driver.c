/* The differential driver of libschemac-validate: the emitted schemas
 * compiled at run time, in place of the decoders generated from them.
 *
 *   validate_driver SCHEMA.schema.json...
 *
 * Each schema is compiled once (its type is the file name without
 * .schema.json, as run.mjs names it), checked against its metaschema
 * first, with the options that make the validator decide as the generated
 * decoders do: formats always asserted (a decoder checks every @format)
 * and documents read as text by sc_schema_validate_json with strict_json,
 * the decoders' reader and I-JSON strictness (duplicate keys, U+0000,
 * invalid UTF-8, integers beyond 2^53, 64 levels), where the validator's
 * default reads them as JSON.parse does. Then it answers the request
 * lines of decode_driver (driver_io.h) with the same verdict lines:
 *
 *   ok
 *   error CODE PATH KEYWORD<TAB>MESSAGE<TAB>all {"errors": [[CODE, PATH, KEYWORD,
 * KEYWORD_LOCATION], ...], "truncated": B}
 *
 * the first error, then the all-errors pass (room for 64) whose first
 * error must be the first pass's (else the all field is {"bug": ...}).
 * Exit status 0, or 2 when a schema cannot be read or compiled. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/json.h>
#include <schemac/validate.h>

#include "driver_io.h"

typedef struct {
    char *type;
    sc_schema *schema;
} entry;

typedef struct {
    entry *entries;
    size_t count;
} table;

/* "build/x/numbers.schema.json" -> "numbers" */
static char *type_of(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    size_t n = strlen(base);
    static const char suffix[] = ".schema.json";
    if (n > sizeof suffix - 1 && strcmp(base + n - (sizeof suffix - 1), suffix) == 0)
        n -= sizeof suffix - 1;
    char *type = malloc(n + 1);
    if (type != NULL) {
        memcpy(type, base, n);
        type[n] = '\0';
    }
    return type;
}

static int load(entry *e, const char *path)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    const char *text;
    size_t len;
    sc_error err;
    int rc = sc_read_file(&arena, path, &text, &len, &err);
    if (rc == 0 && (e->type = type_of(path)) == NULL)
        rc = sc_fail(&err, SC_ERR_NOMEM, NULL, "out of memory");
    if (rc != 0) {
        fprintf(stderr, "validate_driver: %s: %s\n", path, err.message);
        sc_arena_release(&arena);
        return 2;
    }
    sc_schema_options options = {0};
    options.formats = SC_SCHEMA_FORMATS_ASSERT;
    options.check_metaschema = true;
    options.strict_json = true;
    /* the schema's text itself is read as JSON whatever strict_json says,
     * so a bound schemac emits as @exclusiveMaximum 9007199254740992
     * (tests/decode/comment_text.h) compiles */
    rc = sc_schema_compile(NULL, text, len, &options, &e->schema, &err);
    sc_arena_release(&arena);
    if (rc != 0) {
        fprintf(stderr, "validate_driver: %s%s: %s\n", path, err.path, err.message);
        return 2;
    }
    return 0;
}

/* The all-errors pass over the same text: "<TAB>all " and its list. */
static void print_all_errors(const sc_schema *schema, const char *bytes, size_t len,
                             const sc_schema_error *first)
{
    static sc_schema_error items[64];
    sc_schema_errors errs;
    sc_schema_errors_init(&errs, items, sizeof items / sizeof *items);
    int rc = sc_schema_validate_json(schema, bytes, len, &errs);
    cJSON *report = cJSON_CreateObject();
    if (rc != first->code || errs.count == 0 || items[0].code != first->code ||
        strcmp(items[0].instance_location, first->instance_location) != 0 ||
        strcmp(items[0].message, first->message) != 0) {
        char why[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 96];
        snprintf(
            why, sizeof why,
            "the all-errors pass's first error is not the first pass's: %s (%zu errors) %s: %s",
            driver_code_name(rc), errs.count, errs.count > 0 ? items[0].instance_location : "-",
            errs.count > 0 ? items[0].message : "-");
        cJSON_AddStringToObject(report, "bug", why);
    } else {
        cJSON *list = cJSON_AddArrayToObject(report, "errors");
        for (size_t i = 0; i < errs.count; i++) {
            cJSON *e =
                driver_error_row(items[i].code, items[i].instance_location, items[i].keyword);
            cJSON_AddItemToArray(e, cJSON_CreateString(items[i].keyword_location));
            cJSON_AddItemToArray(list, e);
        }
        cJSON_AddBoolToObject(report, "truncated", errs.truncated);
    }
    driver_print_all(report);
}

static void run_one(const char *line, void *ctx)
{
    const table *t = ctx;
    cJSON *req;
    const char *type = NULL;
    size_t len = 0;
    char *bytes = driver_request(line, &req, &type, &len);
    const sc_schema *schema = NULL;
    for (size_t i = 0; bytes != NULL && i < t->count && schema == NULL; i++)
        if (strcmp(t->entries[i].type, type) == 0)
            schema = t->entries[i].schema;
    if (bytes != NULL && schema == NULL)
        printf("bad-request\tunknown or missing type\n");
    if (schema != NULL) {
        sc_schema_error first;
        sc_schema_errors errs;
        sc_schema_errors_init(&errs, &first, 1);
        if (sc_schema_validate_json(schema, bytes, len, &errs) == 0) {
            printf("ok\n");
        } else {
            driver_print_error(first.code, first.instance_location, first.keyword, first.message);
            print_all_errors(schema, bytes, len, &first);
            putchar('\n');
        }
    }
    free(bytes);
    cJSON_Delete(req);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: validate_driver SCHEMA.schema.json...\n");
        return 2;
    }
    table t = {calloc((size_t)argc - 1, sizeof(entry)), 0};
    int rc = t.entries != NULL ? 0 : 2;
    for (int i = 1; i < argc && rc == 0; i++)
        rc = load(&t.entries[t.count++], argv[i]);
    if (rc == 0)
        rc = driver_lines(run_one, &t);
    for (size_t i = 0; i < t.count; i++) {
        free(t.entries[i].type);
        sc_schema_free(t.entries[i].schema);
    }
    free(t.entries);
    return rc;
}
