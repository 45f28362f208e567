/* schemac: --print-schema -I include */
/* A mistake in a struct another header declares: the error where it is, and a
 * note at the member of this header that uses the type. */
#include "bad_point.h"

/** @schema */
typedef struct {
    bad_point origin;
} shape;
