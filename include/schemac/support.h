/* schemac runtime: small helpers that keep generated code short. For
 * generated code only; applications call the generated T_* functions and
 * the JSON helpers of schemac/json.h. */
#ifndef SCHEMAC_SUPPORT_H
#define SCHEMAC_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "json.h"
#include "reader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tagged unions: moves r (a copy of the reader, at an object) onto the
 * value of member `name` without consuming the original: SC_NEXT_ITEM when
 * found, SC_NEXT_END when the object has no such member, SC_NEXT_ERROR. */
sc_next sc_find_member(sc_reader *r, const char *name) SC_NODISCARD;
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

/* cJSON * members: any value under the reader's strictness rules, into a
 * tree the arena deletes on reset or release (schemac/json.h). */
int sc_read_cjson(sc_reader *r, cJSON **out) SC_NODISCARD;

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
