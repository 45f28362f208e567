/* Numeric keyword checks shared by generated code. */
#include "schemac/check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "number.h"

/* A JSON number text as digits x 10^exp: digits are the text's digits
 * from the first to the last that is not 0 (a '.' among them skipped),
 * none for zero. */
typedef struct decimal {
    bool negative;
    const char *first, *last; /* [first, last) */
    size_t count;             /* digits in [first, last) */
    int64_t exp;
} decimal;

/* Exponents beyond this are not followed (sc_multiple_of_text: -1). */
#define EXP_LIMIT INT64_C(100000000000000000)

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Reads -?digits(.digits)?([eE][+-]?digits)? (leading zeros allowed),
 * the whole of s[0..len): false for anything else or an exponent beyond
 * EXP_LIMIT. */
static bool read_decimal(const char *s, size_t len, decimal *d)
{
    const char *p = s, *end = s + len, *digits, *digits_end;
    int64_t e = 0, fraction = 0, zeros = 0;
    d->negative = p < end && *p == '-';
    digits = p += d->negative;
    while (p < end && is_digit(*p))
        p++;
    if (p == digits)
        return false;
    if (p < end && *p == '.') {
        const char *f = ++p;
        while (p < end && is_digit(*p))
            p++;
        if (p == f)
            return false;
        fraction = p - f;
    }
    digits_end = p;
    if (p < end && (*p == 'e' || *p == 'E')) {
        bool minus = false;
        const char *x;
        if (++p < end && (*p == '+' || *p == '-'))
            minus = *p++ == '-';
        for (x = p; p < end && is_digit(*p); p++)
            if ((e = e * 10 + (*p - '0')) > EXP_LIMIT)
                return false;
        if (p == x)
            return false;
        e = minus ? -e : e;
    }
    if (p != end)
        return false;
    d->first = digits;
    d->last = digits_end;
    while (d->first < d->last && (*d->first == '0' || *d->first == '.'))
        d->first++;
    while (d->last > d->first && (d->last[-1] == '0' || d->last[-1] == '.'))
        zeros += d->last[-1] == '0', d->last--;
    d->count = 0;
    for (const char *q = d->first; q < d->last; q++)
        d->count += *q != '.';
    /* the digits of the integer part that were trailing zeros went with
     * the fraction's, so the exponent counts every zero taken off */
    d->exp = e - fraction + zeros;
    return true;
}

int sc_multiple_of_text(const char *value, size_t value_len, const char *divisor,
                        size_t divisor_len)
{
    decimal v, d;
    uint64_t m = 0, r = 0;
    if (!read_decimal(divisor, divisor_len, &d) || d.negative || d.count == 0 ||
        d.count > SC_MULTIPLE_OF_DIGITS || !read_decimal(value, value_len, &v))
        return -1;
    if (v.count == 0) /* 0 and -0 */
        return 1;
    /* value / divisor = (V / D) x 10^k, V and D without trailing zeros:
     * for k < 0 an integer would need 10 to divide V */
    int64_t k = v.exp - d.exp;
    if (k < 0)
        return 0;
    for (const char *q = d.first; q < d.last; q++)
        if (*q != '.')
            m = m * 10 + (uint64_t)(*q - '0');
    if (m == 1)
        return 1;
    /* D | V x 10^k, decided as (V x 10^k) mod D digit by digit (r < D <
     * 10^18, so r x 10 + 9 fits). D < 10^18 has at most 59 factors 2 and
     * 25 factors 5: past 64, more zeros change nothing */
    for (const char *q = v.first; q < v.last; q++)
        if (*q != '.')
            r = (r * 10 + (uint64_t)(*q - '0')) % m;
    for (int64_t i = 0; i < k && i < 64 && r != 0; i++)
        r = r * 10 % m;
    return r == 0;
}

bool sc_is_multiple_of(double value, double divisor)
{
    char v[SC_NUMBER_TEXT_SIZE], d[SC_NUMBER_TEXT_SIZE];
    if (!isfinite(value) || !isfinite(divisor) || !(divisor > 0))
        return false;
    /* shortest round-trip forms: at most 17 digits and a 3-digit exponent,
     * which sc_multiple_of_text always decides */
    return sc_multiple_of_text(v, sc_number_text(value, v), d, sc_number_text(divisor, d)) == 1;
}

static bool same_float(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

void sc_float_interval(float f, double *lo, double *hi)
{
    double x = f;
    if (f == 0) { /* 2^-150, halfway to the smallest float, rounds to even: zero */
        double tiny = ldexp(1, -150);
        *lo = signbit(f) ? -tiny : 0.0;
        *hi = signbit(f) ? -0.0 : tiny;
        return;
    }
    /* the midpoints are exact in a double (25 significant bits); ties
     * round to the float with an even significand */
    float up = nextafterf(f, INFINITY), down = nextafterf(f, -INFINITY);
    if (isinf(up)) { /* FLT_MAX: sc_read_float refuses anything above it */
        *hi = x;
    } else {
        double m = (x + (double)up) / 2;
        *hi = same_float((float)m, f) ? m : nextafter(m, -INFINITY);
    }
    if (isinf(down)) {
        *lo = x;
    } else {
        double m = (x + (double)down) / 2;
        *lo = same_float((float)m, f) ? m : nextafter(m, INFINITY);
    }
}

static size_t add_form(double *out, size_t n, double v, double lo, double hi)
{
    if (!(v >= lo && v <= hi))
        return n;
    for (size_t i = 0; i < n; i++)
        if (memcmp(&out[i], &v, sizeof v) == 0)
            return n;
    out[n] = v;
    return n + 1;
}

size_t sc_float_forms(float f, const double *marks, size_t nmarks, double *out)
{
    double lo, hi, x = f;
    size_t n = 0;
    sc_float_interval(f, &lo, &hi);
    /* -0.0 >= -0.0 but also 0.0 <= -0.0: the sign of a zero form is
     * settled by reading it back, which compares the float's bits */
    n = add_form(out, n, x, lo, hi);
    n = add_form(out, n, nextafter(x, INFINITY), lo, hi);
    n = add_form(out, n, nextafter(x, -INFINITY), lo, hi);
    n = add_form(out, n, lo, lo, hi);
    n = add_form(out, n, hi, lo, hi);
    n = add_form(out, n, nextafter(lo, INFINITY), lo, hi);
    n = add_form(out, n, nextafter(hi, -INFINITY), lo, hi);
    for (size_t i = 0; i < nmarks; i++) {
        n = add_form(out, n, marks[i], lo, hi);
        n = add_form(out, n, nextafter(marks[i], INFINITY), lo, hi);
        n = add_form(out, n, nextafter(marks[i], -INFINITY), lo, hi);
    }
    return n;
}
