/* JSON number literal -> exact int64 and correctly rounded double.
 *
 * sc_number_read walks the literal once: it checks RFC 8259's grammar and
 * gathers the first 19 significant digits into an integer m and the decimal
 * exponent e as it goes, so most numbers are never read twice. The reader
 * reads the commonest literals (at most 15 digits, no exponent) inline with
 * sc_number_short (number.h) first, and calls it for everything else.
 *
 * Why not strtod on the literal: strtod reads the decimal point of the
 * application's locale (LC_NUMERIC), so under de_DE "1.5" would stop at the
 * '.' and parse as 1. Three paths, all locale-independent:
 *
 *  - Clinger's fast path: when the significant digits form an integer
 *    m <= 2^53 and the decimal exponent e has |e| <= 22, both m and 10^|e|
 *    are exact doubles, so one IEEE multiplication or division gives the
 *    correctly rounded result (and for 22 < e <= 37, m * 10^(e-22) may still
 *    be an exact integer <= 2^53). Most numbers in real documents take it.
 *  - Eisel-Lemire for the other numbers of at most 19 significant digits
 *    (e.g. the 17 digits that print any double exactly): m times a 128-bit
 *    5^e from pow5_table.h, correctly rounded unless it detects a case it
 *    cannot decide (near-halfway, subnormal, overflow), which goes on to:
 *  - the exact path (more than 19 significant digits or an undecided
 *    case: rare in documents): the digits are rewritten as "DIGITS" "e"
 *    EXPONENT, an integer
 *    significand with no decimal point at all, and given to strtod (glibc's
 *    is correctly rounded). Without a '.', the locale cannot matter, and
 *    unlike cJSON's swap of '.' for localeconv()->decimal_point it reads no
 *    process-global state. Only the first MAX_DIGITS significant digits are
 *    kept, followed by a sticky '1' when any were dropped: a double needs at
 *    most 767 significant digits to decide rounding, so this rounds exactly
 *    as the full literal would, with a bounded stack buffer and no heap.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "number.h"
#include "schemac/reader.h"

#include "pow5_table.h"

#define MAX_DIGITS 780
/* Exponents and digit counts saturate here: no real input is that long, and
 * the sum of four such terms still fits in int64_t. */
#define SAT INT64_C(100000000000000000)
/* Beyond any double's range: what strtod is given at most. */
#define EXP_CLAMP INT64_C(100000000)

const double sc_pow10_exact[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static bool is_integral(double v)
{
    if (!(v - v == 0.0)) /* inf or nan */
        return false;
    if (v >= 4503599627370496.0 || v <= -4503599627370496.0) /* 2^52 */
        return true;
    return v == (double)(int64_t)v;
}

static int64_t clamp_size(size_t n)
{
    return n > (size_t)SAT ? SAT : (int64_t)n;
}

/* The general path: re-reads the literal (grammar already checked). */
static void parse_general(const char *s, size_t len, sc_number *out)
{
    const char *p = s, *end = s + len;
    const char *ib, *ie, *fb = NULL, *fe = NULL;
    bool neg = false;
    int64_t exp = 0;
    size_t ni, nf, n, first, last, nd;
    double v;

    out->value = 0.0;
    out->integer = 0;
    out->int_literal = false;
    out->int_exact = false;
    out->integral = false;

    if (p < end && *p == '-') {
        neg = true;
        p++;
    }
    ib = p;
    while (p < end && (unsigned)(*p - '0') < 10)
        p++;
    ie = p;
    if (p < end && *p == '.') {
        fb = ++p;
        while (p < end && (unsigned)(*p - '0') < 10)
            p++;
        fe = p;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        bool eneg = false;
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            eneg = *p++ == '-';
        for (; p < end; p++)
            if (exp < SAT)
                exp = exp * 10 + (*p - '0');
        if (eneg)
            exp = -exp;
    } else if (!fb) {
        /* An integer literal: exact when within +-(2^53-1). 16 digits
         * cannot overflow uint64 and cover every safe integer. */
        out->int_literal = true;
        if (ie - ib <= 16) {
            uint64_t u = 0;
            for (const char *q = ib; q < ie; q++)
                u = u * 10 + (uint64_t)(*q - '0');
            if (u <= (uint64_t)SC_MAX_SAFE_INTEGER) {
                out->integer = neg ? -(int64_t)u : (int64_t)u;
                out->value = neg ? -(double)u : (double)u;
                out->int_exact = true;
                out->integral = true;
                return;
            }
        }
    }

    /* Significand digits: the integer part then the fraction, as one
     * virtual string D; value = D * 10^(exp - nf). */
    ni = (size_t)(ie - ib);
    nf = fb ? (size_t)(fe - fb) : 0;
    n = ni + nf;
#define DIGIT(i) ((i) < ni ? ib[(i)] : fb[(i)-ni])
    first = 0;
    while (first < n && DIGIT(first) == '0')
        first++;
    if (first == n) {
        v = 0.0;
        goto done;
    }
    last = n - 1;
    while (DIGIT(last) == '0')
        last--;
    nd = last - first + 1;
    /* value = D[first..last] * 10^e10 */
    {
        int64_t e10 = exp - clamp_size(nf) + clamp_size(n - 1 - last);

        if (SC_NUMBER_CLINGER && nd <= 19 && e10 >= -22 && e10 <= 22) {
            uint64_t m = 0;
            for (size_t i = first; i <= last; i++)
                m = m * 10 + (uint64_t)(DIGIT(i) - '0');
            if (m <= (UINT64_C(1) << 53)) {
                v = e10 >= 0 ? (double)m * sc_pow10_exact[e10] : (double)m / sc_pow10_exact[-e10];
                goto done;
            }
        }
        {
            char buf[MAX_DIGITS + 32];
            size_t k = 0, keep = nd > MAX_DIGITS ? MAX_DIGITS : nd;

            for (size_t i = first; i < first + keep; i++)
                buf[k++] = DIGIT(i);
            if (keep < nd) {
                /* Dropped digits include the last, which is non-zero. */
                buf[k++] = '1';
                e10 += clamp_size(nd - keep) - 1;
            }
            if (e10 > EXP_CLAMP)
                e10 = EXP_CLAMP;
            if (e10 < -EXP_CLAMP)
                e10 = -EXP_CLAMP;
            snprintf(buf + k, sizeof buf - k, "e%lld", (long long)e10);
            v = strtod(buf, NULL); /* ERANGE is seen as inf or 0 below */
        }
    }
#undef DIGIT
done:
    out->value = neg ? -v : v;
    out->integral = is_integral(out->value);
}

#define IS_DIGIT(c) ((unsigned)((c) - '0') < 10)
/* 2^53: every integer up to it is an exact double. */
#define EXACT_MANTISSA (UINT64_C(1) << 53)

static const uint64_t pow10_int[] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
};

/* Clinger's fast path for m * 10^e10, or false when it cannot decide. */
static bool fast_value(uint64_t m, int64_t e10, double *v)
{
    if (!SC_NUMBER_CLINGER)
        return false;
    if (m == 0) {
        *v = 0.0;
        return true;
    }
    if (m > EXACT_MANTISSA)
        return false;
    if (e10 < 0) {
        if (e10 < -22)
            return false;
        *v = (double)m / sc_pow10_exact[-e10];
        return true;
    }
    if (e10 <= 22) {
        *v = (double)m * sc_pow10_exact[e10];
        return true;
    }
    /* 1.5e30 = 15 * 10^29 = 15000000 * 10^22: exact while m stays <= 2^53 */
    if (e10 - 22 < (int64_t)(sizeof pow10_int / sizeof pow10_int[0]) &&
        m <= EXACT_MANTISSA / pow10_int[e10 - 22]) {
        *v = (double)(m * pow10_int[e10 - 22]) * sc_pow10_exact[22];
        return true;
    }
    return false;
}

/* ---- Eisel-Lemire ----
 * Lemire, "Number Parsing at a Gigabyte per Second" (2021), as fast_float
 * and Go's strconv implement it: for any m < 2^64 and -342 <= e10 <= 308,
 * the top bits of m * 5^e10 (from a 128-bit table) give the correctly
 * rounded double, except in rare cases it detects, where it gives up and
 * the exact strtod path decides. Written out here because no C library in
 * Debian offers it; proven bit for bit against strtod by
 * tests/reader/test_number_random.c. */

/* hi:lo = a * b */
static void mul_64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
    __extension__ typedef unsigned __int128 u128;
    u128 p = (u128)a * b;
    *hi = (uint64_t)(p >> 64);
    *lo = (uint64_t)p;
#else
    uint64_t a0 = a & 0xFFFFFFFF, a1 = a >> 32, b0 = b & 0xFFFFFFFF, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFF) + (p10 & 0xFFFFFFFF);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFF);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

static int leading_zeros(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(x);
#else
    int n = 0;
    while (!(x & (UINT64_C(1) << 63))) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

/* floor(log2(10^q)) + 63 for -342 <= q <= 308, without shifting a negative
 * number (implementation-defined in C). */
static int64_t binary_exponent(int64_t q)
{
    int64_t t = (152170 + 65536) * q;
    return (t >= 0 ? t / 65536 : -((-t + 65535) / 65536)) + 63;
}

/* m * 10^e10 (m > 0) correctly rounded, or false to leave it to strtod. */
static bool eisel_lemire(uint64_t m, int64_t e10, double *v)
{
    uint64_t hi, lo, hi2, lo2, mant, bits;
    int lz, upper, shift;
    int64_t p2;
    const uint64_t *t;

    if (e10 < POW5_MIN_Q || e10 > POW5_MAX_Q)
        return false; /* 0 or infinity, but strtod says which exactly */
    t = pow5_128[e10 - POW5_MIN_Q];
    lz = leading_zeros(m);
    m <<= lz;
    mul_64x64(m, t[0], &hi, &lo);
    if ((hi & 0x1FF) == 0x1FF) {
        /* the low 9 bits decide nothing yet: refine with the next word */
        mul_64x64(m, t[1], &hi2, &lo2);
        lo += hi2;
        if (lo < hi2)
            hi++;
        /* still undecided: give up (Lemire's conservative test) */
        if ((hi & 0x1FF) == 0x1FF && lo == UINT64_MAX)
            return false;
    }
    (void)lo2;
    upper = (int)(hi >> 63);
    shift = upper + 64 - 52 - 3;
    mant = hi >> shift;
    p2 = binary_exponent(e10) + upper - lz + 1023;
    if (p2 <= 0)
        return false; /* subnormal or zero: rare, strtod handles it */
    /* maybe exactly halfway between two doubles: give up (as Go does) */
    if (lo == 0 && (hi & 0x1FF) == 0 && (mant & 3) == 1)
        return false;
    mant += mant & 1;
    mant >>= 1;
    if (mant >= (UINT64_C(2) << 52)) {
        mant = UINT64_C(1) << 52;
        p2++;
    }
    mant &= ~(UINT64_C(1) << 52);
    if (p2 >= 0x7FF)
        return false; /* infinity: strtod (and ERANGE) decide */
    bits = mant | (uint64_t)p2 << 52;
    memcpy(v, &bits, sizeof *v);
    return true;
}

sc_number_status sc_number_read(const char *s, const char *end, sc_number *out, const char **stop)
{
    const char *p = s, *sig, *frac;
    bool neg = false, plain = true;
    uint64_t m = 0; /* significant digits; exact while nsig <= 19 */
    size_t nsig, nfrac = 0;
    int64_t exp = 0;
    double v;

    if (p < end && *p == '-') {
        neg = true;
        p++;
    }
    if (p >= end || !IS_DIGIT(*p)) {
        *stop = p;
        return SC_NUM_NO_DIGIT;
    }
    if (*p == '0') {
        p++;
        if (p < end && IS_DIGIT(*p)) {
            *stop = p - 1;
            return SC_NUM_LEADING_ZERO;
        }
        sig = p; /* a lone 0 adds no significant digit */
    } else {
        sig = p;
        do {
            m = m * 10 + (uint64_t)(*p - '0');
            p++;
        } while (p < end && IS_DIGIT(*p));
    }
    nsig = (size_t)(p - sig);
    if (p < end && *p == '.') {
        plain = false;
        frac = ++p;
        if (p >= end || !IS_DIGIT(*p)) {
            *stop = p;
            return SC_NUM_NO_FRACTION_DIGIT;
        }
        if (nsig == 0)
            while (p < end && *p == '0') /* 0.000123: leading zeros are not significant */
                p++;
        sig = p;
        while (p < end && IS_DIGIT(*p)) {
            m = m * 10 + (uint64_t)(*p - '0');
            p++;
        }
        nsig += (size_t)(p - sig);
        nfrac = (size_t)(p - frac);
    }
    if (p < end && (*p | 0x20) == 'e') {
        bool eneg = false;
        plain = false;
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            eneg = *p++ == '-';
        if (p >= end || !IS_DIGIT(*p)) {
            *stop = p;
            return SC_NUM_NO_EXPONENT_DIGIT;
        }
        do {
            if (exp < SAT)
                exp = exp * 10 + (*p - '0');
            p++;
        } while (p < end && IS_DIGIT(*p));
        if (eneg)
            exp = -exp;
    }
    *stop = p;

    if (nsig <= 19) {
        if (plain) {
            if (m <= (uint64_t)SC_MAX_SAFE_INTEGER) {
                out->integer = neg ? -(int64_t)m : (int64_t)m;
                out->value = neg ? -(double)m : (double)m;
                out->int_literal = out->int_exact = out->integral = true;
                return SC_NUM_OK;
            }
        } else if (fast_value(m, exp - clamp_size(nfrac), &v) ||
                   (SC_NUMBER_CLINGER && eisel_lemire(m, exp - clamp_size(nfrac), &v))) {
            out->value = neg ? -v : v;
            out->integer = 0;
            out->int_literal = out->int_exact = false;
            out->integral = is_integral(out->value);
            return SC_NUM_OK;
        }
    }
    parse_general(s, (size_t)(p - s), out);
    return SC_NUM_OK;
}

void sc_number_parse(const char *s, size_t len, sc_number *out)
{
    const char *stop;

    if (sc_number_read(s, s + len, out, &stop) != SC_NUM_OK || stop != s + len)
        parse_general(s, len, out); /* not a literal: as before, read what is there */
}

/* %g output with whatever the locale uses as decimal point turned into
 * '.', so that the text is JSON under any LC_NUMERIC. */
static size_t format_g(char *buf, size_t size, int precision, double v)
{
    char raw[64];
    int n = snprintf(raw, sizeof raw, "%.*g", precision, v);
    size_t k = 0;
    bool dot = false;
    for (int i = 0; i < n && k + 1 < size; i++) {
        char c = raw[i];
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == 'e') {
            buf[k++] = c;
            dot = false;
        } else if (!dot) {
            buf[k++] = '.'; /* the decimal point, however many bytes it took */
            dot = true;
        }
    }
    buf[k] = '\0';
    return k;
}

/* The text sc_print_json writes for finite v: an integer below 2^53 as
 * one, any other in the shortest form that reads back exactly. */
size_t sc_number_text(double v, char buf[SC_NUMBER_TEXT_SIZE])
{
    size_t n = 0;
    if (v == floor(v) && fabs(v) < 9007199254740992.0) {
        n = (size_t)snprintf(buf, SC_NUMBER_TEXT_SIZE, "%.0f", v);
    } else {
        /* the first precision that reads back is the shortest form. For a
         * normal double no shorter form than %.15g's exists when that reads
         * back (it rounds to the shortest one and %g drops the zeros), so
         * start there; a subnormal has fewer digits of its own (5e-324) */
        int first = fabs(v) < DBL_MIN ? 1 : 15;
        for (int precision = first; precision <= 17; precision++) {
            sc_number back;
            n = format_g(buf, SC_NUMBER_TEXT_SIZE, precision, v);
            sc_number_parse(buf, n, &back);
            if (back.value == v)
                break;
        }
        /* %g writes 9007199254740992 for 2^53: as an integer literal beyond
         * 2^53 - 1 the reader would refuse it, so keep it a fraction */
        if (strpbrk(buf, ".e") == NULL && n + 2 < SC_NUMBER_TEXT_SIZE) {
            memcpy(buf + n, ".0", 3);
            n += 2;
        }
    }
    return n;
}
