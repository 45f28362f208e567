#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** N. @minimum -1.7976931348623157e308 */
    double a;
} t_args;
