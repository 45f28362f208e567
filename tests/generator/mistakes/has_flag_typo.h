/* schemac: --print-schema */
/* A has_X flag whose X is a near miss of a member (colour for color). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    bool has_colour;
    int32_t color;
} paint;
