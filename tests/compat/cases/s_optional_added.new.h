#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    int32_t a;
    /** New. @optional */
    int32_t *b;
} t_args;
