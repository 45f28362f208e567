/* schemac: --print-schema -I/usr/include/cjson */
/* @required and @optional on one member. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @default 3 @required @optional */
    int32_t retries;
} policy;
