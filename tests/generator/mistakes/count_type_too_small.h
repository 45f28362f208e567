/* schemac: --print-schema */
/* A signed 8-bit count cannot hold the @minItems the array needs. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @count n @minItems 200 */
    int32_t *items;
    int8_t n;
} order;
