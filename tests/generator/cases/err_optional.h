/* schemac: --print-schema */
/* @optional without a pointer or has_X: missing reads as the zero value,
 * which the member must accept. */
#include <stdbool.h>
#include <stddef.h>
typedef enum { LEVEL_LOW = 1, LEVEL_HIGH } level;
typedef struct { char *name; } line_t;
typedef char code12[12];
/** @schema */
typedef struct {
    /** @optional @minimum 1 */
    int count;
    /** @optional */
    line_t line;
    /** @optional */
    level lvl;
    /** @optional @minLength 2 */
    char code[8];
    /** @optional */
    int fine;
    /** @optional @uniqueItems */
    float *ratios;
    size_t ratios_count;
    char (*raw)[12];
    size_t raw_count;
    code12 *named;
    size_t named_count;
    /** @const "a\u0000b" */
    char *nul;
} t;
