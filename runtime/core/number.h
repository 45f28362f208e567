/* schemac runtime, internal: converts a JSON number literal that the reader
 * has already delimited and checked against the RFC 8259 grammar. */
#ifndef SCHEMAC_NUMBER_H
#define SCHEMAC_NUMBER_H

#include <float.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define SC_INTERNAL __attribute__((visibility("hidden")))
#else
#define SC_INTERNAL
#endif

typedef struct sc_number {
    double value;     /* correctly rounded; +-inf when out of range */
    int64_t integer;  /* the exact value when int_exact */
    bool int_literal; /* no fraction and no exponent in the text */
    bool int_exact;   /* int_literal and |value| <= 2^53 - 1 */
    bool integral;    /* value is finite and has no fractional part */
} sc_number;

/* s[0..len) is one complete JSON number literal (grammar already checked). */
SC_INTERNAL void sc_number_parse(const char *s, size_t len, sc_number *out);

/* Bytes sc_number_text writes at most, with the NUL. */
#define SC_NUMBER_TEXT_SIZE 32

/* Finite v as sc_print_json writes it (an integer below 2^53 as one, any
 * other in its shortest round-trip form, whatever the C locale), to buf
 * with a NUL; returns its length. */
SC_INTERNAL size_t sc_number_text(double v, char buf[SC_NUMBER_TEXT_SIZE]);

typedef enum sc_number_status {
    SC_NUM_OK = 0,
    SC_NUM_NO_DIGIT,          /* no digit at the start or after '-' */
    SC_NUM_LEADING_ZERO,      /* a 0 followed by a digit */
    SC_NUM_NO_FRACTION_DIGIT, /* '.' not followed by a digit */
    SC_NUM_NO_EXPONENT_DIGIT  /* 'e', 'e+' or 'e-' not followed by a digit */
} sc_number_status;

/* Reads the literal that starts at s (not past end) in one pass: checks RFC
 * 8259's grammar and converts it. On success *stop is the first byte after
 * the literal and *out is set; on a grammar error *stop is the offending
 * byte (the '0' for a leading zero) and *out is unspecified. */
SC_INTERNAL sc_number_status sc_number_read(const char *s, const char *end, sc_number *out,
                                            const char **stop);

/* Clinger's fast path (an exact integer times or over an exact power of
 * ten, one IEEE operation) is only exact when double arithmetic is not
 * evaluated in a wider format (x87 would round twice). */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define SC_NUMBER_CLINGER 1
#else
#define SC_NUMBER_CLINGER 0
#endif

/* 1e0 .. 1e22: the powers of ten that are exact doubles. */
SC_INTERNAL extern const double sc_pow10_exact[23];

/* ---- short literals, read inline ----
 * Most numbers in documents are short: an id, a price, a coordinate. The
 * reader reads them inline with sc_number_short before it calls
 * sc_number_read, which reads everything else (and every malformed
 * literal, so the errors and their offsets are sc_number_read's). */

/* Bytes sc_number_short may read from s: a '-', 15 digits, a '.', and the
 * byte after them (s[17]). The reader takes the short path only when that
 * many bytes are left, so the loops need no end check of their own. */
#define SC_NUMBER_SHORT_ROOM 18

/* Reads -?(0|[1-9][0-9]*)(\.[0-9]+)? of at most 15 digits in all, not
 * followed by a digit or an exponent, at s (s[0..SC_NUMBER_SHORT_ROOM)
 * readable): returns the byte after it, the digits as one integer in
 * *digits (< 10^15, so an exact double) and the number of fraction
 * digits in *nfrac. Anything else (longer, an exponent, not a number,
 * malformed) returns NULL for sc_number_read to decide. */
static inline const char *sc_number_short(const char *s, uint64_t *digits, unsigned *nfrac)
{
    const unsigned char *d = (const unsigned char *)s + (*s == '-'), *p = d, *f, *lim = d + 15;
    uint64_t m = 0;
    uint32_t c;

    while (p < lim && (c = *p - (uint32_t)'0') < 10) {
        m = m * 10 + c;
        p++;
    }
    /* no digit, a leading zero, or a 16th digit */
    if (p == d || (*d == '0' && p - d > 1) || *p - (uint32_t)'0' < 10)
        return NULL;
    f = p;
    if (*p == '.') {
        f = ++p;
        lim = d + 16; /* the '.' takes one of the 16 places */
        while (p < lim && (c = *p - (uint32_t)'0') < 10) {
            m = m * 10 + c;
            p++;
        }
        if (p == f || *p - (uint32_t)'0' < 10)
            return NULL;
    }
    if ((*p | 0x20) == 'e')
        return NULL;
    *digits = m;
    *nfrac = (unsigned)(p - f);
    return (const char *)p;
}

/* The correctly rounded value of what sc_number_short read at s: what
 * sc_number_read gives for the same literal (Clinger: digits < 2^53,
 * nfrac <= 15). Needs SC_NUMBER_CLINGER. */
static inline double sc_number_short_value(const char *s, uint64_t digits, unsigned nfrac)
{
    double v = (double)digits / sc_pow10_exact[nfrac];
    return *s == '-' ? -v : v;
}

#endif /* SCHEMAC_NUMBER_H */
