/* schemac: --print-schema */
/* A fixed array beside a near-miss count. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    double samples[16];
    uint8_t sample_count;
} series;
