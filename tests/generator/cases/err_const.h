/* schemac: --print-schema */
/* A member that is itself const cannot be filled by the decoder. */
#include <stdbool.h>
#include <stddef.h>
typedef struct { int a; } inner;
typedef const int const_int;
typedef const struct { int a; } const_unnamed;
typedef enum { KIND_A, KIND_B, KIND_C } kind;
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
    /** @optional */
    const_int *through_typedef; /* fine: the pointee's const is taken off by spelling int */
    const_unnamed *unnamed;
    kind k;
    union { const int a; char *const b; const_int c; } as;
    int *items;
    const size_t items_count; /* counts, has_X flags and @ignore members are written too */
    int y;
    const bool has_y;
    /** @ignore */
    const int ignored;
    /** @count n */
    int *more;
    const unsigned char n;
} consts;
