/* All-errors mode (T_decode_all, T_validate_all): where the walker
 * catches a failed value and, instead of returning, lists the error and
 * goes on with the next member or item.
 *
 * How paths are built without costing the first-error mode anything: an
 * error travels up as today, each caller prepending its segment, but only
 * when a value failed. In all-errors mode the error is listed at the first
 * catch point, and the path segments of the callers further up are
 * prepended to the listed entries instead. Which entries a catch point
 * owns is told by levels: each entry carries the level of the last catch
 * point that handled it; a catch point at level L prepends its segment to
 * the trailing entries whose level is >= L (the ones found inside its
 * value, always the newest) and lowers them to L - 1. An error of a value
 * itself (a missing member) is listed below its own members' level, so
 * only its parent's catch point names it. The reader's depth serves as
 * the level while decoding; the checks of T_validate use 3 levels per
 * struct (table_check.c's struct_level, member_level, item_level). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "schemac/schemac.h"
#include "reader_internal.h"
#include "support_internal.h"

/* Errors after which a pass can go on: the value was read (or skipped),
 * only its content was wrong. reading: in a decode, where the I-JSON rules
 * (UTF-8, numbers, U+0000, duplicate keys) are the document's syntax and
 * stop the pass; a value built in C (T_validate) may break them anywhere. */
static bool recoverable(int code, bool reading)
{
    if (sc_is_verdict(code))
        return true;
    switch (code) {
    case SC_ERR_NUMBER:
    case SC_ERR_UTF8:
    case SC_ERR_NUL:
    case SC_ERR_DUPLICATE_KEY:
        return !reading;
    default:
        return false;
    }
}

/* Moves the error pending in err (not yet listed) to the list at level. */
static void list_pending(sc_error *err, int level, bool reading)
{
    sc_errors *errs = err->all;
    if (err->code == SC_OK)
        return;
    if (!recoverable(err->code, reading) && errs->stop == SC_OK)
        errs->stop = err->code;
    if (errs->count < errs->max) {
        sc_error *entry = &errs->items[errs->count++];
        *entry = *err;
        entry->all = NULL;
        entry->walk = NULL;
        entry->level = level;
    } else {
        errs->truncated = true;
        if (errs->stop == SC_OK)
            errs->stop = err->code;
    }
    err->code = SC_OK;
}

/* The catch point at level of the member `key` (or item `index` when key
 * is NULL): lists the pending error, names the failed value's entries. */
static int catch_at(sc_error *err, int level, const char *key, size_t index, bool reading)
{
    sc_errors *errs = err->all;
    list_pending(err, level, reading);
    for (size_t i = errs->count; i-- > 0 && errs->items[i].level >= level;) {
        if (key != NULL)
            sc_error_push_key(&errs->items[i], key);
        else
            sc_error_push_index(&errs->items[i], index);
        errs->items[i].level = level - 1;
    }
    return errs->stop;
}

/* While decoding, the reader's depth is the catch points' level, so it must
 * be right at every catch point, also when a stopped pass returns through
 * containers it never closed: the functions below leave the container
 * they stop in (sc_reader_abandon is the generated code's way to). */
int sc_reader_abandon(sc_reader *r)
{
    r->depth--;
    return r->err->code;
}

int sc_catch_key(sc_error *err, int level, const char *key)
{
    if (err->all == NULL)
        return sc_error_push_key(err, key);
    return catch_at(err, level, key != NULL ? key : "", 0, false);
}

int sc_catch_index(sc_error *err, int level, size_t index)
{
    if (err->all == NULL)
        return sc_error_push_index(err, index);
    return catch_at(err, level, NULL, index, false);
}

int sc_catch_here(sc_error *err, int level)
{
    if (err->all == NULL)
        return err->code;
    list_pending(err, level, false);
    return err->all->stop;
}

int sc_collected(const sc_error *err, int level)
{
    const sc_errors *errs = err->all;
    if (errs == NULL || errs->count == 0 || errs->items[errs->count - 1].level < level)
        return SC_OK;
    return errs->items[errs->count - 1].code;
}

void sc_errors_begin(sc_errors *errs, sc_error *scratch)
{
    sc_error_clear(scratch);
    scratch->all = errs;
    errs->count = 0;
    errs->truncated = false;
    errs->stop = SC_OK;
}

int sc_errors_end(sc_errors *errs, sc_error *scratch)
{
    if (scratch->code != SC_OK)
        list_pending(scratch, 0, false);
    return errs->count > 0 ? errs->items[0].code : errs->stop;
}

/* ---- while decoding ---------------------------------------------------- */

int sc_reader_catch_key(sc_reader *r, const char *key)
{
    if (r->err->all == NULL)
        return sc_error_push_key(r->err, key);
    int stop = catch_at(r->err, r->depth, key != NULL ? key : "", 0, true);
    if (stop != SC_OK)
        r->depth--; /* the generated code returns out of this container */
    return stop;
}

int sc_reader_catch_index(sc_reader *r, size_t index)
{
    if (r->err->all == NULL)
        return sc_error_push_index(r->err, index);
    int stop = catch_at(r->err, r->depth, NULL, index, true);
    if (stop != SC_OK)
        r->depth--; /* the generated code returns out of this container */
    return stop;
}

/* An error of the value being read at level, which the reader is still
 * inside of (a member, an item): listed, the value skipped. When that
 * stops the pass, the reader is left at level, out of the container the
 * generated code returns from. key: the member whose value is skipped,
 * when the error listed is its object's (an unknown member), so that an
 * error inside the value is named under it. */
static int list_and_skip(sc_reader *r, int level, const sc_string *key)
{
    sc_errors *errs = r->err->all;
    list_pending(r->err, level, true);
    if (errs->stop == SC_OK && sc_skip_value(r) != 0) {
        if (key != NULL)
            sc_error_push_key_n(r->err, key->ptr, key->len);
        list_pending(r->err, level, true); /* a syntax error: stops the pass */
    }
    if (errs->stop != SC_OK)
        r->depth = level;
    return errs->stop;
}

int sc_reader_skip_failed(sc_reader *r)
{
    int code = r->err->code;
    if (r->err->all == NULL)
        return code;
    int stop = list_and_skip(r, r->depth,
                             NULL); /* the value is not entered: level is where the reader is */
    return stop != SC_OK ? stop : code;
}

sc_errors *sc_reader_pause_collect(sc_reader *r)
{
    sc_errors *errs = r->err->all;
    r->err->all = NULL;
    return errs;
}

void sc_reader_resume_collect(sc_reader *r, sc_errors *errs)
{
    r->err->all = errs;
}

void sc_reader_collect(sc_reader *r, sc_errors *errs)
{
    /* The one error a reader can hold before its first read is
     * sc_reader_init's: a document over max_input. sc_errors_begin clears
     * the error, so it is listed here, or the pass would read nothing and
     * report success. */
    if (r->err->code != SC_OK) {
        sc_error rejected = *r->err;
        sc_errors_begin(errs, r->err);
        rejected.all = errs;
        *r->err = rejected;
        list_pending(r->err, 0, true);
        return;
    }
    sc_errors_begin(errs, r->err);
}

/* A pass whose first entry is a verdict on a malformed document gives the
 * document's first syntax error alone, as sc_decode does: the verdicts
 * listed were found in a text that is not JSON (docs/strictness.md).
 * Out of line: only failures pay. */
static SC_NOINLINE int syntax_first_all(sc_reader *r, int code)
{
    sc_errors *errs = r->err->all;
    sc_error found;
    if (sc_reader_check_syntax(r, &found) == 0)
        return code;
    sc_errors_begin(errs, r->err);
    *r->err = found;
    r->err->all = errs;
    return sc_errors_end(errs, r->err);
}

int sc_reader_finish_all(sc_reader *r, int rc)
{
    sc_errors *errs = r->err->all;
    (void)rc;
    if (r->err->code != SC_OK)
        list_pending(r->err, 0, true);
    if (errs->stop == SC_OK && sc_reader_finish(r) != 0)
        list_pending(r->err, 0, true);
    if (errs->count == 0)
        return errs->stop;
    if (sc_is_verdict(errs->items[0].code))
        return syntax_first_all(r, errs->items[0].code);
    return errs->items[0].code;
}

/* ---- member and item errors ------------------------------------------- */

/* The allowed names after the unknown one, as many as fit: "; the
 * properties are: a, b, c" or "...; (none)". */
static void list_names(char *buf, size_t size, const char *const *names, size_t count)
{
    size_t used = 0;
    int n = snprintf(buf, size, "%s",
                     count > 0 ? "; the properties are: " : "; the object takes no properties");
    if (n < 0 || (size_t)n >= size) {
        buf[0] = '\0';
        return;
    }
    used = (size_t)n;
    for (size_t i = 0; i < count; i++) {
        /* keep room for ", ..." when a name does not fit */
        n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);
        if (n < 0 || (size_t)n + 6 >= size - used) {
            snprintf(buf + used, size - used, "%s...", i ? ", " : "");
            return;
        }
        used += (size_t)n;
    }
}

/* Longest prefix of s[0..len) of at most max bytes that ends on a UTF-8
 * character boundary, so messages stay valid UTF-8 when cut. */
static int utf8_prefix(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return (int)len;
    size_t n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return (int)n;
}

int sc_fail_unknown_member(sc_reader *r, const sc_string *key, const char *const *names,
                           size_t count)
{
    char allowed[SC_ERROR_MESSAGE_MAX - 90];
    int shown = utf8_prefix(key->ptr, key->len, 64);
    list_names(allowed, sizeof allowed, names, count);
    sc_reader_fail(r, SC_ERR_UNKNOWN_PROPERTY, "additionalProperties",
                   "unknown property \"%.*s%s\"%s", shown, key->ptr,
                   (size_t)shown < key->len ? "..." : "", allowed);
    if (r->err->all == NULL)
        return r->err->code;
    return list_and_skip(r, r->depth - 1, key); /* the object's own error */
}

int sc_fail_missing_member(sc_reader *r, const char *name)
{
    sc_reader_fail(r, SC_ERR_REQUIRED, "required", "missing required property \"%s\"", name);
    if (r->err->all == NULL)
        return r->err->code;
    list_pending(r->err, r->depth, true); /* after the object: its own error */
    return r->err->all->stop;
}

/* Skips the rest of the array or object that r is inside of, from its
 * current item on (an array's item index first, an object's member whose
 * key has been read already): an error inside a skipped item is named
 * under its index or key, but for the first member of an object, whose
 * key the reader no longer holds. */
static int skip_rest(sc_reader *r, bool object, size_t index)
{
    sc_next next;
    sc_string key;
    if (sc_skip_value(r) != 0) {
        if (!object)
            sc_error_push_index(r->err, index);
        return r->err->code;
    }
    while ((next = object ? sc_next_member(r, &key) : sc_next_element(r)) == SC_NEXT_ITEM) {
        index++;
        if (sc_skip_value(r) != 0) {
            if (object)
                sc_error_push_key_n(r->err, key.ptr, key.len);
            else
                sc_error_push_index(r->err, index);
            return r->err->code;
        }
    }
    return next == SC_NEXT_ERROR ? r->err->code : 0;
}

int sc_fail_too_many(sc_reader *r, size_t at, const char *keyword, unsigned long long max,
                     const char *one, const char *many)
{
    sc_reader_fail(r, SC_ERR_CONSTRAINT, keyword, "must have at most %llu %s", max,
                   max == 1 ? one : many);
    r->err->offset = at;
    if (r->err->all == NULL)
        return r->err->code;
    sc_errors *errs = r->err->all;
    int level = r->depth - 1; /* the container's own error */
    list_pending(r->err, level, true);
    if (errs->stop == SC_OK &&
        skip_rest(r, strcmp(keyword, "maxProperties") == 0, (size_t)max) != 0)
        list_pending(r->err, level, true);
    if (errs->stop != SC_OK)
        r->depth = level;
    return errs->stop;
}

int sc_fail_long_key(sc_reader *r, size_t max_bytes)
{
    sc_reader_fail(r, SC_ERR_CONSTRAINT, "propertyNames",
                   "property names must be at most %zu %s long", max_bytes,
                   max_bytes == 1 ? "byte" : "bytes");
    if (r->err->all == NULL)
        return r->err->code;
    return list_and_skip(r, r->depth - 1, NULL); /* the map's own error */
}

/* Whether e is a type error of the literal null at offset at. */
static bool null_type_error(const sc_reader *r, const sc_error *e, size_t at)
{
    return e->code == SC_ERR_TYPE && e->offset == at &&
           e->offset + 4 <= (size_t)(r->end - r->begin) &&
           memcmp(r->begin + e->offset, "null", 4) == 0;
}

int sc_reader_hint_null(sc_reader *r, size_t at)
{
    static const char hint[] = "optional: leave the property out instead of sending null";
    sc_error *err = r->err;
    sc_errors *errs = err->all;
    if (null_type_error(r, err, at))
        sc_error_note(err, "%s", hint);
    else if (errs != NULL && errs->count > 0 &&
             null_type_error(r, &errs->items[errs->count - 1], at))
        sc_error_note(&errs->items[errs->count - 1], "%s",
                      hint); /* listed already (an untagged union) */
    return err->code;
}

void sc_reader_note(sc_reader *r, const char *fmt, ...)
{
    char note[SC_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note, sizeof note, fmt, ap);
    va_end(ap);
    if (r->err->code != SC_OK)
        sc_error_note(r->err, "%s", note);
    sc_errors *errs = r->err->all;
    for (size_t i = errs != NULL ? errs->count : 0; i-- > 0 && errs->items[i].level >= r->depth;)
        sc_error_note(&errs->items[i], "%s", note);
}
