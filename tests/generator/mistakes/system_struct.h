/* schemac: --print-schema */
/* A struct of a system header by value. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <time.h>

/** @schema */
typedef struct {
    struct tm when;
} event;
