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
    /**
     * A long description, so that the schema string is longer than the 4095
     * characters ISO C promises for a string literal and the generator has to
     * write it as a character list instead.
     * Filler sentence number 1 repeats to make the schema long enough for that path.
     * Filler sentence number 2 repeats to make the schema long enough for that path.
     * Filler sentence number 3 repeats to make the schema long enough for that path.
     * Filler sentence number 4 repeats to make the schema long enough for that path.
     * Filler sentence number 5 repeats to make the schema long enough for that path.
     * Filler sentence number 6 repeats to make the schema long enough for that path.
     * Filler sentence number 7 repeats to make the schema long enough for that path.
     * Filler sentence number 8 repeats to make the schema long enough for that path.
     * Filler sentence number 9 repeats to make the schema long enough for that path.
     * Filler sentence number 10 repeats to make the schema long enough for that path.
     * Filler sentence number 11 repeats to make the schema long enough for that path.
     * Filler sentence number 12 repeats to make the schema long enough for that path.
     * Filler sentence number 13 repeats to make the schema long enough for that path.
     * Filler sentence number 14 repeats to make the schema long enough for that path.
     * Filler sentence number 15 repeats to make the schema long enough for that path.
     * Filler sentence number 16 repeats to make the schema long enough for that path.
     * Filler sentence number 17 repeats to make the schema long enough for that path.
     * Filler sentence number 18 repeats to make the schema long enough for that path.
     * Filler sentence number 19 repeats to make the schema long enough for that path.
     * Filler sentence number 20 repeats to make the schema long enough for that path.
     * @minLength 2 @maxLength 5
     */
    char *name;
    char code[4];
    color shade;
    point origin;
    /** An optional point. */
    point *target;
    /** An optional count. @optional */
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
    /** A tag of kitchen's tags' pattern: one generated matcher serves both. @optional */
    tag label;
} tolerant;

#endif /* KITCHEN_H */
