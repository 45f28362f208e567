/* schemac: --print-schema */
/* @multipleOf 0. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @multipleOf 0 */
    double step;
} grid;
