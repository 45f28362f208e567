/* schemac: --print-schema */
/* An array of strings beside a near-miss count. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    char **names;
    size_t names_len;
} roster;
