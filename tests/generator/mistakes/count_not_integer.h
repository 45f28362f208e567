/* schemac: --print-schema */
/* The count member by its conventional name, but of a type that counts nothing. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t *items;
    double items_count;
} order;
