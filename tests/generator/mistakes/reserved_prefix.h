/* schemac: --print-schema */
/* A header name with libschemac's prefix sc_. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    int32_t n;
} sc_counter;
