/* schemac: -o OUT --optimize=size */
/* The shapes a descriptor has no form for, refused by the parser in
 * either mode, so that every type the emitters see has a descriptor:
 * arrays of arrays, arrays and maps behind a pointer (a map as an
 * untagged union's variant: err_untagged.h). */
#include <stddef.h>
#include <stdint.h>

typedef int32_t row3[3];
typedef struct { char *key; int32_t value; } entry;

/** @schema */
typedef struct {
    row3 *rows;
    size_t rows_count;
    int32_t (*grid)[3];
    size_t grid_count;
    int32_t **lists;
    size_t lists_count;
    /** @additionalProperties */
    entry **maps;
    size_t maps_count;
} nested;
