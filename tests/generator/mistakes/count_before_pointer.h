/* schemac: --print-schema */
/* The near miss before the pointer it counts. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    size_t num_ids;
    int64_t *ids;
} batch;
