/* A count member belongs to one array: two arrays sharing one would each
 * read the other's length, and encode would read past the shorter. */
#include <stddef.h>

/** @schema */
typedef struct {
    /** @count n */
    int *a;
    /** @count n */
    int *b;
    size_t n;
} shared_count;
