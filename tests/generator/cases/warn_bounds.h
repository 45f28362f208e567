/* schemac: --print-schema */
#include <stdint.h>
/** @schema */
typedef struct {
    /** @maximum 300 @minimum -5 */
    uint8_t a;
} t;
