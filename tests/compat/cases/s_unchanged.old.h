#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { COLOR_RED, COLOR_GREEN, COLOR_BLUE } color;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** T. @maxLength 10 @pattern ^a+$ */
    char *a;
    double b;
} t_args;
