#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SHAPE_CIRCLE, SHAPE_SQUARE } shape_kind;

/** The result. @schema */
typedef struct {
    shape_kind kind;
    union {
        struct { double radius; } circle;
        struct { double side; } square;
    } as;
} t_result;

/**
 * A tool.
 * @tool t
 * @output t_result
 */
typedef struct {
    int32_t n;
} t_args;
