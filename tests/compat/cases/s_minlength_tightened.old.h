#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** T. @minLength 1 */
    char *a;
} t_args;
