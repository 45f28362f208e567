/* schemac: --print-schema */
/* @default that starts like JSON but is not. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @default [1, */
    int32_t n;
} counter;
