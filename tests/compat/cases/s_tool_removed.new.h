#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Kept. @schema */
typedef struct {
    int32_t k;
} kept;
