#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** L. @maximum 10 */
    int32_t *a;
    size_t a_count;
} t_args;
