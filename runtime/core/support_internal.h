/* libschemac's plumbing of the descriptor walker (table_*.c) and the
 * entry points (entry.c): catch points of the all-errors mode
 * (collect.c), member failures, the reader's allocation and the limits of
 * T_validate and T_encode (support.c). Inside libschemac only: nothing
 * here is exported (docs/internals.md, "What the libraries export"). */
#ifndef SCHEMAC_SUPPORT_INTERNAL_H
#define SCHEMAC_SUPPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "schemac/check.h"
#include "schemac/json.h"
#include "schemac/reader.h"
#include "schemac/support.h"

/* Tagged unions: moves r (a copy of the reader, at an object) onto the
 * value of member `name` without consuming the original: SC_NEXT_ITEM when
 * found, SC_NEXT_END when the object has no such member, SC_NEXT_ERROR. */
sc_next sc_find_member(sc_reader *r, const char *name) SC_NODISCARD;

/* Member errors, recorded at the current offset with the JSON Schema
 * keyword ajv would report: additionalProperties, required. The unknown
 * member's message lists the names[0..count) the object takes, as many as
 * fit. In all-errors mode the unknown and missing member errors are listed
 * (the unknown member's value skipped) and these return 0 while the pass
 * goes on; a duplicate key always stops it. */
int sc_fail_unknown_member(sc_reader *r, const sc_string *key, const char *const *names,
                           size_t count);
int sc_fail_duplicate_member(sc_reader *r, const char *name);
int sc_fail_missing_member(sc_reader *r, const char *name);
/* More than max items (keyword maxItems) or properties (maxProperties) in
 * the array or object whose value starts at offset at, r being on the
 * first item too many: "must have at most 3 items". All-errors mode lists
 * it, skips the rest of the container and returns 0 while the pass goes on. */
int sc_fail_too_many(sc_reader *r, size_t at, const char *keyword, unsigned long long max,
                     const char *one, const char *many);
/* A map key longer than max_bytes (a char[N] key); r is on its value. As
 * sc_fail_too_many, the value skipped in all-errors mode. */
int sc_fail_long_key(sc_reader *r, size_t max_bytes);
/* After an optional member's value failed with a type error: when the
 * value was null, the message says to leave the member out. Returns the
 * error's code. */
int sc_reader_hint_null(sc_reader *r, size_t at);

/* Whether code is a verdict on a value's content (wrong type, missing or
 * unknown member, a constraint): the value itself was read, so an
 * all-errors pass goes on, a tool call collects every such error, and an
 * untagged union tries its next variant. Any other error (syntax, I-JSON,
 * depth, limits, memory) ends the read. */
static inline bool sc_is_verdict(int code_)
{
    return code_ == SC_ERR_TYPE || code_ == SC_ERR_REQUIRED || code_ == SC_ERR_UNKNOWN_PROPERTY ||
           code_ == SC_ERR_CONSTRAINT;
}

/* ---- all-errors mode (T_decode_all, T_validate_all; runtime/core/collect.c) ----
 * A catch point is where the walker handles a value that failed: the
 * member `key` of a struct, the item `index` of an array. In first-error
 * mode (err->all == NULL) these prepend the path segment and return the
 * error's code, as sc_error_push_key does. In all-errors mode they list the
 * error and return 0 while the pass goes on, or the code that stops it. */
int sc_catch_key(sc_error *err, int level, const char *key);
int sc_catch_index(sc_error *err, int level, size_t index);
/* An error of a value itself (not of a member) at level: listed. */
int sc_catch_here(sc_error *err, int level);
/* The code of an error listed inside the value at level (whose parent has
 * not yet named it), or 0: whether the value failed. */
int sc_collected(const sc_error *err, int level);
/* T_validate_all: scratch collects into errs; _end lists what is still
 * pending and returns the first error's code (0: none). */
void sc_errors_begin(sc_errors *errs, sc_error *scratch);
int sc_errors_end(sc_errors *errs, sc_error *scratch);
/* The same while decoding, at the reader's nesting depth. */
int sc_reader_catch_key(sc_reader *r, const char *key);
int sc_reader_catch_index(sc_reader *r, size_t index);
/* Inline: every struct and array read ends with it, and in first-error
 * mode it is one test. */
static inline int sc_reader_collected(const sc_reader *r_)
{
    return r_->err->all == NULL ? 0 : sc_collected(r_->err, r_->depth);
}
/* Leaves the container being read after an error that ends its reading
 * (a syntax error in it, a duplicate key, out of memory), so that the
 * catch points further up see their own depth. Returns the error's code. */
int sc_reader_abandon(sc_reader *r);
/* A value that cannot be read at all (a tagged union without a valid
 * discriminator): all-errors mode lists the pending error and skips the
 * value. Returns a non-zero code either way. */
int sc_reader_skip_failed(sc_reader *r);
/* An untagged union tries a variant that may not be the value's on a
 * copy of the reader: the try runs in first-error mode (its errors belong
 * to no one if another variant takes the value). _pause returns what
 * _resume puts back. */
sc_errors *sc_reader_pause_collect(sc_reader *r);
void sc_reader_resume_collect(sc_reader *r, sc_errors *errs);
/* Adds context to the error of a value just read, in all-errors mode to
 * every error listed inside it: "(when kind is \"circle\")". */
void sc_reader_note(sc_reader *r, const char *fmt, ...) SC_PRINTF(2, 3);
/* T_decode_all: r collects into errs (after sc_reader_init); _finish_all
 * ends the pass as sc_reader_finish does and returns the first error's
 * code (0: none). */
void sc_reader_collect(sc_reader *r, sc_errors *errs);
int sc_reader_finish_all(sc_reader *r, int rc);

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

/* ---- the limits of T_validate and T_encode (entry.c) ----
 * A value built in C may share sub-values (the same pointer reached twice),
 * so its JSON, and the time to check or encode it, can grow exponentially
 * with its depth. T_validate walks it under sc_limits (docs/security.md):
 * nesting within max_depth, arrays within max_items, maps within
 * max_members, strings within max_string, and a lower bound of its JSON
 * text (braces and brackets, the names of the members present, commas and
 * colons, strings; not the digits of numbers) within max_input, counted as
 * it goes, so that it stops early. The walk rides on err->walk, which a
 * decode leaves NULL (it has limits of its own). */
typedef struct sc_walk {
    sc_limits limits; /* resolved: no field is 0 */
    size_t text;      /* bytes of JSON the value needs at least, so far; <= limits.max_input */
} sc_walk;
/* The walk's failures: what went over (SC_WALK_*), by how much. */
enum {
    SC_WALK_TEXT,
    SC_WALK_DEPTH,
    SC_WALK_ITEMS,
    SC_WALK_MEMBERS,
    SC_WALK_STRING,
    SC_WALK_NO_WALK_DEPTH
};
int sc_walk_fail(sc_error *err, int what, size_t n);
/* Inline, as T_validate calls them at every struct, member, array and
 * string: bytes more of JSON text. */
static inline int sc_walk_text_(sc_error *err_, size_t bytes_)
{
    sc_walk *w_ = err_->walk;
    if (w_ == NULL)
        return 0;
    if (bytes_ > w_->limits.max_input - w_->text)
        return sc_walk_fail(err_, SC_WALK_TEXT, 0);
    w_->text += bytes_;
    return 0;
}
/* A struct at depth (the root 0) whose own JSON, required members' names
 * included, takes at least text bytes. Without a walk (a check called
 * outside T_validate): nesting within SC_MAX_DEPTH only. */
static inline int sc_check_enter(sc_error *err_, int depth_, size_t text_)
{
    sc_walk *w_ = err_->walk;
    if (w_ == NULL)
        return depth_ > SC_MAX_DEPTH ? sc_walk_fail(err_, SC_WALK_NO_WALK_DEPTH, 0) : 0;
    if (depth_ >= w_->limits.max_depth) /* depth counts from 0, max_depth levels from 1 */
        return sc_walk_fail(err_, SC_WALK_DEPTH, 0);
    return sc_walk_text_(err_, text_);
}
/* A member that is not required but present, its name name_len bytes. */
static inline int sc_check_member(sc_error *err_, size_t name_len_)
{
    return sc_walk_text_(err_, name_len_ + 3); /* "name": */
}
/* An array (object: a map) of count items, before they are checked:
 * max_items (max_members), brackets and commas (and an object's colons;
 * its keys are strings, its values counted where they are checked). */
static inline int sc_check_count(sc_error *err_, size_t count_, bool object_)
{
    sc_walk *w_ = err_->walk;
    if (w_ == NULL)
        return 0;
    if (count_ > (object_ ? w_->limits.max_members : w_->limits.max_items))
        return sc_walk_fail(err_, object_ ? SC_WALK_MEMBERS : SC_WALK_ITEMS, 0);
    if (count_ > w_->limits.max_input)
        return sc_walk_fail(err_, SC_WALK_TEXT, 0);
    return sc_walk_text_(err_, 2 + (count_ > 0 ? count_ - 1 : 0) + (object_ ? count_ : 0));
}
/* A string built in C, of len bytes: max_string, its bytes, valid UTF-8. */
static inline int sc_check_string(sc_error *err_, const char *s_, size_t len_)
{
    sc_walk *w_ = err_->walk;
    if (w_ != NULL) {
        if (len_ > w_->limits.max_string)
            return sc_walk_fail(err_, SC_WALK_STRING, len_);
        if (len_ + 2 > w_->limits.max_input - w_->text)
            return sc_walk_fail(err_, SC_WALK_TEXT, 0);
        w_->text += len_ + 2;
    }
    if (!sc_utf8_valid(s_, len_))
        return sc_fail(err_, SC_ERR_UTF8, "type", "must be valid UTF-8 text");
    return 0;
}

#endif /* SCHEMAC_SUPPORT_INTERNAL_H */
