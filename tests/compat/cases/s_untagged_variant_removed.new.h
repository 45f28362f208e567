#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { LIMIT_COUNT } limit_kind;

/** A count, or true for no limit. @untagged */
typedef struct {
    limit_kind kind;
    union {
        int32_t count;
    } as;
} limit;

/**
 * A tool.
 * @tool t
 */
typedef struct {
    limit max;
} t_args;
