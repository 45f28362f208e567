/* schemac: --print-schema -I/usr/include/cjson */
/* @default on a struct member. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

typedef struct { int32_t x; int32_t y; } point;

/** @schema */
typedef struct {
    /** @default {"x": 0, "y": 0} */
    point origin;
} shape;
