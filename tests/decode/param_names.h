/* Members named like the parameters and locals of generated functions
 * (v, err, full, seen, depth, value, out, r, rc, n, items): generated code
 * must still compile cleanly (compile_generated.sh), whether a member's
 * name shows up in a comment, a string or a member access. */
#ifndef PARAM_NAMES_H
#define PARAM_NAMES_H

#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    char *seen;
    char *full;
    char *v;
    char *err;
    /** @minimum 0 */
    int32_t depth;
    char *value;
    char *out;
    char *r;
    /** @maxLength 3 */
    char *rc;
    char *n;
    int32_t *items;
    size_t items_count;
} watcher;

#endif /* PARAM_NAMES_H */
