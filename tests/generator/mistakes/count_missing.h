/* schemac: --print-schema */
/* A pointer to integers with no count and no @optional: one value or an array? */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t *ids;
} lookup;
