#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** A list. @schema */
typedef struct node {
    /** V. @maximum 10 */
    int32_t value;
    struct node *next;
} node;
