/* schemac: --print-schema */
/* @count naming a member that is not an integer. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @count label */
    int32_t *items;
    char *label;
} order;
