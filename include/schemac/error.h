/* schemac runtime: the one error type.
 *
 * Every runtime and generated function that can fail returns 0 on success
 * and an sc_code otherwise, and records the failure in a caller-owned
 * sc_error: the code, the JSON Pointer of the failing value, the JSON Schema
 * keyword that failed and a message written for the sender of the document
 * (a person or a model). Messages never name C types or internal symbols.
 */
#ifndef SCHEMAC_ERROR_H
#define SCHEMAC_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SC_NODISCARD __attribute__((warn_unused_result))
#define SC_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define SC_NODISCARD
#define SC_PRINTF(fmt, args)
#endif

/* X(NAME, text): the codes, in a stable order (their values are ABI). */
#define SC_ERROR_CODES(X)                                                      \
    X(SC_OK, "no error")                                                       \
    X(SC_ERR_SYNTAX, "malformed JSON")                                         \
    X(SC_ERR_UTF8, "invalid UTF-8")                                            \
    X(SC_ERR_DEPTH, "nesting too deep")                                        \
    X(SC_ERR_DUPLICATE_KEY, "duplicate key")                                   \
    X(SC_ERR_NUMBER, "number not representable")                               \
    X(SC_ERR_NUL, "string contains U+0000")                                    \
    X(SC_ERR_TYPE, "wrong type")                                               \
    X(SC_ERR_REQUIRED, "missing required property")                           \
    X(SC_ERR_UNKNOWN_PROPERTY, "unknown property")                             \
    X(SC_ERR_CONSTRAINT, "constraint violated")                                \
    X(SC_ERR_NOMEM, "out of memory")                                           \
    X(SC_ERR_ARGUMENT, "invalid argument")                                     \
    X(SC_ERR_UNKNOWN_TOOL, "unknown tool")                                     \
    X(SC_ERR_HANDLER, "tool failed")                                           \
    X(SC_ERR_OUTPUT, "tool output breaks its schema")                        \
    X(SC_ERR_LIMIT, "limit exceeded")

typedef enum sc_code {
#define SC_ERROR_ENUM_(name, text) name,
    SC_ERROR_CODES(SC_ERROR_ENUM_)
#undef SC_ERROR_ENUM_
    SC_ERR_COUNT_
} sc_code;

#define SC_ERROR_PATH_MAX 256
#define SC_ERROR_MESSAGE_MAX 256

typedef struct sc_error {
    int code;                             /* sc_code; SC_OK when no error */
    const char *keyword;                  /* "maxLength", "type", ...; NULL for syntax errors */
    size_t offset;                        /* byte offset in the input, when decoding text */
    char path[SC_ERROR_PATH_MAX];         /* JSON Pointer of the failing value, "" for the root */
    char message[SC_ERROR_MESSAGE_MAX];   /* e.g. "must be one of: scheme, host, port" */
} sc_error;

/* A short constant text for a code, e.g. "duplicate key". */
const char *sc_strerror(int code);

/* Clears err to SC_OK. Accepts NULL. */
void sc_error_clear(sc_error *err);

/* Records an error (keyword may be NULL) and returns code. Accepts err == NULL. */
int sc_fail(sc_error *err, int code, const char *keyword, const char *fmt, ...) SC_PRINTF(4, 5);

/* Prepend one path segment to err->path while an error travels up the
 * value tree: a member name (escaped as JSON Pointer requires) or an index.
 * Both return err->code so callers can write `return sc_error_push_key(...)`. */
int sc_error_push_key(sc_error *err, const char *key);
int sc_error_push_index(sc_error *err, size_t index);

/* Formats "path: message" (or just the message at the root) into buf. */
void sc_error_format(const sc_error *err, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_ERROR_H */
