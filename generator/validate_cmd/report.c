/* schemac validate: each document of a file read, validated and its result
 * printed, in text (one line per error, or "valid") or as one line of the
 * 2020-12 basic output format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/json.h"
#include "validate_cmd/validate_cmd_internal.h"

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

void vcmd_concat(char *dst, size_t size, const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > size - 1)
        na = size - 1;
    if (nb > size - 1 - na)
        nb = size - 1 - na;
    memcpy(dst, a, na);
    memcpy(dst + na, b, nb);
    dst[na + nb] = '\0';
}

static void print_basic(int rc, const sc_schema_errors *errs)
{
    cJSON *out = sc_schema_output(rc, errs, SC_SCHEMA_OUTPUT_BASIC);
    char *line = out != NULL ? cJSON_PrintUnformatted(out) : NULL;
    if (line == NULL) {
        fputs("schemac validate: out of memory\n", stderr);
        exit(VCMD_USAGE);
    }
    puts(line);
    cJSON_free(line);
    cJSON_Delete(out);
}

/* label is "FILE" or "FILE:LINE". */
static void print_text(const char *label, int rc, const sc_schema_errors *errs, bool quiet)
{
    if (rc == 0) {
        if (!quiet)
            printf("%s: valid\n", label);
        return;
    }
    for (size_t i = 0; i < errs->count; i++) {
        const sc_schema_error *e = &errs->items[i];
        printf("%s: ", label);
        if (e->instance_location[0] != '\0')
            printf("%s: ", e->instance_location);
        fputs(e->message, stdout);
        if (e->keyword_location[0] != '\0')
            printf(" [%s]", e->keyword_location);
        putchar('\n');
    }
    if (errs->count == 0) /* cannot happen: a failed pass has its error */
        printf("%s: invalid\n", label);
    if (errs->truncated)
        printf("%s: more errors (only the first %d are listed)\n", label, VCMD_MAX_ERRORS);
}

/* One document: text[0..len) labelled label; its lines start at line
 * first_line of the file (for the position of a reading error). */
static int validate_one(const sc_schema *schema, const char *label, const char *file,
                        size_t first_line, const char *text, size_t len, vcmd_output output,
                        bool quiet, bool strict_json)
{
    static sc_schema_error items[VCMD_MAX_ERRORS];
    sc_schema_errors errs;
    sc_arena arena;
    sc_error err;
    cJSON *doc = NULL;

    sc_schema_errors_init(&errs, items, VCMD_MAX_ERRORS);
    sc_arena_init(&arena, NULL);
    memset(&err, 0, sizeof err);
    int rc = sc_parse_json_ex(&arena, text, len, strict_json ? 0 : SC_PARSE_STANDARD, &doc, &err);
    if (rc != 0) {
        /* not JSON: one error, at the line and column of the file */
        size_t line, column;
        char msg[SC_ERROR_MESSAGE_MAX + 64];
        sc_error_position(text, len, &err, &line, &column);
        sc_error_format(&err, msg, sizeof msg);
        if (output == VCMD_OUTPUT_TEXT) {
            printf("%s:%zu:%zu: not JSON: %s\n", file, first_line + line - 1, column, msg);
        } else {
            sc_schema_error *e = &items[0];
            memset(e, 0, sizeof *e);
            e->code = rc;
            char where[96];
            snprintf(where, sizeof where, "not JSON: line %zu, column %zu: ", first_line + line - 1,
                     column);
            vcmd_concat(e->message, sizeof e->message, where, msg);
            errs.count = 1;
            print_basic(rc, &errs);
        }
        sc_arena_release(&arena);
        return VCMD_INVALID;
    }
    rc = sc_schema_validate(schema, doc, &errs);
    if (output == VCMD_OUTPUT_TEXT)
        print_text(label, rc, &errs, quiet);
    else
        print_basic(rc, &errs);
    sc_arena_release(&arena);
    return rc == 0 ? VCMD_VALID : VCMD_INVALID;
}

/* A JSON Lines file: each line that is not blank is a document. */
static int validate_lines(const sc_schema *schema, const char *path, const char *text, size_t len,
                          vcmd_output output, bool quiet, bool strict_json)
{
    int status = VCMD_VALID;
    size_t lineno = 1;

    for (size_t at = 0; at < len; lineno++) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;
        size_t n = end - at;
        if (n > 0 && text[at + n - 1] == '\r')
            n--;
        bool blank = true;
        for (size_t i = 0; i < n && blank; i++)
            blank = strchr(" \t", text[at + i]) != NULL;
        if (!blank) {
            size_t size = strlen(path) + 24;
            char *label = malloc(size);
            if (label == NULL) {
                fputs("schemac validate: out of memory\n", stderr);
                exit(VCMD_USAGE);
            }
            snprintf(label, size, "%s:%zu", path, lineno);
            if (validate_one(schema, label, path, lineno, text + at, n, output, quiet,
                             strict_json) != VCMD_VALID)
                status = VCMD_INVALID;
            free(label);
        }
        at = end + 1;
    }
    return status;
}

int vcmd_validate_file(const sc_schema *schema, const char *path, vcmd_output output, bool quiet,
                       bool strict_json)
{
    sc_arena arena;
    sc_error err;
    const char *text;
    size_t len;
    int status;

    sc_arena_init(&arena, NULL);
    memset(&err, 0, sizeof err);
    /* "-": standard input, one document */
    if (sc_read_file(&arena, strcmp(path, "-") == 0 ? "/dev/stdin" : path, &text, &len, &err) !=
        0) {
        char msg[1024];
        sc_error_format_at(path, NULL, 0, &err, msg, sizeof msg);
        fprintf(stderr, "schemac validate: %s\n", msg);
        sc_arena_release(&arena);
        return VCMD_USAGE;
    }
    if (ends_with(path, ".jsonl"))
        status = validate_lines(schema, path, text, len, output, quiet, strict_json);
    else
        status = validate_one(schema, path, path, 1, text, len, output, quiet, strict_json);
    sc_arena_release(&arena);
    return status;
}
