/* Every type mapping and keyword of schemac in one header, for the decode
 * tests (test_decode.c) and the differential run against ajv. */
#ifndef KITCHEN_H
#define KITCHEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** A colour. */
typedef enum {
    COLOR_RED,   /**< Warm. */
    COLOR_GREEN, /**< @name verde */
    COLOR_BLUE = 7,
} color;

/** A short tag. @minLength 1 @maxLength 4 @pattern ^[a-z]+$ */
typedef char *tag;

/** A percentage. @minimum 0 @maximum 100 */
typedef int32_t percent;

/** A point on a plane. */
typedef struct {
    /** X coordinate. */
    double x;
    /** Y coordinate. @exclusiveMinimum -10 @exclusiveMaximum 10 */
    double y;
} point;

/**
 * Everything at once.
 * @schema
 */
typedef struct {
    bool flag;
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    uint16_t u16;
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    float f32;
    /** @multipleOf 0.5 */
    double f64;
    /** @minLength 2 @maxLength 5 */
    char *name;
    char code[4];
    color shade;
    point origin;
    /** An optional point. */
    point *target;
    /** An optional count. */
    uint16_t *limit;
    /** @minItems 1 @maxItems 3 @uniqueItems */
    tag *tags;
    size_t tags_count;
    percent scores[3];
    size_t scores_count;
    /** @maxItems 2 */
    point *path;
    size_t path_count;
    /** @format email */
    char *email;
    bool has_email;
    /** @optional @format date */
    char *day;
    /** @default "en" @enum ["en", "fr", "de"] */
    char lang[3];
    /** @default 7 @multipleOf 7 */
    int step;
    /** @name kind @const "kitchen" */
    char *kind_;
    /** @ignore */
    void *user_data;
    /** @count n_colors */
    color *palette;
    int n_colors;
} kitchen;

/**
 * Tolerant: unknown members are skipped (but still must be well-formed).
 * @schema
 * @additionalProperties
 */
typedef struct {
    /** @format uuid */
    char *id;
    /** @default true */
    bool active;
} tolerant;

#endif /* KITCHEN_H */
