/* schemac: --print-schema */
/* @default outside the member's bounds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @maximum 100 @default 200 */
    int32_t percent;
} gauge;
