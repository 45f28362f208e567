/* schemac: -o OUT */
/* A header whose name starts with a digit: the include guard of the
 * generated header must still be an identifier. */
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t x;
} digit_named;
