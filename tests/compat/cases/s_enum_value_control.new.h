#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** E. @enum ["c"] */
    char *a;
} t_args;
