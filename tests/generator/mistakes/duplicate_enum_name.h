/* schemac: --print-schema */
/* Two enumerators under one JSON name. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    COLOR_RED,
    /** @name red */
    COLOR_CRIMSON,
} color;

/** @schema */
typedef struct { color c; } paint;
