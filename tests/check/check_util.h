/* Helpers shared by the tests in tests/check (header-only, test code). */
#ifndef SCHEMAC_TESTS_CHECK_UTIL_H
#define SCHEMAC_TESTS_CHECK_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/check.h"

#define SKIP_EXIT 77 /* meson: test skipped */

static const sc_format all_formats[] = {
    SC_FORMAT_DATE_TIME, SC_FORMAT_DATE, SC_FORMAT_TIME, SC_FORMAT_EMAIL,    SC_FORMAT_URI,
    SC_FORMAT_UUID,      SC_FORMAT_IPV4, SC_FORMAT_IPV6, SC_FORMAT_HOSTNAME,
};
#define FORMAT_COUNT (sizeof all_formats / sizeof all_formats[0])

/* The format called name, via sc_format_name; 0 if there is none. */
static inline int format_by_name(const char *name, sc_format *out)
{
    for (size_t i = 0; i < FORMAT_COUNT; i++) {
        const char *n = sc_format_name(all_formats[i]);
        if (n != NULL && strcmp(n, name) == 0) {
            *out = all_formats[i];
            return 1;
        }
    }
    return 0;
}

/* The whole file, NUL-terminated, or NULL. The caller frees it. */
static inline char *read_whole_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    if (buf != NULL && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf != NULL)
        buf[len] = '\0';
    return buf;
}

/* sc_format_valid on an exact-size heap copy without a terminating NUL, so
 * AddressSanitizer catches any read past the given length. */
static inline int format_valid_exact(sc_format format, const char *s, size_t len)
{
    char *copy = malloc(len ? len : 1);
    if (copy == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memcpy(copy, s, len);
    int valid = sc_format_valid(format, copy, len);
    free(copy);
    return valid;
}

/* A JSON-ish rendering of s for messages (control bytes escaped). */
static inline void print_quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == '"' || c == '\\')
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

#endif
