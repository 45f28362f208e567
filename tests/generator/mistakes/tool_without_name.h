/* schemac: --print-schema */
/* @tool with no name. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Look a word up. @tool */
typedef struct {
    char *word;
} lookup;
