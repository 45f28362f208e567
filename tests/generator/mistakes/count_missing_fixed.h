/* schemac: --print-schema */
/* A fixed array without any count. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t ids[4];
} lookup;
