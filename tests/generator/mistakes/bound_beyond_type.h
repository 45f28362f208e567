/* schemac: --print-schema */
/* @maximum beyond what the C type holds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @minimum 300 */
    uint8_t level;
} knob;
