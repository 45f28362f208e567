/* schemac: --print-schema task_misplaced.h */
/* @task outside a tool, and a word it does not take. */
#include <stdint.h>

/** Not a tool. @schema @task */
typedef struct {
    int32_t n;
} not_a_tool;

/**
 * A tool with a task of an unknown kind.
 * @tool odd
 * @task sometimes
 */
typedef struct {
    int32_t n;
} odd_input;
