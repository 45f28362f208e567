/* tests/genfuzz, seed 3, header 185 (from tests/generator/cases/list_shapes.h:
 * SHAPE_DOT = 0): accepted, and the generated switch on the discriminator
 * had "case SHAPE_DOT" and "case SHAPE_CIRCLE" of one value. Now an error:
 * tests/generator/cases/err_enum_alias.h. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
/* schemac: --list */
/* --list edge cases: a tagged union as the whole arguments, a recursive
 * root, a map of objects, a nullable array, a struct that ignores unknown
 * members, a struct with no members, a long name that spills its column. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_DOT = 0 } shape_kind;
typedef struct {
    /** Radius. @exclusiveMinimum 0 @exclusiveMaximum 1000 */
    double radius;
} circle_params;
typedef struct {
    /** Width. @minimum 0 */
    float width;
    /** Height. @minimum 0 */
    float height;
} rect_params;

/**
 * Draw a shape.
 * @tool draw_shape
 * @effect readonly
 */
typedef struct {
    /** Stroke colour. @pattern ^#[0-9a-f]{6}$ */
    char *color;
    /** Which shape. */
    shape_kind kind;
    union {
        /** A circle. */
        circle_params circle;
        /** A rectangle. */
        rect_params rect;
    } as;
} draw_input;

typedef struct {
    double lat;
    double lon;
} position;

typedef struct {
    char key[8];
    /** Where it is. */
    position value;
} place_entry;

/** Nothing to configure. @schema @additionalProperties */
typedef struct {
    /** @ignore */
    int reserved;
} empty_options;

/** A directory tree. @schema @additionalProperties */
typedef struct dir {
    /** @minLength 1 */
    char *name;
    /** Sub-directories, or null when not read yet. @nullable */
    struct dir *children;
    size_t children_count;
    /** Named places. @additionalProperties @minProperties 1 */
    place_entry *places;
    size_t places_count;
    /** A member whose name is far longer than the name column can hold. @optional */
    int32_t a_member_with_a_rather_long_json_name;
} dir;
