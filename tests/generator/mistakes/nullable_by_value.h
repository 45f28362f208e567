/* schemac: --print-schema */
/* @nullable on a member by value. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @nullable */
    int32_t limit;
} query;
