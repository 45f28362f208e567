// args: --compat-verbose
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** T. @maxLength 20 */
    char *a;
    /** T. @maxLength 5 */
    char *b;
} t_args;
