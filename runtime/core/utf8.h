/* schemac runtime, internal: the UTF-8 sequence rule (RFC 3629) that
 * utf8.c validates and counts with and error.c places columns with. The
 * reader keeps an inlined copy on its hot path (reader.c, utf8_seq). */
#ifndef SCHEMAC_UTF8_H
#define SCHEMAC_UTF8_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define SC_UTF8_INTERNAL __attribute__((visibility("hidden")))
#else
#define SC_UTF8_INTERNAL
#endif

/* Length of the valid sequence at s[0..n) (n >= 1, s[0] >= 0x80), or 0.
 * The second-byte ranges are those of RFC 3629's table: they exclude
 * overlong forms (C0, C1, E0 80..9F, F0 80..8F), surrogates (ED A0..BF)
 * and code points above U+10FFFF (F4 90.., F5..FF). */
SC_UTF8_INTERNAL size_t sc_utf8_sequence(const unsigned char *s, size_t n);

#endif /* SCHEMAC_UTF8_H */
