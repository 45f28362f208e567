/* A type named T, so the signatures docs/generated-api.md writes for any
 * type T are checked against what schemac declares for one. */
#include <stdint.h>

/** @schema */
typedef struct {
    /** @maximum 10 */
    int32_t n;
} T;
