/* Count members for the decode tests (docs/annotations.md, "Arrays"): a
 * count type that bounds the items, a signed count, @ignore with its count. */
#ifndef COUNTS_H
#define COUNTS_H

#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** At most 127 items: the count is an int8_t. @count n */
    int32_t *small;
    int8_t n;
    /** At most 255 of the 300 slots: the count is a uint8_t. */
    int32_t wide[300];
    uint8_t wide_count;
    /** Not in JSON, and neither is its count. @ignore */
    int32_t *scratch;
    size_t scratch_count;
} counted;

#endif /* COUNTS_H */
