/* schemac: --print-schema */
/* @minimum above @maximum. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @minimum 10 @maximum 1 */
    int32_t retries;
} policy;
