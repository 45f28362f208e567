/* schemac: --print-schema */
/* @default that is none of the @enum values. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @enum debug info warn @default verbose */
    char *level;
} logging;
