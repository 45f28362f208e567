/* schemac: --print-schema */
/* @const that its own @pattern refuses. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @const abc
     * @pattern ^[0-9]+$
     */
    char *code;
} fixed;
