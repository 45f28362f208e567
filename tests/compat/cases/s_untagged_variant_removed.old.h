#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { LIMIT_COUNT, LIMIT_ALL } limit_kind;

/** A count, or true for no limit. @untagged */
typedef struct {
    limit_kind kind;
    union {
        int32_t count;
        bool all;
    } as;
} limit;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    limit max;
} t_args;
