/* schemac: --print-schema */
/* A member that is itself const cannot be filled by the decoder. */
#include <stddef.h>
typedef struct { int a; } inner;
typedef const int const_int;
typedef struct { char *key; const int value; } entry;
/** @schema */
typedef struct {
    const int x;
    char *const p;
    const inner in;
    const char buf[8];
    const_int hidden;
    /** @additionalProperties */
    entry *map;
    size_t map_count;
    const_int *through_typedef;
} consts;
