/* schemac: --print-schema */
/* @minimum on a string. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @minimum 1 */
    char *name;
} person;
