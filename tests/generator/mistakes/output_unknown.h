/* schemac: --print-schema */
/* @output naming no struct at all. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Look a word up. @tool lookup @output lookup_reslt */
typedef struct {
    char *word;
} lookup_input;
