/* \p{...} in patterns (runtime/pattern with PATTERN_UNICODE_PROPERTIES,
 * as libschemac-validate compiles them): for each pattern of
 * unicode_props.py, the count of code points (with a hash of them) it
 * matches, over every code point but the surrogates, which the script
 * compares with Python's unicodedata. Run by unicode_props.py. */
#include <stdio.h>
#include <stdint.h>

#include "pattern/pattern.h"

static int utf8(uint32_t c, char *b)
{
    if (c < 0x80) {
        b[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        b[0] = (char)(0xC0 | c >> 6);
        b[1] = (char)(0x80 | (c & 63));
        return 2;
    }
    if (c < 0x10000) {
        b[0] = (char)(0xE0 | c >> 12);
        b[1] = (char)(0x80 | (c >> 6 & 63));
        b[2] = (char)(0x80 | (c & 63));
        return 3;
    }
    b[0] = (char)(0xF0 | c >> 18);
    b[1] = (char)(0x80 | (c >> 12 & 63));
    b[2] = (char)(0x80 | (c >> 6 & 63));
    b[3] = (char)(0x80 | (c & 63));
    return 4;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char err[256];
        size_t at;
        pattern *re =
            pattern_compile_ex(argv[i], PATTERN_UNICODE_PROPERTIES, NULL, err, sizeof err, &at);
        if (re == NULL) {
            printf("error %s\n", err);
            return 1;
        }
        unsigned long long count = 0, hash = 0;
        for (uint32_t c = 0; c <= 0x10FFFF; c++) {
            char b[4];
            if (c >= 0xD800 && c <= 0xDFFF)
                continue;
            if (pattern_match(re, b, (size_t)utf8(c, b))) {
                count++;
                hash = hash * 1000003u + c;
            }
        }
        printf("%llu %llu\n", count, hash);
        pattern_free(re);
    }
    return 0;
}
