/* schemac: --print-schema */
/* Every way to make a member optional. */
#include <stdbool.h>
#include <stddef.h>

typedef struct { int x; int y; } point;

/** @schema */
typedef struct {
    point *maybe_point;  /* a pointer to a struct: NULL when absent */
    /** @optional */
    int *maybe_int;      /* a pointer to a scalar: @optional says it is one value */
    int counted;
    bool has_counted;    /* a has_ flag */
    /** @optional */
    char *note;
    /** @default 3 */
    int tries;
    /** @default "auto" */
    char mode[8];
    point required_point;
} options;
