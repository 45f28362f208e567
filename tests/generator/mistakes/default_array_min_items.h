/* schemac: --print-schema -I/usr/include/cjson */
/* @default [] on an array that needs items. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @default [] @minItems 1 */
    char **paths;
    size_t paths_count;
} scan;
