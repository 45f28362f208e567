#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    int32_t a;
} t_args;
