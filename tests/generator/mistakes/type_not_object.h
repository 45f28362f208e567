/* schemac: --print-schema -I/usr/include/cjson */
/* @type with a value other than object. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @type string */
    cJSON *value;
} holder;
