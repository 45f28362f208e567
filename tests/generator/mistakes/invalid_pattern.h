/* schemac: --print-schema */
/* A @pattern that does not compile. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @pattern ^[a-z+$ */
    char *slug;
} page;
