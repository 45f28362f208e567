#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** T. @maxLength 10 @acceptBreak bound */
    char *a;
} t_args;
