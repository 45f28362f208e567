#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** The result. @schema */
typedef struct {
    int32_t a;
    int32_t b;
} t_result;

/**
 * A tool.
 * @tool t
 * @output t_result
 */
typedef struct {
    int32_t n;
} t_args;
