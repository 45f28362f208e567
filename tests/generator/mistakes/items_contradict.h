/* schemac: --print-schema */
/* @minItems above @maxItems. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @minItems 3 @maxItems 2 */
    int32_t *items;
    size_t items_count;
} order;
