/* UTF-8 validation and code point counting (RFC 3629). */
#include <stdint.h>
#include <string.h>

#include "schemac/check.h"
#include "utf8.h"

#define HIGH_BITS UINT64_C(0x8080808080808080)

size_t sc_utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned c = s[0];

    if (c >= 0xC2 && c <= 0xDF) {
        if (n < 2 || (s[1] & 0xC0) != 0x80)
            return 0;
        return 2;
    }
    if (c >= 0xE0 && c <= 0xEF) {
        unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        if (n < 3 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80)
            return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        if (n < 4 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
            return 0;
        return 4;
    }
    return 0;
}

bool sc_utf8_valid(const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;

    while (i < len) {
        /* ASCII runs, 8 bytes at a time. */
        while (len - i >= 8) {
            uint64_t v;
            memcpy(&v, s + i, 8);
            if (v & HIGH_BITS)
                break;
            i += 8;
        }
        if (i >= len)
            break;
        if (s[i] < 0x80) {
            i++;
        } else {
            size_t n = sc_utf8_sequence(s + i, len - i);
            if (n == 0)
                return false;
            i += n;
        }
    }
    return true;
}

size_t sc_utf8_count(const char *str, size_t len)
{
    /* Code points = bytes that are not continuation bytes (10xxxxxx). */
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, cont = 0;

    for (; len - i >= 8; i += 8) {
        uint64_t v;
        memcpy(&v, s + i, 8);
        /* A continuation byte has bit 7 set and bit 6 clear. */
        v = v & ~(v << 1) & HIGH_BITS;
        if (v) {
            /* popcount without depending on a builtin */
            v >>= 7;
            v = (v * UINT64_C(0x0101010101010101)) >> 56;
            cont += (size_t)v;
        }
    }
    for (; i < len; i++)
        cont += (s[i] & 0xC0) == 0x80;
    return len - cont;
}
