/* schemac: --print-schema */
/* A pointer beside the count named in the singular: an error, not one optional integer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t *items;
    size_t item_count;
} order;
