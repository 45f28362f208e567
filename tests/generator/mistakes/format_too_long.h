/* schemac: --print-schema */
/* A @format whose texts cannot fit the buffer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @format uuid */
    char id[8];
} record;
