/* schemac: --print-schema -I/usr/include/cjson */
/* @required alone: members are required already. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @required */
    int32_t limit;
} query;
