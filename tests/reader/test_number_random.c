/* The reader's numbers against strtod, bit for bit, over many random and
 * adversarial literals: the reader converts most numbers on a fast path of
 * its own (runtime/core/number.c), and strtod under the "C" locale (glibc's is
 * correctly rounded) is the outside authority it must agree with.
 *
 * Each literal goes through sc_read_double (alone and inside an array,
 * followed by more text), sc_skip_value and, when it is a plain integer,
 * sc_read_int; and all three again inside an array followed by 0 to 40
 * bytes of white space, in a buffer of exactly that size (the reader reads
 * short literals inline only with room after them, so both of its paths
 * and the switch between them are taken, and ASan sees any read past the
 * end). Expected: the double strtod gives, bit for bit
 * (so -0 stays -0); SC_ERR_NUMBER where strtod overflows to infinity or
 * where an integer literal lies beyond +-(2^53-1); sc_read_int exactly
 * strtoll's value.
 *
 * Forms: short literals of up to 17 digits with and without a fraction,
 * around the 15 digits the reader reads inline (documents are mostly made
 * of these); random digit strings with and without fraction and exponent;
 * doubles (normal and subnormal) printed with 1 to 21 significant digits;
 * 17-19 digit significands over the whole exponent range; exact midpoints
 * between neighbouring doubles and literals just below and above them;
 * exponents at the limits (near 1e308, 5e-324, 2.2250738585072014e-308) and
 * beyond; -0 and zeros with any exponent; huge exponents and long runs of
 * leading zeros; integers around 2^53 and 2^64.
 *
 * Usage: test_number_random [COUNT [SEED]] (meson runs a fixed seed). */
#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/reader.h"

#define MAX_LIT 1200

static uint64_t state;

static uint64_t next(void)
{
    /* splitmix64: a fixed, portable sequence for a given seed */
    uint64_t z = (state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
    return (unsigned)(next() % n);
}

static size_t put_digits(char *b, size_t n, unsigned count, int first_nonzero)
{
    for (unsigned i = 0; i < count; i++)
        b[n++] = (char)((i == 0 && first_nonzero ? '1' + below(9) : '0' + below(10)));
    return n;
}

/* Any finite double from random bits: normal, subnormal, or zero. */
static double random_double(void)
{
    double d;
    uint64_t bits = next();
    switch (below(4)) {
    case 0: /* subnormal (or zero) */
        bits &= ~(UINT64_C(0x7FF) << 52);
        break;
    case 1: /* near the top or bottom of the range */
        bits = (bits & ~(UINT64_C(0x7FF) << 52)) |
               (uint64_t)(below(2) ? 2046 - below(8) : 1 + below(8)) << 52;
        break;
    default:
        bits = (bits & ~(UINT64_C(0x7FF) << 52)) | (uint64_t)(1 + below(2046)) << 52;
        break;
    }
    memcpy(&d, &bits, sizeof d);
    return d;
}

/* Rewrites C's "%.Ne" output ("-1.2345e+07") as a JSON literal, with its
 * exponent in a random but equivalent spelling. */
static void to_json(char *buf)
{
    char *e = strchr(buf, 'e');
    if (!e)
        return;
    long exp = strtol(e + 1, NULL, 10);
    int zeros = below(8) == 0 ? (int)below(30) : 0; /* 1e0000000308 */
    const char *sign = exp < 0 ? "-" : below(2) ? "+" : "";
    snprintf(e, (size_t)(MAX_LIT - (e - buf)), "%c%s%.*s%ld", below(2) ? 'e' : 'E', sign, zeros,
             "000000000000000000000000000000", labs(exp));
}

/* The exact decimal midpoint of d and the next double up, or a literal one
 * unit of its 17th-19th digit below or above it. Needs a long double that
 * holds the 54-bit midpoint exactly (x86's 64-bit significand). */
static int midpoint(char *buf)
{
#if LDBL_MANT_DIG >= 64
    double d = fabs(random_double());
    double up = nextafter(d, INFINITY);
    long double mid;
    if (isinf(up))
        return 0;
    mid = ((long double)d + (long double)up) / 2;
    snprintf(buf, MAX_LIT, "%.780Le", mid); /* exact: a midpoint has <= 767 digits */
    {
        char *e = strchr(buf, 'e'), *z = e;
        while (z[-1] == '0')
            z--;
        if (z[-1] == '.')
            z--;
        memmove(z, e, strlen(e) + 1);
    }
    if (below(3) == 0) {
        /* cut to 17-19 digits: just below the midpoint; +1 in the last
         * digit: just above (carry ignored: any literal is a fair test) */
        unsigned keep = 17 + below(3);
        char *e = strchr(buf, 'e');
        char tail[16];
        size_t n = 2 + (keep - 1); /* "d." + digits */
        if ((size_t)(e - buf) > n) {
            strcpy(tail, e);
            if (below(2) && buf[n - 1] < '9')
                buf[n - 1]++;
            strcpy(buf + n, tail);
        }
    }
    to_json(buf);
    return 1;
#else
    (void)buf;
    return 0;
#endif
}

static void random_literal(char *buf)
{
    size_t n = 0;

    switch (below(14)) {
    case 12:
    case 13: { /* short: -?(0|[1-9][0-9]{0,16})(.[0-9]{1,17})? */
        unsigned digits = 1 + below(17), frac = below(3) ? 1 + below(17) : 0;
        if (below(2))
            buf[n++] = '-';
        if (below(8) == 0)
            buf[n++] = '0';
        else
            n = put_digits(buf, n, digits, 1);
        if (frac) {
            buf[n++] = '.';
            n = put_digits(buf, n, frac, 0);
        }
        buf[n] = '\0';
        return;
    }
    case 0:
    case 1: { /* random digits, optional fraction and exponent */
        unsigned digits = 1 + below(25), frac = below(3) ? below(25) : 0;
        if (below(2))
            buf[n++] = '-';
        if (below(6) == 0) {
            buf[n++] = '0';
            if (!frac)
                frac = 1 + below(25);
        } else {
            n = put_digits(buf, n, digits, 1);
        }
        if (frac) {
            buf[n++] = '.';
            n = put_digits(buf, n, frac, 0);
        }
        if (below(2))
            n += (size_t)snprintf(buf + n, MAX_LIT - n, "e%d", (int)below(700) - 350);
        buf[n] = '\0';
        return;
    }
    case 2:
    case 3:
    case 4: { /* a double printed with 1..21 significant digits */
        double d = random_double();
        snprintf(buf, MAX_LIT, "%.*e", (int)below(21), d);
        to_json(buf);
        return;
    }
    case 5:
    case 6: { /* 17-19 digit significands anywhere in the range */
        if (below(2))
            buf[n++] = '-';
        n = put_digits(buf, n, 1, 1);
        buf[n++] = '.';
        n = put_digits(buf, n, 16 + below(3), 0);
        snprintf(buf + n, MAX_LIT - n, "e%d", (int)below(660) - 330);
        return;
    }
    case 7:
        if (midpoint(buf))
            return;
        /* fall through */
    case 8: { /* exponents at and beyond the limits */
        static const char *const forms[] = {
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "179769313486231580793728971405301e276",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "2.2250738585072012e-308",
            "1e-400",
            "1e400",
            "-1e400",
            "9.9999999999999999e22",
            "1e23",
            "8.98846567431158e307",
            "1e22",
            "1e-22",
        };
        if (below(2)) {
            strcpy(buf, forms[below(sizeof forms / sizeof forms[0])]);
            return;
        }
        if (below(2))
            buf[n++] = '-';
        n = put_digits(buf, n, 1 + below(19), 1);
        snprintf(buf + n, MAX_LIT - n, "e%d",
                 below(2) ? 290 + (int)below(30) : -(300 + (int)below(50)));
        return;
    }
    case 9: { /* zeros, -0, leading zeros in fraction and exponent */
        static const char *const forms[] = {"-0",
                                            "0",
                                            "-0.0",
                                            "0.0e5",
                                            "-0e-999999",
                                            "0e400",
                                            "-0.000000000000000000000000000000e+99999999999999",
                                            "0.00000000000000000000000000000000000001e38",
                                            "1e00000000000000000000000000000000000000000001",
                                            "-1e-0000000000000000000000000000000000000000000324",
                                            "1e9999999999999999999999999",
                                            "1e-9999999999999999999999"};
        if (below(2)) {
            strcpy(buf, forms[below(sizeof forms / sizeof forms[0])]);
            return;
        }
        if (below(2))
            buf[n++] = '-';
        buf[n++] = '0';
        buf[n++] = '.';
        unsigned zeros = below(400);
        memset(buf + n, '0', zeros);
        n += zeros;
        n = put_digits(buf, n, 1 + below(20), 1);
        snprintf(buf + n, MAX_LIT - n, "e%d", (int)below(740) - 20);
        return;
    }
    default: { /* integers: around 2^53, 2^63, 2^64 and random lengths */
        static const char *const forms[] = {
            "9007199254740991",     "-9007199254740991",    "9007199254740992",
            "9007199254740993",     "-9007199254740993",    "9223372036854775807",
            "9223372036854775808",  "18446744073709551615", "18446744073709551616",
            "99999999999999999999", "4503599627370496",     "4503599627370497",
        };
        if (below(4) == 0) {
            strcpy(buf, forms[below(sizeof forms / sizeof forms[0])]);
            return;
        }
        if (below(2))
            buf[n++] = '-';
        n = put_digits(buf, n, 1 + below(21), 1);
        buf[n] = '\0';
        return;
    }
    }
}

static int failures;

static void fail(const char *lit, const char *what)
{
    if (failures++ < 20)
        fprintf(stderr, "FAIL %s: %s\n", lit, what);
}

/* "[" lit, 0 to 40 spaces and "]" in a buffer of exactly that size: the
 * same result as the literal alone (rc, got) from sc_read_double, from
 * sc_skip_value, and from sc_read_int for a plain integer. */
static void check_with_room(const char *lit, int rc, double got, sc_arena *arena)
{
    size_t len = strlen(lit), room = below(41), n = len + room + 2;
    char *doc = malloc(n);
    const char *after = doc + 1 + len;
    int plain = strpbrk(lit, ".eE") == NULL;
    double in_doc = 0;
    sc_reader r;
    sc_error err;

    doc[0] = '[';
    memcpy(doc + 1, lit, len);
    memset(doc + 1 + len, ' ', room);
    doc[n - 1] = ']';

    sc_reader_init(&r, doc, n, arena, &err);
    if (sc_read_array_begin(&r) != 0 || sc_next_element(&r) != 1)
        fail(lit, "array not opened");
    else if (sc_read_double(&r, &in_doc) != rc ||
             (rc == 0 && (memcmp(&in_doc, &got, sizeof got) != 0 || r.p != after)) ||
             (rc != 0 && err.offset != 1))
        fail(lit, "read differently with room after it");

    sc_reader_init(&r, doc, n, arena, &err);
    if (sc_skip_value(&r) != rc || (rc != 0 && err.offset != 1))
        fail(lit, "skipped differently with room after it");

    if (plain && rc == 0) {
        int64_t v = 0;
        sc_reader_init(&r, doc, n, arena, &err);
        if (sc_read_array_begin(&r) != 0 || sc_next_element(&r) != 1 ||
            sc_read_int(&r, &v, INT64_MIN, INT64_MAX) != 0 || v != strtoll(lit, NULL, 10) ||
            r.p != after)
            fail(lit, "sc_read_int differs with room after it");
    }
    free(doc);
    sc_arena_reset(arena);
}

static void check_literal(const char *lit, sc_arena *arena)
{
    size_t len = strlen(lit);
    int plain = strpbrk(lit, ".eE") == NULL;
    double ref = strtod(lit, NULL), got = 0;
    int expect_error = isinf(ref) || (plain && fabs(ref) > 9007199254740991.0);
    sc_reader r;
    sc_error err;
    int rc;
    char msg[400];

    sc_reader_init(&r, lit, len, arena, &err);
    rc = sc_read_double(&r, &got);
    if (expect_error) {
        if (rc != SC_ERR_NUMBER) {
            snprintf(msg, sizeof msg, "expected SC_ERR_NUMBER, got %d (%.17g)", rc, got);
            fail(lit, msg);
        }
    } else if (rc != 0 || r.p != lit + len) {
        snprintf(msg, sizeof msg, "rejected (%d: %s)", rc, err.message);
        fail(lit, msg);
    } else if (memcmp(&got, &ref, sizeof got) != 0) {
        snprintf(msg, sizeof msg, "%.17g (%a) != strtod %.17g (%a)", got, got, ref, ref);
        fail(lit, msg);
    }

    sc_reader_init(&r, lit, len, arena, &err);
    if (sc_skip_value(&r) != (expect_error ? SC_ERR_NUMBER : 0))
        fail(lit, "sc_skip_value disagrees with sc_read_double");

    /* Inside a document, followed by more text: the reader reads digits
     * several bytes at a time, and must stop exactly at the literal's end. */
    {
        static const char *const after[] = {"]", ",1]", " ]", ",\"e\"]", ",-0.5e1]", ",12345678]"};
        char doc[MAX_LIT + 16];
        double in_doc = 0;
        int n = snprintf(doc, sizeof doc, "[%s%s", lit, after[len % 6]);
        sc_reader_init(&r, doc, (size_t)n, arena, &err);
        if (sc_read_array_begin(&r) != 0 || sc_next_element(&r) != 1)
            fail(lit, "array not opened");
        else if (sc_read_double(&r, &in_doc) != rc ||
                 (rc == 0 && (memcmp(&in_doc, &got, sizeof got) != 0 || r.p != doc + 1 + len)))
            fail(lit, "read differently inside a document");
    }

    if (plain && !expect_error) {
        int64_t v = 0;
        long long want = strtoll(lit, NULL, 10);
        sc_reader_init(&r, lit, len, arena, &err);
        if (sc_read_int(&r, &v, INT64_MIN, INT64_MAX) != 0 || v != want)
            fail(lit, "sc_read_int is not strtoll's value");
    }
    sc_arena_reset(arena);
    check_with_room(lit, rc, got, arena);
}

int main(int argc, char **argv)
{
    unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261122;
    char buf[MAX_LIT];
    sc_arena arena;

    setlocale(LC_ALL, "C");
    state = seed;
    sc_arena_init(&arena, NULL);
    for (unsigned long i = 0; i < count; i++) {
        random_literal(buf);
        check_literal(buf, &arena);
    }
    sc_arena_release(&arena);
    printf("%lu literals (seed %llu) compared with strtod: %d failed\n", count,
           (unsigned long long)seed, failures);
    return failures ? 1 : 0;
}
