/* schemac: --print-schema */
/* A const count member: the decoder writes it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t *items;
    const size_t items_count;
} order;
