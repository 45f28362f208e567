/* schemac: --print-schema */
/* @default naming no value of the member's enum. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { MODE_FAST, MODE_SAFE } mode;

/** @schema */
typedef struct {
    /** @default turbo */
    mode m;
} run;
