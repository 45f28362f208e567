/* schemac: --print-schema */
/* A pointer to structs beside a near-miss count: one optional struct or an array? */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct { int x; int y; } point;

/** @schema */
typedef struct {
    point *points;
    size_t n_points;
} polygon;
