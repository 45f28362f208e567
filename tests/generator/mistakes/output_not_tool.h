/* schemac: --print-schema */
/* @output on a struct that is no tool. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    char *definition;
} lookup_result;

/** @schema @output lookup_result */
typedef struct {
    char *word;
} lookup_input;
