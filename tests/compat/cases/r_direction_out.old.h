#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** D. @schema @direction out */
typedef struct {
    /** T. @maxLength 20 */
    char *a;
} d;
