#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { COLOR_RED, COLOR_GREEN, COLOR_BLUE } color;

/** The result. @schema */
typedef struct {
    color c;
} t_result;

/**
 * A tool.
 * @tool t
 * @output t_result
 */
typedef struct {
    int32_t n;
} t_args;
