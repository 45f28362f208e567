#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SHAPE_CIRCLE } shape_kind;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    shape_kind kind;
    union {
        struct { double radius; } circle;
    } as;
} t_args;
