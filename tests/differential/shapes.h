/* More shapes for the differential run against ajv (run.mjs): numeric edge
 * bounds, every format, Unicode patterns, exact char buffers, nested arrays
 * of structs, every way to be optional, @const/@enum, 64-bit integers. */
#ifndef SHAPES_H
#define SHAPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** A level. */
typedef enum {
    LEVEL_LOW,         /**< Quiet. */
    LEVEL_MEDIUM_HIGH, /**< Two words in C. */
    LEVEL_MAX = 9,     /**< @name Top */
} level;

/** A short code buffer: 4*2 < 12, exact. @maxLength 2 */
typedef char code12[12];

/** A signed unit. @minimum -1 @maximum 1 */
typedef double unit;

/** An identifier. @minLength 1 @maxLength 8 @pattern ^[a-z][a-z0-9_]*$ */
typedef char *ident;

/**
 * Numeric bounds at their edges.
 * @schema
 */
typedef struct {
    /** @exclusiveMinimum -5 @exclusiveMaximum 5 */
    int32_t open_int;
    /** Fractional exclusive bounds on an integer. @exclusiveMinimum 0.5 @exclusiveMaximum 3.5 */
    int16_t frac_open;
    /** @minimum 2.5 @maximum 7.5 */
    uint8_t frac_closed;
    /** @multipleOf 0.1 */
    double tenths;
    /** @multipleOf 0.25 @minimum -1 @maximum 1 */
    double quarters;
    /** @exclusiveMinimum 0 @exclusiveMaximum 1 */
    double open_unit;
    /** Float members take inclusive bounds that are floats. @minimum -1.5e3 @maximum 1.5e3 */
    float f;
    /** @multipleOf 0.001 */
    double milli;
    int64_t big;
    uint64_t ubig;
    /** @minimum -9007199254740990 @exclusiveMaximum 9007199254740990 */
    int64_t near_big;
    /** @multipleOf 3 @minimum -9 @maximum 9 */
    long triple;
    /** @const 42 */
    int answer;
    /** @enum [1, 2, 3, 5, 8] */
    uint16_t fib;
    /** @enum [0.5, -1.25, 100] */
    double pick;
    unit u;
    /** @const true */
    bool yes;
    /** @default 30 @minimum 10 @maximum 60 */
    uint32_t timeout;
    /** @optional @maximum 0 */
    int64_t nonpositive;
    /** @exclusiveMinimum -1e308 */
    double huge_low;
} numbers;

/**
 * Every format schemac checks.
 * @schema
 */
typedef struct {
    /** @format date-time */
    char *when;
    /** @format date */
    char *day;
    /** @format time @maxLength 20 */
    char *clock;
    /** @format email */
    char *mail;
    /** @format uri @maxLength 64 */
    char *link;
    /** @format uuid */
    char id[48];
    /** @format ipv4 */
    char *v4;
    /** @format ipv6 */
    char *v6;
    /** @format hostname */
    char *host;
    bool has_host;
    /** @optional @format ipv4 */
    char *backup;
} formats;

/**
 * Strings: Unicode, patterns, exact char buffers, enums.
 * @schema
 */
typedef struct {
    /** Exact: 4*3 < 16. @maxLength 3 */
    char small[16];
    /** Exact: 4*5 < 24. @minLength 2 @maxLength 5 */
    char word[24];
    /** No explicit maxLength: 7 bytes in C, 7 code points in the schema. */
    char raw[8];
    /** Greek letters only.
     * @maxLength 6
     * @pattern ^[α-ω]+$
     */
    char *greek;
    /** Contains an emoji anywhere.
     * @pattern 😀
     */
    char *smile;
    /** Code, digits then capitals.
     * @pattern ^\d{3}-[A-Z]{2}$
     */
    char code[8];
    /** Two characters of any kind.
     * @pattern ^.{2}$
     */
    char *pair;
    /** Ends with x, starting the text or after a comma.
     * @pattern (^|,)x$
     */
    char *tail;
    /** Not all white space.
     * @pattern \S
     */
    char *visible;
    /** @enum alpha beta gamma */
    char *greek_name;
    /** @const "v1" */
    char version[4];
    /** @enum ["é", "ü", "😀"] */
    char *accent;
    level lvl;
    /** @uniqueItems @maxItems 3 */
    level *levels;
    size_t levels_count;
    /** @default LEVEL_MEDIUM_HIGH */
    level fallback;
    /** @default "naïve" @maxLength 5 */
    char mood[32];
    /** @const "Top" */
    level top;
} texts;

/** A point with an optional label. */
typedef struct {
    /** @minimum -100 @maximum 100 */
    int32_t x;
    /** @minimum -100 @maximum 100 */
    int32_t y;
    /** @maxLength 4 */
    char *label;
    bool has_label;
} spot;

/** A polyline: a name and 2..4 points. */
typedef struct {
    ident name;
    /** @minItems 2 @maxItems 4 */
    spot *points;
    size_t points_count;
    /** @uniqueItems @maxItems 3 */
    ident *tags;
    size_t tags_count;
    /** An optional weight. @exclusiveMinimum 0 @optional */
    double *weight;
} line;

/**
 * Nested arrays of structs, fixed arrays, unique arrays of every kind.
 * @schema
 */
typedef struct {
    /** @maxItems 3 */
    line *lines;
    size_t lines_count;
    spot corners[2];
    size_t corners_count;
    /** @uniqueItems @maxItems 4 */
    double *reals;
    size_t reals_count;
    /** @uniqueItems */
    bool *bits;
    size_t bits_count;
    /** @uniqueItems @minItems 1 */
    int64_t *ids;
    size_t ids_count;
    /** @uniqueItems @maxItems 3 */
    code12 codes[3];
    size_t codes_count;
    /** @uniqueItems @minItems 1 */
    code12 *labels;
    size_t labels_count;
    /** Floats cannot be unique items (schemac refuses it). @maxItems 3 */
    float *floats;
    size_t floats_count;
    /** An optional spot. */
    spot *focus;
    /** Optional, held by value: has_extra says whether it was there. */
    line extra;
    bool has_extra;
} nested;

#endif /* SHAPES_H */
