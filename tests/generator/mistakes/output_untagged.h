/* schemac: --print-schema */
/* @output naming a struct that is not tagged @schema. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *definition;
} lookup_result;

/** Look a word up. @tool lookup @output lookup_result */
typedef struct {
    char *word;
} lookup_input;
