#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    int32_t n;
} t_args;
