/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: value checks shared by generated decoders and validators.
 * Strings are given as pointer + byte length and need not be NUL-terminated. */
#ifndef SCHEMAC_CHECK_H
#define SCHEMAC_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "export.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing
 * above U+10FFFF. */
SC_API bool sc_utf8_valid(const char *s, size_t len);
/* Code points in valid UTF-8 (what JSON Schema's minLength/maxLength count). */
SC_API size_t sc_utf8_count(const char *s, size_t len);

/* The formats schemac checks, with the meaning JSON Schema draft 2020-12
 * (and ajv-formats' "full" mode) gives them: X(ID, "name"), in the order of
 * sc_format. The generator reads this list too, so a tag, its enumerator and
 * its checker cannot drift apart. */
#define SC_FORMATS(X)                                                                              \
    X(DATE_TIME, "date-time") /* RFC 3339 date-time, leap second only at 23:59:60 UTC */           \
    X(DATE, "date")           /* RFC 3339 full-date, real calendar days */                         \
    X(TIME, "time")           /* RFC 3339 full-time, offset required */                            \
    X(EMAIL, "email")         /* RFC 5321 Mailbox, ASCII */                                        \
    X(URI, "uri")             /* RFC 3986 URI (absolute, with scheme) */                           \
    X(UUID, "uuid")           /* RFC 4122 textual form */                                          \
    X(IPV4, "ipv4")           /* dotted quad, no leading zeros */                                  \
    X(IPV6, "ipv6")           /* RFC 4291 text forms */                                            \
    X(HOSTNAME, "hostname")   /* RFC 1123 host name */

typedef enum sc_format {
#define SC_FORMAT_ENUMERATOR(id, name) SC_FORMAT_##id,
    SC_FORMATS(SC_FORMAT_ENUMERATOR)
#undef SC_FORMAT_ENUMERATOR
} sc_format;

SC_API bool sc_format_valid(sc_format format, const char *s, size_t len);
/* The format's JSON Schema name, e.g. "date-time". */
SC_API const char *sc_format_name(sc_format format);

/* multipleOf (JSON Schema Validation 6.2.1) decided exactly in decimal:
 * whether value / divisor is an integer, each a JSON number text
 * (-?digits(.digits)?([eE][+-]?digits)?, the whole of the bytes given).
 * 1: it is (0 and -0 are multiples of anything); 0: it is not; -1:
 * undecided, when a text is not a number, the divisor is not > 0 or has
 * more than SC_MULTIPLE_OF_DIGITS significant digits, or an exponent is
 * beyond +-10^17 (docs/strictness.md). Time is linear in the texts, with
 * no allocation. */
#define SC_MULTIPLE_OF_DIGITS 18
SC_API int sc_multiple_of_text(const char *value, size_t value_len, const char *divisor,
                               size_t divisor_len);
/* The same on the shortest round-trip decimals of two finite doubles
 * (what the encoder writes): always decided; false when either is not
 * finite or divisor is not > 0. */
SC_API bool sc_is_multiple_of(double value, double divisor);

/* The doubles a document's number may be for sc_read_float to store f
 * (the sign of zero kept): [*lo, *hi]. */
SC_API void sc_float_interval(float f, double *lo, double *hi);

/* Numbers a float variant of an untagged union may be written as so that
 * they read back as f: f itself first, then the ends of its interval, its
 * neighbours, and each mark (a bound of the union's number variants) in
 * the interval with its neighbours; the generated code keeps the first
 * that its union reads back as the same variant and float. At most
 * SC_FLOAT_FORMS(nmarks) numbers are written to out; returns the count. */
#define SC_FLOAT_FORMS(nmarks) (7 + 3 * (nmarks))
SC_API size_t sc_float_forms(float f, const double *marks, size_t nmarks, double *out);

/* uniqueItems: the index of the first element equal to an earlier one, or
 * n when all are distinct. Equality is JSON equality of the values (so for
 * doubles 0.0 == -0.0). Runs in expected linear time; allocates a
 * temporary table with malloc for large arrays and returns n + 1 if that
 * fails (callers report SC_ERR_NOMEM). */
typedef enum sc_unique_kind {
    SC_UNIQUE_BYTES,  /* integers, enums, bools: equal iff the bytes are */
    SC_UNIQUE_DOUBLE, /* double elements */
    SC_UNIQUE_FLOAT,  /* float elements */
    SC_UNIQUE_STRPTR, /* char * elements (NUL-terminated) */
    SC_UNIQUE_CHARBUF /* char [size] elements (NUL-terminated within size) */
} sc_unique_kind;

SC_API size_t sc_find_duplicate(const void *items, size_t n, size_t size, sc_unique_kind kind);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_CHECK_H */
