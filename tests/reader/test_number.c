/* number.c: exact integers and correctly rounded doubles, whatever the
 * locale. strtod under the "C" locale is the reference. */
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "test.h"

static sc_number parse(const char *s)
{
    sc_number n;
    sc_number_parse(s, strlen(s), &n);
    return n;
}

static void number_should_keep_safe_integers_exact(void)
{
    sc_number n = parse("9007199254740991");
    CHECK(n.int_literal && n.int_exact && n.integer == INT64_C(9007199254740991));
    n = parse("-9007199254740991");
    CHECK(n.int_exact && n.integer == -INT64_C(9007199254740991));
    n = parse("9007199254740992");
    CHECK(n.int_literal && !n.int_exact && n.value == 9007199254740992.0);
    n = parse("99999999999999999999999");
    CHECK(n.int_literal && !n.int_exact && n.integral);
    n = parse("-0");
    CHECK(n.int_exact && n.integer == 0 && n.value == 0.0);
    n = parse("0");
    CHECK(n.int_exact && n.integer == 0);
}

static void number_should_tell_integral_values(void)
{
    CHECK(parse("1.0").integral && !parse("1.0").int_literal);
    CHECK(parse("1e2").integral);
    CHECK(parse("12.5e1").integral);
    CHECK(!parse("1.5").integral);
    CHECK(!parse("1e-1").integral);
    CHECK(parse("1e300").integral);
    CHECK(!parse("1e400").integral); /* infinite */
    CHECK(parse("1e-400").integral); /* 0 */
    CHECK(parse("-0.0").integral);
}

static void number_should_handle_extreme_literals(void)
{
    static char big[4000];
    sc_number n;

    n = parse("1e400");
    CHECK(n.value > 1e308 && n.value - n.value != 0.0);
    n = parse("-1e400");
    CHECK(n.value < -1e308);
    n = parse("0.4e00669999999999999999999999999999999999999999999999999999999999999999999999");
    CHECK(n.value - n.value != 0.0);
    n = parse("123e-10000000000000000000000000000");
    CHECK(n.value == 0.0);
    /* 3000 significant digits: the sticky digit keeps the rounding right.
     * 1.000...0001 (just above 1) must round to 1.0, and 0.5 + tiny above
     * the midpoint between two doubles rounds up. */
    memset(big, '0', sizeof big - 1);
    big[0] = '1';
    big[1] = '.';
    big[sizeof big - 2] = '1';
    big[sizeof big - 1] = '\0';
    CHECK(parse(big).value == 1.0);
    /* 2^53 + 1 is the midpoint of 2^53 and 2^53 + 2: ties to even (2^53),
     * but anything above it, however far down, rounds up. */
    strcpy(big, "9007199254740993.");
    memset(big + 17, '0', 3000);
    strcpy(big + 3017, "1");
    CHECK(parse(big).value == 9007199254740994.0);
    big[3017] = '0';
    CHECK(parse(big).value == 9007199254740992.0);
    n = parse("0.00000000000000000000000000000000000000000000000000000000000000000000000001e74");
    CHECK(n.value == 1.0 && n.integral);
}

static uint64_t rng_state = 88172645463325252u;

static uint64_t next_rand(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void random_literal(char *buf, size_t cap)
{
    size_t n = 0;
    int digits = 1 + (int)(next_rand() % 25);
    int frac = (int)(next_rand() % 3) ? (int)(next_rand() % 25) : 0;

    if (next_rand() % 2)
        buf[n++] = '-';
    buf[n++] = (char)('1' + next_rand() % 9);
    for (int i = 1; i < digits; i++)
        buf[n++] = (char)('0' + next_rand() % 10);
    if (frac) {
        buf[n++] = '.';
        for (int i = 0; i < frac; i++)
            buf[n++] = (char)('0' + next_rand() % 10);
    }
    if (next_rand() % 2)
        n += (size_t)snprintf(buf + n, cap - n, "e%d", (int)(next_rand() % 700) - 350);
    buf[n] = '\0';
}

static void number_should_match_strtod_in_every_locale(void)
{
    const char *locales[] = {"de_DE.UTF-8", "fr_FR.UTF-8", "C", NULL};
    char buf[128];
    unsigned long mismatches = 0, tested = 0;
    double ref[2000];
    char lits[2000][80];

    setlocale(LC_NUMERIC, "C");
    for (int i = 0; i < 2000; i++) {
        random_literal(lits[i], sizeof lits[i]);
        ref[i] = strtod(lits[i], NULL);
    }
    /* and neighbours of doubles printed exactly */
    for (const char **loc = locales; *loc; loc++) {
        if (!setlocale(LC_NUMERIC, *loc)) {
            printf("  locale %s not installed: not tested under it\n", *loc);
            continue;
        }
        printf("  under locale %s (decimal point '%s')\n", *loc, localeconv()->decimal_point);
        for (int i = 0; i < 2000; i++) {
            sc_number n = parse(lits[i]);
            tested++;
            if (memcmp(&n.value, &ref[i], sizeof(double)) != 0) {
                if (mismatches++ < 5)
                    fprintf(stderr, "[%s] %s: %.17g != %.17g\n", *loc, lits[i], n.value, ref[i]);
            }
        }
        for (int i = 0; i < 2000; i++) {
            double d;
            uint64_t bits = next_rand() & ~(UINT64_C(0x7FF) << 52);
            bits |= (uint64_t)(next_rand() % 2046 + 1) << 52; /* finite, normal */
            memcpy(&d, &bits, sizeof d);
            snprintf(buf, sizeof buf, "%.17g", d); /* locale-free? use C below */
            for (char *c = buf; *c; c++)
                if (*c == ',')
                    *c = '.';
            tested++;
            if (parse(buf).value != d && mismatches++ < 5)
                fprintf(stderr, "[%s] %s round trip failed\n", *loc, buf);
        }
    }
    setlocale(LC_NUMERIC, "C");
    printf("  %lu literals compared\n", tested);
    CHECK(mismatches == 0);
}

int main(void)
{
    RUN(number_should_keep_safe_integers_exact);
    RUN(number_should_tell_integral_values);
    RUN(number_should_handle_extreme_literals);
    RUN(number_should_match_strtod_in_every_locale);
    return TEST_RESULT();
}
