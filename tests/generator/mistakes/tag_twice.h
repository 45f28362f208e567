/* schemac: --print-schema */
/* One tag given twice. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @maximum 10 @maximum 20 */
    int32_t n;
} counter;
