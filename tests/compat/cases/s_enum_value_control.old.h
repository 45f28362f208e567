#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** E. @enum ["line\u2028sep", "del\u007f", "c"] */
    char *a;
} t_args;
