#include <stdint.h>

/**
 * A tool that may run as a task.
 * @tool t
 * @task
 */
typedef struct {
    int32_t n;
} t_args;
