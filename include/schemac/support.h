/* schemac runtime: small helpers that keep generated code short. For
 * generated code; applications call the generated T_* functions. */
#ifndef SCHEMAC_SUPPORT_H
#define SCHEMAC_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "reader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tagged unions: moves r (a copy of the reader, at an object) onto the
 * value of member `name` without consuming the original. Returns 1 when
 * found, 0 when the object has no such member, -1 on error (in r->err). */
int sc_find_member(sc_reader *r, const char *name) SC_NODISCARD;
/* Adds context to err->message: "must be >= 0 (when kind is \"circle\")".
 * Returns err->code. */
int sc_error_note(sc_error *err, const char *fmt, ...) SC_PRINTF(2, 3);

/* Member errors, recorded at the current offset with the JSON Schema
 * keyword ajv would report: additionalProperties, required. */
int sc_fail_unknown_member(sc_reader *r, const sc_string *key);
int sc_fail_duplicate_member(sc_reader *r, const char *name);
int sc_fail_missing_member(sc_reader *r, const char *name);

/* Arena allocation that records SC_ERR_NOMEM in r->err on failure. */
void *sc_reader_alloc(sc_reader *r, size_t size);
/* Doubles an array being read (starting at 4 items), overflow-checked;
 * records SC_ERR_NOMEM and returns NULL on failure. */
void *sc_reader_grow(sc_reader *r, void *items, size_t *cap, size_t item_size);
/* A unique non-NULL pointer for a present but empty array. */
void *sc_reader_empty(sc_reader *r);

/* Members that a struct with @additionalProperties skips: their keys are
 * kept so that duplicates among them are still rejected. */
typedef struct sc_skipped {
    char **keys;
    size_t count;
    size_t cap;
} sc_skipped;
int sc_skip_member(sc_reader *r, sc_skipped *skipped, const sc_string *key);
int sc_check_skipped(sc_reader *r, const sc_skipped *skipped);

/* Encoding: add item under a constant key / append it; false (and item
 * deleted) when item is NULL or memory runs out. */
bool sc_cjson_add(cJSON *object, const char *const_key, cJSON *item);
bool sc_cjson_append(cJSON *array, cJSON *item);
/* Like sc_cjson_add with a key that is copied (map entries). */
bool sc_cjson_add_copy(cJSON *object, const char *key, cJSON *item);

/* Compact JSON text of item with every number exact (cJSON's own printer
 * may round doubles) and only valid UTF-8. Returns 0 and a string to free
 * with sc_free_string, or SC_ERR_NUMBER (a non-finite number), SC_ERR_UTF8,
 * SC_ERR_DEPTH, SC_ERR_ARGUMENT (raw or malformed items), SC_ERR_NOMEM. */
int sc_print_json(const cJSON *item, char **text);

/* cJSON * members. sc_read_cjson reads any value under the reader's
 * strictness rules into a tree the arena deletes on reset or release.
 * sc_check_cjson checks a tree built in C the same way (finite numbers,
 * valid UTF-8, no duplicate keys, no U+0000, bounded depth). */
int sc_read_cjson(sc_reader *r, cJSON **out) SC_NODISCARD;
/* The same for a whole document: any JSON value, under every strictness
 * rule, into a cJSON tree that the arena deletes on reset or release. For
 * applications that need an untyped value checked as strictly as a typed
 * one (and the way JSONTestSuite is run against the reader). */
int sc_parse_json(sc_arena *arena, const char *json, size_t len, cJSON **out, sc_error *err) SC_NODISCARD;
int sc_check_cjson(const cJSON *item, sc_error *err);

/* Deletes every member `key` of object whose value is null (tool calls
 * with SC_CALL_NULL_IS_ABSENT). */
void sc_cjson_drop_null(cJSON *object, const char *key);

/* T_from_cjson: prints node and decodes the text with decode, so a tree
 * passes exactly the checks text does. */
typedef int (*sc_decode_text_fn)(sc_arena *arena, const char *json, size_t len, void *out,
                                 sc_error *err);
int sc_decode_cjson(sc_arena *arena, const cJSON *node, void *out, sc_error *err,
                    sc_decode_text_fn decode);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_SUPPORT_H */
