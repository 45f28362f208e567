/* The request loop of the differential drivers (decode_driver.c here, the
 * generated table of tests/randheader): reads one request per line on
 * stdin (decode_driver.c describes the protocol), finds the codec of its
 * type with find_codec() and prints one verdict line per request. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "driver.h"

static const char *code_name(int code)
{
    static const char *const names[] = {
#define NAME_(name, text) #name,
        SC_ERROR_CODES(NAME_)
#undef NAME_
    };
    return code >= 0 && code < SC_ERR_COUNT_ ? names[code] : "SC_ERR_UNKNOWN";
}

/* A message on one line: control characters become spaces. */
static void print_message(const char *s)
{
    for (; *s != '\0'; s++)
        putchar((unsigned char)*s < 0x20 ? ' ' : *s);
}

static void print_path(const char *path)
{
    fputs(path[0] == '\0' ? "\"\"" : path, stdout);
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes hex into a malloc'd buffer; NULL if it is not hex. */
static char *from_hex(const char *hex, size_t *len)
{
    size_t n = strlen(hex);
    if (n % 2 != 0)
        return NULL;
    char *out = malloc(n / 2 + 1);
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(out);
            return NULL;
        }
        out[i] = (char)(hi * 16 + lo);
    }
    *len = n / 2;
    return out;
}

/* The all-errors pass over the same document: "<TAB>all " and its list. */
static void print_all_errors(const codec *k, const char *bytes, size_t len, const sc_error *first, sc_arena *arena)
{
    static sc_error items[64];
    sc_errors errs;
    void *out = calloc(1, k->size);
    cJSON *report = cJSON_CreateObject();
    sc_errors_init(&errs, items, sizeof items / sizeof *items);
    int rc = out != NULL ? k->decode_all(arena, bytes, len, out, &errs) : SC_ERR_NOMEM;
    if (rc != first->code || errs.count == 0 || items[0].code != first->code ||
        strcmp(items[0].path, first->path) != 0 || strcmp(items[0].message, first->message) != 0) {
        char why[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 96];
        snprintf(why, sizeof why, "T_decode_all's first error is not T_decode's: %s (%zu errors) %s: %s",
                 code_name(rc), errs.count, errs.count > 0 ? items[0].path : "-",
                 errs.count > 0 ? items[0].message : "-");
        cJSON_AddStringToObject(report, "bug", why);
    } else {
        cJSON *list = cJSON_AddArrayToObject(report, "errors");
        for (size_t i = 0; i < errs.count; i++) {
            cJSON *e = cJSON_CreateArray();
            cJSON_AddItemToArray(e, cJSON_CreateString(code_name(items[i].code)));
            cJSON_AddItemToArray(e, cJSON_CreateString(items[i].path));
            cJSON_AddItemToArray(e, cJSON_CreateString(items[i].keyword != NULL ? items[i].keyword : "-"));
            cJSON_AddItemToArray(list, e);
        }
        cJSON_AddBoolToObject(report, "truncated", errs.truncated);
    }
    char *text = cJSON_PrintUnformatted(report);
    printf("\tall %s", text != NULL ? text : "{\"bug\":\"out of memory\"}");
    cJSON_free(text);
    cJSON_Delete(report);
    free(out);
}

static void run_one(const char *line, sc_arena *arena)
{
    cJSON *req = cJSON_Parse(line);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(req, "type");
    const cJSON *doc = cJSON_GetObjectItemCaseSensitive(req, "doc");
    const cJSON *hex = cJSON_GetObjectItemCaseSensitive(req, "hex");
    const codec *k = cJSON_IsString(type) ? find_codec(type->valuestring) : NULL;
    char *bytes = NULL;
    size_t len = 0;
    if (k == NULL) {
        printf("bad-request\tunknown or missing type\n");
        goto done;
    }
    if (cJSON_IsString(doc)) {
        len = strlen(doc->valuestring);
        bytes = malloc(len + 1);
        if (bytes != NULL)
            memcpy(bytes, doc->valuestring, len + 1);
    } else if (cJSON_IsString(hex)) {
        bytes = from_hex(hex->valuestring, &len);
    }
    if (bytes == NULL) {
        printf("bad-request\tneeds a doc string or a hex string\n");
        goto done;
    }
    void *out = calloc(1, k->size), *again = calloc(1, k->size);
    sc_error err;
    memset(&err, 0, sizeof err);
    if (out == NULL || again == NULL) {
        printf("bad-request\tout of memory\n");
    } else if (k->decode(arena, bytes, len, out, &err) != 0) {
        printf("error %s ", code_name(err.code));
        print_path(err.path);
        printf(" %s\t", err.keyword != NULL ? err.keyword : "-");
        print_message(err.message);
        print_all_errors(k, bytes, len, &err, arena);
        putchar('\n');
    } else if (k->validate(out, &err) != 0) {
        printf("ok\tbug validate ");
        print_path(err.path);
        printf(": ");
        print_message(err.message);
        putchar('\n');
    } else {
        /* what decode accepted, encode must write and decode must take back */
        char *text = k->encode(out);
        if (text == NULL) {
            printf("ok\tbug encode \"\": T_encode returned NULL\n");
        } else if (k->decode(arena, text, strlen(text), again, &err) != 0) {
            printf("ok\tbug roundtrip ");
            print_path(err.path);
            printf(": ");
            print_message(err.message);
            printf(" (encoded: ");
            print_message(text);
            printf(")\n");
        } else {
            /* and the value it took back must be the one encoded: its
             * encoding the same text, and the same where text cannot show
             * it (an untagged union's variant) */
            char *again_text = k->encode(again);
            same_fn same = find_same(k->type);
            if (again_text == NULL || strcmp(again_text, text) != 0) {
                printf("ok\tbug reencode encode -> decode -> encode gives ");
                print_message(again_text != NULL ? again_text : "NULL");
                printf(" (encoded first: ");
                print_message(text);
                printf(")\n");
            } else if (same != NULL && !same(out, again)) {
                printf("ok\tbug variant encode -> decode changes a variant or a float (encoded: ");
                print_message(text);
                printf(")\n");
            } else {
                /* the encoded text, for run.mjs to compare with the document */
                printf("ok\tenc ");
                print_message(text);
                putchar('\n');
            }
            sc_free_string(again_text);
        }
        sc_free_string(text);
    }
    free(out);
    free(again);
done:
    free(bytes);
    cJSON_Delete(req);
    sc_arena_reset(arena); /* one reset per document */
}

int main(void)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    size_t cap = 1 << 16, len = 0;
    char *line = malloc(cap);
    int c;
    if (line == NULL)
        return 2;
    while ((c = getchar()) != EOF) {
        if (c != '\n') {
            if (len + 1 >= cap) {
                char *bigger = realloc(line, cap * 2);
                if (bigger == NULL) {
                    free(line);
                    return 2;
                }
                line = bigger;
                cap *= 2;
            }
            line[len++] = (char)c;
            continue;
        }
        line[len] = '\0';
        if (len > 0)
            run_one(line, &arena);
        len = 0;
    }
    if (len > 0) {
        line[len] = '\0';
        run_one(line, &arena);
    }
    free(line);
    sc_arena_release(&arena);
    return fflush(stdout) == 0 ? 0 : 2;
}
