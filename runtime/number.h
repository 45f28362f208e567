/* schemac runtime, internal: converts a JSON number literal that the reader
 * has already delimited and checked against the RFC 8259 grammar. */
#ifndef SCHEMAC_NUMBER_H
#define SCHEMAC_NUMBER_H

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

#endif /* SCHEMAC_NUMBER_H */
