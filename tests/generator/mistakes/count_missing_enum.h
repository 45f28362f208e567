/* schemac: --print-schema */
/* A pointer to an enum with no count and no @optional. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { LEVEL_LOW, LEVEL_HIGH } level;

/** @schema */
typedef struct {
    level *levels;
} filter;
