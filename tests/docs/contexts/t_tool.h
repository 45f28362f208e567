/* A tool named T whose @output is OUT, so the declarations docs/tools.md
 * writes for any tool are checked against what schemac declares for one. */
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t sum;
} t_output;

/**
 * Adds.
 * @tool add
 * @output t_output
 */
typedef struct {
    int32_t a;
    int32_t b;
} T;
