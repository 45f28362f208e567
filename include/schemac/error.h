/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: the one error type.
 *
 * Every runtime and generated function that can fail returns 0 on success
 * and an sc_code otherwise, and records the failure in a caller-owned
 * sc_error: the code, the JSON Pointer of the failing value, the JSON Schema
 * keyword that failed and a message written for the sender of the document
 * (a person or a model). Messages never name C types or internal symbols.
 */
#ifndef SCHEMAC_ERROR_H
#define SCHEMAC_ERROR_H

#include <stdbool.h>
#include <stddef.h>

#include "export.h"

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
#define SC_ERROR_CODES(X)                                                                          \
    X(SC_OK, "no error")                                                                           \
    X(SC_ERR_SYNTAX, "malformed JSON")                                                             \
    X(SC_ERR_UTF8, "invalid UTF-8")                                                                \
    X(SC_ERR_DEPTH, "nesting too deep")                                                            \
    X(SC_ERR_DUPLICATE_KEY, "duplicate key")                                                       \
    X(SC_ERR_NUMBER, "number not representable")                                                   \
    X(SC_ERR_NUL, "string contains U+0000")                                                        \
    X(SC_ERR_TYPE, "wrong type")                                                                   \
    X(SC_ERR_REQUIRED, "missing required property")                                                \
    X(SC_ERR_UNKNOWN_PROPERTY, "unknown property")                                                 \
    X(SC_ERR_CONSTRAINT, "constraint violated")                                                    \
    X(SC_ERR_NOMEM, "out of memory")                                                               \
    X(SC_ERR_ARGUMENT, "invalid argument")                                                         \
    X(SC_ERR_UNKNOWN_TOOL, "unknown tool")                                                         \
    X(SC_ERR_HANDLER, "tool failed")                                                               \
    X(SC_ERR_OUTPUT, "tool output breaks its schema")                                              \
    X(SC_ERR_LIMIT, "limit exceeded")                                                              \
    X(SC_ERR_INPUT_REQUIRED, "the client's answer is needed first")                                \
    X(SC_ERR_TASK_STARTED, "the call goes on as a task")

typedef enum sc_code {
#define SC_ERROR_ENUM_(name, text) name,
    SC_ERROR_CODES(SC_ERROR_ENUM_)
#undef SC_ERROR_ENUM_
        SC_ERR_COUNT_
} sc_code;

#define SC_ERROR_PATH_MAX 256
#define SC_ERROR_MESSAGE_MAX 256

struct sc_errors;
struct sc_walk;

typedef struct sc_error {
    int code;                           /* sc_code; SC_OK when no error */
    const char *keyword;                /* "maxLength", "type", ...; NULL for syntax errors */
    size_t offset;                      /* byte offset of the failing value, when decoding text */
    char path[SC_ERROR_PATH_MAX];       /* JSON Pointer of the failing value, "" for the root */
    char message[SC_ERROR_MESSAGE_MAX]; /* e.g. "must be one of: scheme, host, port" */
    /* Every error of the pass this one comes from, when it was collected
     * (a tool call's arguments: sc_tool_call), or NULL. */
    struct sc_errors *all;
    int level; /* all-errors bookkeeping of the runtime; not for applications */
    /* What T_validate has visited so far, against its limits, while it
     * runs; NULL otherwise (runtime bookkeeping; not for applications). */
    struct sc_walk *walk;
} sc_error;

/* All the errors of one pass (T_decode_all, T_validate_all, tool calls), in
 * document order, each as complete as a first-error sc_error. The caller
 * owns the array and chooses how many errors to keep: the pass stops at
 * the first error beyond max (truncated is then true). A syntax or
 * strictness error (malformed JSON, invalid UTF-8, duplicate key, nesting,
 * out of memory) also stops the pass: it is the last entry. */
typedef struct sc_errors {
    sc_error *items; /* the caller's array of max entries */
    size_t max;      /* at least 1 */
    size_t count;    /* entries filled */
    bool truncated;  /* more errors than max: the pass stopped there */
    int stop;        /* the code that ended the pass early, or SC_OK (runtime bookkeeping) */
} sc_errors;

/* Sets errs up over items[0..max). */
SC_API void sc_errors_init(sc_errors *errs, sc_error *items, size_t max);

/* Formats every error, one "path: message" line each (as sc_error_format),
 * separated by '\n', cut to fit buf (always terminated). */
SC_API void sc_errors_format(const sc_errors *errs, char *buf, size_t size);

/* A short constant text for a code, e.g. "duplicate key". */
SC_API const char *sc_strerror(int code);

/* Clears err to SC_OK. Accepts NULL. */
SC_API void sc_error_clear(sc_error *err);

/* Records an error at the root and returns code. keyword is the JSON
 * Schema keyword a value broke ("maxLength"), as the decoders record it,
 * or NULL for any other failure (a handler's, I/O): the message says what
 * went wrong. Accepts err == NULL. */
SC_API int sc_fail(sc_error *err, int code, const char *keyword, const char *fmt, ...)
    SC_PRINTF(4, 5);

/* sc_fail at the value pointer names: a JSON Pointer ("/dates/2": member
 * "dates", item 2; "" for the root), so that a tool handler's error says
 * which argument is wrong, as the decoder's do ("/dates/2: no such day").
 * A pointer longer than SC_ERROR_PATH_MAX is cut. */
SC_API int sc_fail_at(sc_error *err, int code, const char *pointer, const char *fmt, ...)
    SC_PRINTF(4, 5);

/* Prepend one path segment to err->path while an error travels up the
 * value tree: a member name (escaped as JSON Pointer requires) or an index.
 * Both return err->code so callers can write `return sc_error_push_key(...)`. */
SC_API int sc_error_push_key(sc_error *err, const char *key);
SC_API int sc_error_push_index(sc_error *err, size_t index);
/* sc_error_push_key for key[0..len), which need not be NUL-terminated (a
 * key read from a document: it holds no NUL). */
SC_API int sc_error_push_key_n(sc_error *err, const char *key, size_t len);

/* Formats "path: message" (or just the message at the root) into buf. */
SC_API void sc_error_format(const sc_error *err, char *buf, size_t size);

/* Where err->offset falls in text[0..len), the text whose decode failed,
 * as a compiler names a place: *line and *column count from 1. A line ends
 * at "\n", "\r\n" or a lone "\r". The column counts characters, that is
 * UTF-8 code points, not bytes, as an editor shows them: in a line
 * `"café": 5` the 5 is in column 9 (its tenth byte). A tab is one
 * column, and so is each byte of invalid UTF-8. An offset past len is
 * taken as len (the end of the text). err NULL or text NULL gives 1:1.
 * line or column may be NULL. */
SC_API void sc_error_position(const char *text, size_t len, const sc_error *err, size_t *line,
                              size_t *column);

/* Formats err as a compiler would, for a document read from a file:
 * "FILE:LINE:COL: PATH: MESSAGE" (no "PATH: " at the root), with LINE and
 * COL from sc_error_position, e.g.
 *     config.json:12:5: /port: must be <= 65535
 * file NULL leaves out "FILE:"; text NULL leaves out "LINE:COL:", for
 * errors that come before any text (sc_read_file's: "config.json: cannot
 * open the file: No such file or directory"). Cut to fit buf, always
 * terminated. */
SC_API void sc_error_format_at(const char *file, const char *text, size_t len, const sc_error *err,
                               char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_ERROR_H */
