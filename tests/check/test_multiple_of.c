/* sc_multiple_of_text: multipleOf decided exactly on JSON number texts,
 * with the extremes a document or schema may hold (check.h). */
#include <stdio.h>
#include <string.h>

#include "schemac/check.h"

static const struct {
    const char *value, *divisor;
    int expected;
} cases[] = {
    {"19.99", "0.01", 1},
    {"19.991", "0.01", 0},
    {"0.07", "0.01", 1},
    {"4.35", "0.01", 1},
    {"598.99822204", "1e-8", 1},
    {"598.998222041", "1e-8", 0},
    {"1e21", "1", 1},
    {"1e300", "0.5", 1},
    {"1e308", "0.5", 1},
    {"0.3", "0.1", 1},
    {"0.31", "0.1", 0},
    {"-4.35", "0.01", 1},
    {"-4.355", "0.01", 0},
    {"0", "0.01", 1},
    {"-0", "7", 1},
    {"0.0e5", "3", 1},
    {"1.50", "0.5", 1},
    {"10.0", "20", 0},
    {"2.00E+1", "20", 1},
    {"21", "7", 1},
    {"22", "7", 0},
    {"9007199254740993", "3", 1}, /* beyond 2^53: no double holds it */
    {"9007199254740994", "3", 0},
    /* exponents far apart decide in bounded work */
    {"1e400", "1", 1},
    {"7e400", "0.7", 1},
    {"1e400", "3", 0},
    {"1e-400", "1", 0},
    {"1", "1e-300", 1},
    {"3", "7e-300", 0},
    {"1e99999999999999999", "1024", 1},
    {"123456789123456789123456789", "123456789123456789", 0},
    {"123456789123456789000000000", "123456789123456789", 1},
    {"0.75", "0.25", 1},
    {"1", "0.3", 0},
    {"0.9", "0.3", 1},
    /* undecided: not a number, a divisor not > 0 or too long, an exponent
     * beyond the limit */
    {"abc", "1", -1},
    {"1", "0", -1},
    {"1", "-1", -1},
    {"1", "1.0000000000000000001", -1},
    {"1", "1e999999999999999999", -1},
    {"", "1", -1},
    {"1.", "1", -1},
    {"1e", "1", -1},
};

int main(void)
{
    int failures = 0, n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = sc_multiple_of_text(cases[i].value, strlen(cases[i].value), cases[i].divisor,
                                      strlen(cases[i].divisor));
        printf("%s %d - %s / %s: %d\n", got == cases[i].expected ? "ok" : "not ok", ++n,
               cases[i].value, cases[i].divisor, got);
        failures += got != cases[i].expected;
    }
    /* doubles through their shortest decimals */
    static const struct {
        double value, divisor;
        bool expected;
    } doubles[] = {{19.99, 0.01, true}, {19.991, 0.01, false}, {1e308, 0.5, true},
                   {1e21, 1, true},     {0.3, 0.1, true},      {-0.0, 0.1, true},
                   {0.1, 0.0, false},   {1.0 / 0.0, 1, false}};
    for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++) {
        bool got = sc_is_multiple_of(doubles[i].value, doubles[i].divisor);
        printf("%s %d - %.17g / %.17g (double)\n", got == doubles[i].expected ? "ok" : "not ok",
               ++n, doubles[i].value, doubles[i].divisor);
        failures += got != doubles[i].expected;
    }
    printf("1..%d\n", n);
    return failures != 0;
}
