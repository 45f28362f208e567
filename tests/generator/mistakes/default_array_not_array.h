/* schemac: --print-schema -I/usr/include/cjson */
/* @default of an array that is no array. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @default {} */
    int32_t *ids;
    size_t ids_count;
} lookup;
