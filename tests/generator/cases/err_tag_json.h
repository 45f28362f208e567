/* Tag values meant as JSON must be JSON with finite numbers, and one enum
 * cannot give two values one JSON name. */
#include <stdint.h>

typedef enum { X_A_B, X_A_b } twins;

/** @schema */
typedef struct {
    /** A lone surrogate is no string. @default "\ud800" */
    char *text;
    /** Infinity is no JSON number. @enum 1e400 2 */
    double ratio;
    twins which_one;
} tagged;
