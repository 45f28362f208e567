// args: --compat-verbose
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** How many, at most. */
    int32_t a;
} t_args;
