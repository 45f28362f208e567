#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** D. @format date @pattern ^2024 */
    char *a;
} t_args;
