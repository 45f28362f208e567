#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** B. @schema */
typedef struct {
    int32_t b;
} kept;
