/* schemac: --print-schema */
/* Two enumerators of one value. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { COLOR_RED, COLOR_CRIMSON = COLOR_RED } color;

/** @schema */
typedef struct { color c; } paint;
