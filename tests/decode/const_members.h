/* const as real headers write it (issue 8): a const pointee is fine, since
 * the decoder fills only what it allocated itself (strings, arrays, the T
 * behind a pointer) and then stores the pointer; a member that is itself
 * const is an error (tests/generator/cases/err_const.h). */
#ifndef CONST_MEMBERS_H
#define CONST_MEMBERS_H

#include <stddef.h>
#include <stdint.h>

typedef struct { int32_t a; } const_inner;
typedef struct { const char *key; int32_t value; } const_entry;

/** @schema */
typedef struct {
    const char *name;
    const char **tags;
    size_t tags_count;
    /** @minLength 1 */
    char const *const *labels;
    size_t labels_count;
    const const_inner *pin;
    const int32_t *maybe;
    /** @minItems 1 */
    const const_inner *list;
    size_t list_count;
    /** @additionalProperties */
    const const_entry *scores;
    size_t scores_count;
} const_doc;

#endif /* CONST_MEMBERS_H */
