/* schemac: --print-schema */
/* @default of the wrong JSON type. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @default "ten" */
    int32_t retries;
} policy;
