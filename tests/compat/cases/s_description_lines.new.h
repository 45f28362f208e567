// args: --compat-verbose
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /**
     * How many, at most.
     *
     * Zero means none.
     */
    int32_t n;
} t_args;
