/* schemac: --print-schema */
/* A union without its discriminator. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    union { int32_t i; double d; } value;
} cell;
