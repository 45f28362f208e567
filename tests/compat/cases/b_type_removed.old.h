#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** A. @schema */
typedef struct {
    int32_t a;
} gone;

/** B. @schema */
typedef struct {
    int32_t b;
} kept;
