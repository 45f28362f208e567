/* schemac: --print-schema */
/* A volatile member, or one pointing to volatile data: generated code
 * copies and compares values as plain objects, so it is an error. */
#include <stdbool.h>
#include <stddef.h>
/** @schema */
typedef struct {
    volatile bool done;
    volatile int *counter;
    const volatile char *name;
    int fine;
} job;
