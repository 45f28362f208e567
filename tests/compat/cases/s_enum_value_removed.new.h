#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { COLOR_RED, COLOR_BLUE } color;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    color c;
} t_args;
