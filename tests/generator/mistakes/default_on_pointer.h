/* schemac: --print-schema */
/* @default on a pointer member, already optional. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @default 3 */
    int32_t *retries;
} policy;
