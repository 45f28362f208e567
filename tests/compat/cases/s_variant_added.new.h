#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SHAPE_CIRCLE, SHAPE_SQUARE } shape_kind;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    shape_kind kind;
    union {
        struct { double radius; } circle;
        struct { double side; } square;
    } as;
} t_args;
