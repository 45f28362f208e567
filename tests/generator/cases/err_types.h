/* schemac: --print-schema */
#include <stddef.h>
union u { int a; float b; };
/** @schema */
typedef struct {
    void *p;
    int (*callback)(int);
    unsigned flags : 3;
    union u either;
    char **names;
    long double ld;
    char c;
    int fixed[4];
} t;

/** @schema */
typedef struct {
    enum { INLINE_A, INLINE_B } mode;
    struct { int x; } inner;
} anonymous_members;

/** @schema */
typedef struct {
    struct { int x; int y; };
    int z;
} anonymous_struct_member;
