/* schemac: --print-schema */
/* A bit-field member. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    unsigned flags : 3;
} options;
