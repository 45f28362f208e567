/* Part of libschemac-validate (pkg-config schemac-validate, CMake schemac::validate, meson
 * dependency('schemac-validate')).
 *
 * schemac runtime: a JSON Schema validator for schemas known only at run
 * time (a tool's inputSchema received from another server, a plug-in's
 * config schema). docs/validate.md has the whole story: dialects, what is
 * supported, the pattern rule, limits.
 *
 * A schema is compiled once (sc_schema_compile) into an immutable
 * validator: a flat list of instructions walked by one schema-agnostic
 * evaluator. Validation never modifies it, so any number of threads may
 * validate against one sc_schema at once. References ($ref, $dynamicRef)
 * are resolved at compile time against the schema itself and a registry of
 * documents by URI, never over a network; the JSON Schema metaschemas of
 * draft 2020-12 and draft-07 are built in.
 *
 * Dialects: draft 2020-12 and draft-07, chosen by "$schema" (2020-12 when
 * it is absent). Patterns are ECMA-262 regexes compiled to DFAs by the
 * generator's pattern compiler: they run in linear time, and a construct
 * no automaton can express (back-references, lookaround, \p{...}) is a
 * compile error naming it. The formats it checks (the decoders' sc_format
 * and the others docs/validate.md lists: uri-reference, iri, idn-hostname,
 * regex, ...) assert as the dialect says (sc_schema_formats); other
 * formats are annotations.
 */
#ifndef SCHEMAC_VALIDATE_H
#define SCHEMAC_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_schema sc_schema;
typedef struct sc_schema_registry sc_schema_registry;

/* ---- the registry: documents by URI --------------------------------------
 * What "$ref": "https://example.com/address.json" finds without a network.
 * Not thread-safe while documents are added; compiling only reads it. */

SC_VALIDATE_API sc_schema_registry *sc_schema_registry_new(void); /* NULL when out of memory */
SC_VALIDATE_API void sc_schema_registry_free(sc_schema_registry *reg);

/* Adds the document at uri (absolute, without a fragment). The text is
 * read as JSON (sc_parse_json_ex with SC_PARSE_STANDARD: a schema's
 * numbers as JSON says, 2^53 included); a tree is copied.
 * Embedded resources ("$id" inside it) are found when a schema is
 * compiled. A second document at the same uri replaces the first.
 * Returns 0, SC_ERR_ARGUMENT (a relative uri) or the reader's error. */
SC_VALIDATE_API int sc_schema_registry_add(sc_schema_registry *reg, const char *uri,
                                           const char *json, size_t len,
                                           sc_error *err) SC_NODISCARD;
SC_VALIDATE_API int sc_schema_registry_add_cjson(sc_schema_registry *reg, const char *uri,
                                                 const cJSON *doc, sc_error *err) SC_NODISCARD;

/* ---- compiling ---------------------------------------------------------- */

typedef struct sc_schema_options {
    /* The base URI of a schema without "$id" (NULL: "urn:schemac:root"). */
    const char *base_uri;
    /* The "$schema" of documents that have none, the schema's and those
     * its references load: "http://json-schema.org/draft-07/schema#" or
     * (NULL) draft 2020-12's. */
    const char *default_dialect;
    /* Instructions one validation may run before it fails with
     * SC_ERR_LIMIT (0: SC_SCHEMA_DEFAULT_MAX_WORK): what a hostile schema
     * and document together may cost, whatever their shape. */
    size_t max_work;
    /* Depth and size limits for documents given as text and for the
     * nesting of the evaluation (NULL: the defaults of sc_limits). */
    const sc_limits *limits;
    /* Whether "format" asserts (sc_schema_formats). */
    int formats;
    /* Validates the schema against its metaschema (its "$schema", or the
     * default dialect's) first: a schema that breaks it is a compile error
     * at the pointer of the value at fault ("/title: must be a string").
     * Off by default for now: it compiles the metaschema each time (about
     * 0.5 ms for 2020-12's). */
    bool check_metaschema;
    /* How sc_schema_validate_json reads documents: false (the default)
     * with JSON's semantics (SC_PARSE_STANDARD: a repeated key's last
     * member wins, an integer beyond 2^53 is the nearest double), true
     * with the generated decoders' I-JSON strictness (sc_parse_json: both
     * are errors), for a validator that must decide as a decoder does.
     * The schema's own text is always read as JSON. */
    bool strict_json;
} sc_schema_options;

/* What "format" does. The formats the validator checks (docs/validate.md,
 * "Formats") can assert; any other format is an annotation whatever this
 * says. */
typedef enum sc_schema_formats {
    /* As the dialect says: draft-07 asserts; draft 2020-12 asserts only
     * under a metaschema whose "$vocabulary" has format-assertion (its
     * format-annotation vocabulary alone makes formats annotations, and
     * the test suite's required tests check that). */
    SC_SCHEMA_FORMATS_STANDARD = 0,
    SC_SCHEMA_FORMATS_ASSERT,  /* always assert, as the generated decoders do */
    SC_SCHEMA_FORMATS_ANNOTATE /* never assert */
} sc_schema_formats;

#define SC_SCHEMA_DEFAULT_MAX_WORK ((size_t)100000000)

/* Compiles the schema in json[0..len) (read as JSON, SC_PARSE_STANDARD),
 * or the tree root, which is copied.
 * reg may be NULL (only the built-in metaschemas then), options too (the
 * defaults). On failure *out is NULL and err says why, its path the JSON
 * Pointer in the schema of the keyword at fault: a $ref that resolves to
 * nothing, a pattern no automaton can express, a keyword of the wrong
 * type. Returns 0 or an sc_code (SC_ERR_ARGUMENT for a bad schema). */
SC_VALIDATE_API int sc_schema_compile(const sc_schema_registry *reg, const char *json, size_t len,
                                      const sc_schema_options *options, sc_schema **out,
                                      sc_error *err) SC_NODISCARD;
SC_VALIDATE_API int sc_schema_compile_cjson(const sc_schema_registry *reg, const cJSON *root,
                                            const sc_schema_options *options, sc_schema **out,
                                            sc_error *err) SC_NODISCARD;
SC_VALIDATE_API void sc_schema_free(sc_schema *schema);

/* ---- validating --------------------------------------------------------- */

/* One error: where in the instance, which keyword of the schema (the
 * evaluation path through $refs, as 2020-12's output formats call it
 * keywordLocation, and the keyword's absolute location), and a message in
 * the words of the generated decoders ("must be >= 3"). */
#define SC_SCHEMA_LOCATION_MAX 512
typedef struct sc_schema_error {
    int code;                                      /* sc_code */
    const char *keyword;                           /* "minimum", ...; NULL for limits */
    char instance_location[SC_ERROR_PATH_MAX];     /* JSON Pointer, "" for the root */
    char keyword_location[SC_SCHEMA_LOCATION_MAX]; /* "/properties/port/maximum" */
    char
        absolute_location[SC_SCHEMA_LOCATION_MAX]; /* "urn:schemac:root#/properties/port/maximum" */
    char message[SC_ERROR_MESSAGE_MAX];
} sc_schema_error;

/* The errors of one validation. The caller owns items[0..max); the pass
 * stops at the first error beyond max (truncated is then true). */
typedef struct sc_schema_errors {
    sc_schema_error *items;
    size_t max;
    size_t count;
    bool truncated;
} sc_schema_errors;

SC_VALIDATE_API void sc_schema_errors_init(sc_schema_errors *errs, sc_schema_error *items,
                                           size_t max);

/* Validates a tree. Returns 0 when it is valid; else the code of the first
 * error (SC_ERR_TYPE, SC_ERR_CONSTRAINT, SC_ERR_REQUIRED,
 * SC_ERR_UNKNOWN_PROPERTY; SC_ERR_LIMIT when max_work or the depth limit
 * stopped it; SC_ERR_NOMEM). errs may be NULL (a verdict only); with
 * errs->max 1 the pass stops at the first error, else it collects up to
 * max. Within anyOf, oneOf, not, if and contains the branches' own errors
 * are not listed: the applicator's error is ("must match at least one of
 * the anyOf schemas"). */
SC_VALIDATE_API int sc_schema_validate(const sc_schema *schema, const cJSON *instance,
                                       sc_schema_errors *errs);

/* The same for JSON text, read with JSON's semantics (SC_PARSE_STANDARD:
 * a repeated key's last member wins, an integer beyond 2^53 is the
 * nearest double) or, with options.strict_json, the decoders'
 * I-JSON strictness (sc_parse_json: those are errors); invalid UTF-8,
 * U+0000 and lone surrogates are errors either way, and the options'
 * limits apply. A reading error is the one error. */
SC_VALIDATE_API int sc_schema_validate_json(const sc_schema *schema, const char *json, size_t len,
                                            sc_schema_errors *errs);

/* Formats an error as "INSTANCE: MESSAGE (at KEYWORD_LOCATION)". */
SC_VALIDATE_API void sc_schema_error_format(const sc_schema_error *e, char *buf, size_t size);

/* ---- output formats (draft 2020-12, section 12.4) ----------------------- */

typedef enum sc_schema_output_format {
    SC_SCHEMA_OUTPUT_FLAG, /* {"valid": false} */
    SC_SCHEMA_OUTPUT_BASIC /* {"valid": false, "errors": [{"keywordLocation": ..., */
    /*  "absoluteKeywordLocation": ..., "instanceLocation": ..., "error": ...}]} */
} sc_schema_output_format;

/* The result of a validation (its return code rc and the errors it
 * collected, errs may be NULL) as a new cJSON tree in the given output
 * format, for the caller to cJSON_Delete; NULL when out of memory. A
 * limit that stopped the validation is an error with empty locations. */
SC_VALIDATE_API cJSON *sc_schema_output(int rc, const sc_schema_errors *errs,
                                        sc_schema_output_format format);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_VALIDATE_H */
