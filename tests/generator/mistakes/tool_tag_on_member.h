/* schemac: --print-schema */
/* @tool on a member. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @tool search */
    char *query;
} request;
