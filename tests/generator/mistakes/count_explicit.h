/* schemac: --print-schema */
/* Not a mistake, the fix of count_n_prefix.h: @count pairs any integer member with
 * any pointer (exit 0, an array). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @count n_items */
    int32_t *items;
    uint16_t n_items;
} order;
