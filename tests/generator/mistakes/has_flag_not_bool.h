/* schemac: --print-schema */
/* A has_X flag that is not a bool: a required integer property, not a presence flag. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int has_limit;
    int32_t limit;
} query;
