/* schemac: --print-schema */
/* Two structs under one tool name. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @tool search */
typedef struct { char *query; } search_a;

/** @tool search */
typedef struct { char *text; } search_b;
