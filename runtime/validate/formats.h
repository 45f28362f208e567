/* libschemac-validate: the formats it checks. The decoders' nine (sc_format,
 * runtime/core/format.c: ajv-formats' behaviour, so that a schema emitted
 * from a header is checked alike by its decoder and here) come first, then
 * those only the validator checks, by the RFCs: URI and IRI references
 * (format_uri.c), uri-template (RFC 6570), ECMA-262 regexes
 * (format_regex.c), idn-hostname and idn-email (idna.c, IDNA2008). */
#ifndef SCHEMAC_VALIDATE_FORMATS_H
#define SCHEMAC_VALIDATE_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pattern/pattern.h"
#include "schemac/check.h"

/* The formats past sc_format's, numbered after them. */
#define SV_FORMAT_COUNT_(id, name) +1
enum {
    SV_FORMAT_URI_REFERENCE = 0 SC_FORMATS(SV_FORMAT_COUNT_),
    SV_FORMAT_IRI,
    SV_FORMAT_IRI_REFERENCE,
    SV_FORMAT_URI_TEMPLATE,
    SV_FORMAT_REGEX,
    SV_FORMAT_IDN_HOSTNAME,
    SV_FORMAT_IDN_EMAIL,
    SV_FORMAT_END
};

/* The checker of the format named name, or -1 when it is not checked
 * (an annotation). */
int sv_format_of(const char *name);

/* The format's name ("date-time"), for messages. */
const char *sv_format_name(int format);

/* Whether s[0..len) is valid for format (a value of sv_format_of). */
bool sv_format_valid(int format, const char *s, size_t len);

/* The value of a hex digit, or -1 for any other character (the one
 * helper of the URI, IRI, template and regex checkers and of uri.c). */
int sv_hex_digit(char c);

/* pattern_utf8_next (pattern/pattern.h) decodes UTF-8 for the formats. */

/* RFC 3987's ucschar, or (where iprivate is true) an iprivate. */
bool sv_iri_char(int32_t c, bool iprivate);

/* The checkers of the files named above. */
bool sv_uri_reference_valid(const char *s, size_t len, bool iri, bool absolute);
bool sv_regex_valid(const char *s, size_t len);
bool sv_idn_hostname_valid(const char *s, size_t len);

#endif /* SCHEMAC_VALIDATE_FORMATS_H */
