/* schemac: --print-schema */
#include <stddef.h>
typedef enum { COLOR_RED, COLOR_BLUE } color;
/** @schema */
typedef struct {
    /** @minimum 5 @maximum 1 */
    int a;
    /** @exclusiveMinimum 3 @exclusiveMaximum 3 */
    double b;
    /** @minLength 4 @maxLength 2 */
    char *c;
    /** @minItems 3 @maxItems 1 */
    int *d;
    size_t d_count;
    /** @default 200 @maximum 100 */
    int e;
    /** @default green */
    color f;
    /** @default "toolong" */
    char g[4];
    /** @multipleOf 0 */
    int h;
    /** @minimum 1 */
    char *i;
    /** @default 5 @multipleOf 2 */
    int j;
} t;
