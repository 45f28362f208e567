#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** A. @maximum 9 */
    int32_t a;
} t_args_v2;
