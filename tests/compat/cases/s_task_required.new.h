#include <stdint.h>

/**
 * A tool that may run as a task.
 * @tool t
 * @task required
 */
typedef struct {
    int32_t n;
} t_args;
