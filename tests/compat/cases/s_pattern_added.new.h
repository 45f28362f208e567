#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** P. @pattern ^[a-z]+$ */
    char *a;
} t_args;
