/* schemac: --print-schema -DLIMIT=42 -I include */
/* -D and -I reach clang as they would reach the compiler. */
#include "limits_extra.h"
/** @schema */
typedef struct {
    int values[LIMIT];
    int values_count;
    extra_t extra;
} t;
