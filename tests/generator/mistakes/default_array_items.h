/* schemac: --print-schema -I/usr/include/cjson */
/* @default of an array with items: only [] is a default. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @default ["*.o"] */
    char **exclude;
    size_t exclude_count;
} scan;
