/* The decoding side of the differential drivers (decode_driver.c here, the
 * generated table of tests/randheader): for each request line on stdin
 * (driver_io.c reads them; decode_driver.c describes the protocol) finds
 * the codec of its type with find_codec() and prints one verdict line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "driver.h"
#include "driver_io.h"

/* The all-errors pass over the same document: "<TAB>all " and its list. */
static void print_all_errors(const codec *k, const char *bytes, size_t len, const sc_error *first,
                             sc_arena *arena)
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
        snprintf(why, sizeof why,
                 "T_decode_all's first error is not T_decode's: %s (%zu errors) %s: %s",
                 driver_code_name(rc), errs.count, errs.count > 0 ? items[0].path : "-",
                 errs.count > 0 ? items[0].message : "-");
        cJSON_AddStringToObject(report, "bug", why);
    } else {
        cJSON *list = cJSON_AddArrayToObject(report, "errors");
        for (size_t i = 0; i < errs.count; i++)
            cJSON_AddItemToArray(list,
                                 driver_error_row(items[i].code, items[i].path, items[i].keyword));
        cJSON_AddBoolToObject(report, "truncated", errs.truncated);
    }
    driver_print_all(report);
    free(out);
}

static void run_one(const char *line, void *ctx)
{
    sc_arena *arena = ctx;
    cJSON *req;
    const char *type = NULL;
    size_t len = 0;
    char *bytes = driver_request(line, &req, &type, &len);
    const codec *k = bytes != NULL ? find_codec(type) : NULL;
    if (bytes != NULL && k == NULL)
        printf("bad-request\tunknown or missing type\n");
    if (k == NULL)
        goto done;
    void *out = calloc(1, k->size), *again = calloc(1, k->size);
    sc_error err;
    memset(&err, 0, sizeof err);
    if (out == NULL || again == NULL) {
        printf("bad-request\tout of memory\n");
    } else if (k->decode(arena, bytes, len, out, &err) != 0) {
        driver_print_error(err.code, err.path, err.keyword, err.message);
        print_all_errors(k, bytes, len, &err, arena);
        putchar('\n');
    } else if (k->validate(out, &err) != 0) {
        printf("ok\tbug validate ");
        driver_print_path(err.path);
        printf(": ");
        driver_print_message(err.message);
        putchar('\n');
    } else {
        /* what decode accepted, encode must write and decode must take back */
        char *text = k->encode(out);
        if (text == NULL) {
            printf("ok\tbug encode \"\": T_encode returned NULL\n");
        } else if (k->decode(arena, text, strlen(text), again, &err) != 0) {
            printf("ok\tbug roundtrip ");
            driver_print_path(err.path);
            printf(": ");
            driver_print_message(err.message);
            printf(" (encoded: ");
            driver_print_message(text);
            printf(")\n");
        } else {
            /* and the value it took back must be the one encoded: its
             * encoding the same text, and the same where text cannot show
             * it (an untagged union's variant) */
            char *again_text = k->encode(again);
            same_fn same = find_same(k->type);
            if (again_text == NULL || strcmp(again_text, text) != 0) {
                printf("ok\tbug reencode encode -> decode -> encode gives ");
                driver_print_message(again_text != NULL ? again_text : "NULL");
                printf(" (encoded first: ");
                driver_print_message(text);
                printf(")\n");
            } else if (same != NULL && !same(out, again)) {
                printf("ok\tbug variant encode -> decode changes a variant or a float (encoded: ");
                driver_print_message(text);
                printf(")\n");
            } else {
                /* the encoded text, for run.mjs to compare with the document */
                printf("ok\tenc ");
                driver_print_message(text);
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
    int rc = driver_lines(run_one, &arena);
    sc_arena_release(&arena);
    return rc;
}
