/* Two enumerators of one value are an error (found by tests/genfuzz:
 * findings/enum_alias_discriminator.h): "crimson" would decode to the value
 * of "red" and encode back as "red", and a tagged union on such an enum
 * had one case twice in its switch, which does not compile. */
#include <stddef.h>

typedef enum { COLOR_RED, COLOR_GREEN, COLOR_CRIMSON = 0 } color;

typedef enum { SHAPE_CIRCLE, SHAPE_DOT, SHAPE_POINT = SHAPE_DOT } shape_kind;

/** @schema */
typedef struct {
    color fill;
    shape_kind kind;
    union {
        double circle;
        int dot;
    } as;
} drawing;
