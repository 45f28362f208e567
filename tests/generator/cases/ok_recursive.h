/* schemac: --print-schema */
/* Recursive types: the root refers to itself with "#", other recursive
 * structs live in $defs. */
#include <stddef.h>

/** A node of a tree. */
typedef struct tree {
    /** @maxLength 16 */
    char *label;
    /** Sub-trees. @maxItems 4 */
    struct tree *children;
    size_t children_count;
} tree_t;

/** A list cell. */
typedef struct cell {
    int value;
    /** The rest of the list, if any. */
    struct cell *next;
} cell;

/** @schema */
typedef struct {
    tree_t root;
    cell *list;
} forest;
