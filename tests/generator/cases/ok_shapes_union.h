/* schemac: --print-schema */
/* Tagged unions for the decode tests. */
#ifndef SHAPES_UNION_H
#define SHAPES_UNION_H

#include <stddef.h>

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_DOT } shape_kind;

typedef struct {
    /** @exclusiveMinimum 0 */
    double radius;
} circle_params;

typedef struct {
    double width;
    double height;
} rect_params;

/** A shape: a circle, a rectangle or a dot. @schema */
typedef struct {
    /** A label every shape has. @maxLength 8 */
    char *label;
    /** Which shape this is. */
    shape_kind kind;
    union {
        /** A circle around the origin. */
        circle_params circle;
        /** An axis-aligned rectangle. */
        rect_params rect;
    } as;
    /** Drawing order. @minimum 0 */
    int z;
} shape;

typedef enum { PAYMENT_CARD, PAYMENT_IBAN } payment_method;

/** An anonymous union with scalar members. @schema */
typedef struct {
    payment_method method;
    union {
        /** @pattern ^[0-9]{16}$ */
        char *card;
        /** @maxLength 34 */
        char *iban;
    };
} payment;

#endif /* SHAPES_UNION_H */
