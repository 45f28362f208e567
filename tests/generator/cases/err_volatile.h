/* schemac: --print-schema */
/* A volatile member, or one pointing to volatile data: generated code
 * copies and compares values as plain objects, so it is an error. */
#include <stdbool.h>
#include <stddef.h>
/* a map's entries: read as a map, not as a struct of their own */
typedef struct {
    volatile char *key;
    volatile int value;
} tally_entry;
/** @schema */
typedef struct {
    volatile bool done;
    volatile int *counter;
    const volatile char *name;
    int fine;
    /** @additionalProperties */
    tally_entry *tallies;
    size_t tallies_count;
} job;
