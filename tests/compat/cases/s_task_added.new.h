#include <stdint.h>

/**
 * A tool.
 * @tool t
 * @task
 */
typedef struct {
    int32_t n;
} t_args;
