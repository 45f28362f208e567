#include <stdint.h>

/**
 * A tool that reads.
 * @tool t
 * @scopes files:read
 */
typedef struct {
    int32_t n;
} t_args;
