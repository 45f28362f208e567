#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *key;
    /** V. @maximum 10 */
    int32_t value;
} entry;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    /** M. @additionalProperties */
    entry *m;
    size_t m_count;
} t_args;
