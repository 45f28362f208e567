#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** The count. */
    int32_t n;
} t_args;
