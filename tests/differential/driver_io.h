/* What the differential drivers share (decode_driver through
 * driver_main.c, validate_driver.c): the request lines they read and the
 * words of the verdict lines they print, so that run.mjs reads both alike. */
#ifndef SCHEMAC_TESTS_DRIVER_IO_H
#define SCHEMAC_TESTS_DRIVER_IO_H

#include <stddef.h>

/* "SC_ERR_TYPE" for SC_ERR_TYPE; "SC_ERR_UNKNOWN" outside the codes. */
const char *driver_code_name(int code);

/* A message on one line: control characters become spaces. */
void driver_print_message(const char *s);

/* A JSON Pointer as a word: "" for the root. */
void driver_print_path(const char *path);

/* The first error's verdict, without its end of line (the all-errors
 * part follows): "error CODE PATH KEYWORD<TAB>MESSAGE". */
void driver_print_error(int code, const char *path, const char *keyword, const char *message);

/* One error of the all-errors list: [CODE, PATH, KEYWORD, ...] (keyword
 * NULL: "-"); the caller appends what else its driver reports. */
struct cJSON *driver_error_row(int code, const char *path, const char *keyword);

/* "<TAB>all " and the report ({"errors": [...], "truncated": B} or
 * {"bug": WHY}), which it deletes. */
void driver_print_all(struct cJSON *report);

/* The document of a request line {"type": T, "doc": TEXT} or
 * {"type": T, "hex": BYTES}: *type points into *req (cJSON_Delete it),
 * the bytes are malloc'd (free them). Returns NULL and prints the
 * "bad-request" verdict when the line is not such a request. */
struct cJSON;
char *driver_request(const char *line, struct cJSON **req, const char **type, size_t *len);

/* Calls run(line, ctx) for every line of stdin that is not empty.
 * Returns 0, or 2 when out of memory or stdout could not be written. */
int driver_lines(void (*run)(const char *line, void *ctx), void *ctx);

#endif /* SCHEMAC_TESTS_DRIVER_IO_H */
