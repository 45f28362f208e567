/* The request lines and verdict words of the differential drivers
 * (driver_io.h): one reader for decode_driver and validate_driver. */
#include "driver_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <schemac/error.h>

const char *driver_code_name(int code)
{
    static const char *const names[] = {
#define NAME_(name, text) #name,
        SC_ERROR_CODES(NAME_)
#undef NAME_
    };
    return code >= 0 && code < SC_ERR_COUNT_ ? names[code] : "SC_ERR_UNKNOWN";
}

void driver_print_message(const char *s)
{
    for (; *s != '\0'; s++)
        putchar((unsigned char)*s < 0x20 ? ' ' : *s);
}

void driver_print_path(const char *path)
{
    fputs(path[0] == '\0' ? "\"\"" : path, stdout);
}

void driver_print_error(int code, const char *path, const char *keyword, const char *message)
{
    printf("error %s ", driver_code_name(code));
    driver_print_path(path);
    printf(" %s\t", keyword != NULL ? keyword : "-");
    driver_print_message(message);
}

cJSON *driver_error_row(int code, const char *path, const char *keyword)
{
    cJSON *e = cJSON_CreateArray();
    cJSON_AddItemToArray(e, cJSON_CreateString(driver_code_name(code)));
    cJSON_AddItemToArray(e, cJSON_CreateString(path));
    cJSON_AddItemToArray(e, cJSON_CreateString(keyword != NULL ? keyword : "-"));
    return e;
}

void driver_print_all(cJSON *report)
{
    char *text = cJSON_PrintUnformatted(report);
    printf("\tall %s", text != NULL ? text : "{\"bug\":\"out of memory\"}");
    cJSON_free(text);
    cJSON_Delete(report);
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

char *driver_request(const char *line, cJSON **req, const char **type, size_t *len)
{
    *req = cJSON_Parse(line);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(*req, "type");
    const cJSON *doc = cJSON_GetObjectItemCaseSensitive(*req, "doc");
    const cJSON *hex = cJSON_GetObjectItemCaseSensitive(*req, "hex");
    if (!cJSON_IsString(t)) {
        printf("bad-request\tunknown or missing type\n");
        return NULL;
    }
    *type = t->valuestring;
    char *bytes = NULL;
    if (cJSON_IsString(doc)) {
        /* a "doc" is text without U+0000 (run.mjs sends "hex" otherwise),
         * so the C string is all of it */
        *len = strlen(doc->valuestring);
        bytes = malloc(*len + 1);
        if (bytes != NULL)
            memcpy(bytes, doc->valuestring, *len + 1);
    } else if (cJSON_IsString(hex)) {
        bytes = from_hex(hex->valuestring, len);
    }
    if (bytes == NULL)
        printf("bad-request\tneeds a doc string or a hex string\n");
    return bytes;
}

int driver_lines(void (*run)(const char *line, void *ctx), void *ctx)
{
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
            run(line, ctx);
        len = 0;
    }
    if (len > 0) {
        line[len] = '\0';
        run(line, ctx);
    }
    free(line);
    return fflush(stdout) == 0 ? 0 : 2;
}
