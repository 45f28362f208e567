/* schemac: --print-schema -Werror */
#include <stdint.h>
/** @schema */
typedef struct {
    /** @maximum 300 */
    uint8_t a;
} t;
