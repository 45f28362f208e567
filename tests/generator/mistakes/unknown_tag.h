/* schemac: --print-schema */
/* A misspelt tag: did you mean. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @maxlength 20 */
    char *name;
} person;
