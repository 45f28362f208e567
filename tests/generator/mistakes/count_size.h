/* schemac: --print-schema */
/* A pointer beside the count named NAME_size: an error, not one optional integer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t *items;
    size_t items_size;
} order;
