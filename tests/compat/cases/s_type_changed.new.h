#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    char *a;
} t_args;
