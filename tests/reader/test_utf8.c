/* sc_utf8_valid / sc_utf8_count: RFC 3629 exactly. */
#include <stdlib.h>
#include <string.h>

#include "schemac/check.h"
#include "test.h"

typedef struct utf8_case {
    const char *s;
    size_t len;
    bool valid;
    size_t chars;
} utf8_case;

#define S(x) x, sizeof(x) - 1

static void utf8_should_follow_rfc_3629(void)
{
    static const utf8_case cases[] = {
        {S(""), true, 0},
        {S("plain ascii, longer than eight bytes"), true, 36},
        {S("\x00\x7F"), true, 2},
        {S("\xC2\x80\xDF\xBF"), true, 2},
        {S("\xE0\xA0\x80\xEF\xBF\xBF"), true, 2},
        {S("\xED\x9F\xBF\xEE\x80\x80"), true, 2},         /* around the surrogates */
        {S("\xF0\x90\x80\x80\xF4\x8F\xBF\xBF"), true, 2}, /* U+10000, U+10FFFF */
        {S("abcdefgh\xC3\xA9"
           "abcdefgh\xE2\x82\xAC"),
         true, 18},
        {S("\x80"), false, 0},
        {S("\xBF"), false, 0},
        {S("\xC0\x80"), false, 0},
        {S("\xC1\xBF"), false, 0},
        {S("\xE0\x9F\xBF"), false, 0},
        {S("\xED\xA0\x80"), false, 0},
        {S("\xED\xBF\xBF"), false, 0},
        {S("\xF0\x8F\xBF\xBF"), false, 0},
        {S("\xF4\x90\x80\x80"), false, 0},
        {S("\xF5\x80\x80\x80"), false, 0},
        {S("\xF8\x88\x80\x80\x80"), false, 0},
        {S("\xFE"), false, 0},
        {S("\xFF"), false, 0},
        {S("\xC3"), false, 0},
        {S("\xE2\x82"), false, 0},
        {S("\xF0\x9F\x98"), false, 0},
        {S("\xC3\x28"), false, 0},
        {S("\xE2\x28\xA1"), false, 0},
        {S("abcdefghijklmnop\xC3"), false, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const utf8_case *c = &cases[i];
        char *copy = malloc(c->len ? c->len : 1); /* exact size: no overread */
        memcpy(copy, c->s, c->len);
        test_checks++;
        if (sc_utf8_valid(copy, c->len) != c->valid) {
            test_failures++;
            fprintf(stderr, "case %zu: valid should be %d\n", i, c->valid);
        }
        if (c->valid)
            CHECK(sc_utf8_count(copy, c->len) == c->chars);
        free(copy);
    }
}

/* Every 1..4 byte sequence agrees with a plain decoder. */
static bool reference_valid(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i], need, cp;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC0 && c < 0xE0) {
            need = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c < 0xF0) {
            need = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c < 0xF8) {
            need = 3;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (i + need >= n)
            return false;
        for (unsigned k = 1; k <= need; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return false;
            cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if ((need == 1 && cp < 0x80) || (need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000))
            return false;
        if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return false;
        i += need + 1;
    }
    return true;
}

static void utf8_should_agree_with_a_reference_decoder(void)
{
    unsigned char b[4];
    unsigned long mismatches = 0;

    for (unsigned a = 0x80; a < 0x100; a++) {
        for (unsigned c = 0; c < 0x100; c++) {
            b[0] = (unsigned char)a;
            b[1] = (unsigned char)c;
            for (unsigned d = 0x70; d < 0xD0; d += 0x0F) {
                b[2] = (unsigned char)d;
                b[3] = 0x80;
                for (size_t n = 1; n <= 4; n++)
                    if (sc_utf8_valid((const char *)b, n) != reference_valid(b, n))
                        mismatches++;
            }
        }
    }
    CHECK(mismatches == 0);
}

int main(void)
{
    RUN(utf8_should_follow_rfc_3629);
    RUN(utf8_should_agree_with_a_reference_decoder);
    return TEST_RESULT();
}
