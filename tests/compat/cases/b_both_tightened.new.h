#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** D. @schema */
typedef struct {
    /** T. @maxLength 10 */
    char *a;
} d;
