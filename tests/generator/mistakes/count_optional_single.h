/* schemac: --print-schema */
/* Not a mistake, the contrast to count_singular.h: @optional says 'items' is one
 * value, so 'item_count' is a property of its own (exit 0). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @optional */
    int32_t *items;
    size_t item_count;
} order;
