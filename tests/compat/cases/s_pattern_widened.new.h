#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** P. @pattern ^[a-z0-9]+$ */
    char *a;
} t_args;
