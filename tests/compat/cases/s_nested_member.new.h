#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    /** X. @maximum 50 */
    int32_t x;
} point;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    point p;
} t_args;
