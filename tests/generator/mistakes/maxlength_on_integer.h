/* schemac: --print-schema */
/* @maxLength on an integer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @maxLength 3 */
    int32_t code;
} person;
