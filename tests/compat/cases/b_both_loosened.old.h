#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** D. @schema */
typedef struct {
    /** T. @maxLength 20 */
    char *a;
} d;
