/* A header whose tag value holds terminal escape sequences: diagnostics
 * quote it with its control characters escaped. */
#include <stddef.h>

/** @schema */
typedef struct {
    /** @format [2J]0;owned */
    char *name;
} escapes;
