#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 * @effect readonly
 */
typedef struct {
    int32_t a;
} t_args;
