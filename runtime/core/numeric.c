/* Numeric keyword checks shared by generated code. */
#include "schemac/check.h"

#include <math.h>
#include <string.h>

bool sc_is_multiple_of(double value, double divisor)
{
    /* ajv computes q = value / divisor and accepts when q === parseInt(q).
     * parseInt goes through the number's string form, so a quotient of
     * 1e21 or more ("1e+21") is never an integer to it; below 2^53 every
     * integral double converts exactly through int64_t; in between every
     * double is integral. */
    double q = value / divisor;
    double magnitude = q < 0 ? -q : q;
    if (!(magnitude < 1e21))
        return false;
    if (magnitude >= 9007199254740992.0)
        return true;
    return q == (double)(long long)q;
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
