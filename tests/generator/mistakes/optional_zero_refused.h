/* schemac: --print-schema */
/* @optional on a scalar whose constraints refuse the 0 a missing member reads as. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @optional @minimum 1 */
    int32_t page;
} query;
