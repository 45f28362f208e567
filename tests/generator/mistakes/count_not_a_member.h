/* schemac: --print-schema */
/* @count naming no member. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @count total */
    int32_t *items;
    size_t n;
} order;
