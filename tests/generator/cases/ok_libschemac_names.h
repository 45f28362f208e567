/* schemac: --print-schema -I../../../include -I/usr/include/cjson */
/* A header may include libschemac's own headers (to declare a handler, say):
 * their sc_ and SC_ names are libschemac's, not the header's, and are not
 * refused (a name of the header with those prefixes is: err_generated_names.h). */
#include <stdint.h>
#include <schemac/schemac.h>

/** @schema */
typedef struct {
    int32_t x;
} point;

int point_handle(sc_arena *arena, const point *p, sc_error *err);
