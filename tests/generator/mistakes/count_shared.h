/* schemac: --print-schema */
/* One count member for two arrays. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t *a;
    /** @count a_count */
    int32_t *b;
    size_t a_count;
} pair;
