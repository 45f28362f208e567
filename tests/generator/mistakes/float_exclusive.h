/* schemac: --print-schema */
/* An exclusive bound on a float, which rounding can cross. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @exclusiveMinimum 0 */
    float ratio;
} mix;
