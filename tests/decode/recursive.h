/* Recursive types for the decode tests. */
#ifndef RECURSIVE_H
#define RECURSIVE_H

#include <stddef.h>

/** A comment and its replies. @schema */
typedef struct comment {
    /** @minLength 1 */
    char *text;
    /** @maxItems 3 */
    struct comment *replies;
    size_t replies_count;
} comment;

/** A list cell. */
typedef struct cell {
    int value;
    struct cell *next;
} cell;

/** @schema */
typedef struct {
    cell *list;
} holder;

#endif /* RECURSIVE_H */
