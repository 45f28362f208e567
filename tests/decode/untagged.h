/* Untagged unions for the decode tests: the JSON value's own type chooses
 * the variant. */
#ifndef UNTAGGED_H
#define UNTAGGED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { SCALAR_NONE, SCALAR_FLAG, SCALAR_INTEGER, SCALAR_NUMBER, SCALAR_TEXT } scalar_kind;

/** A cell: null, a boolean, an integer, a number or a string. @untagged */
typedef struct {
    scalar_kind kind;
    union {
        /** Yes or no. */
        bool flag;
        /** A count. @minimum -1000 @maximum 1000 */
        int32_t integer;
        /** A measure. @exclusiveMinimum -1e6 @acceptOverlap */
        double number;
        /** A short text. @maxLength 16 */
        char *text;
    } as;
} scalar;

typedef enum { HUE_RED, HUE_GREEN } hue;
typedef enum { TOKEN_WORD, TOKEN_CODE, TOKEN_SMALL } token_kind;

/** A token: a color name, a short code, or a small number. @untagged */
typedef struct {
    token_kind kind;
    union {
        hue word;
        /** @pattern ^[A-Z]+$ */
        char code[8];
        uint8_t small;
    };
} token;

typedef struct {
    double x;
    double y;
} xy_point;

typedef struct {
    /** @minLength 1 */
    char *name;
    /** @minimum 1 */
    int32_t zoom;
    bool has_zoom;
} named_place;

typedef enum { TARGET_POINT, TARGET_PLACE, TARGET_PATH, TARGET_LABELS } target_kind;

/** Where to look: a point, a named place, a path of points or labels. @untagged */
typedef struct {
    target_kind kind;
    union {
        xy_point point;
        named_place place;
        /** @minItems 2 */
        xy_point *path;
        /** @maxItems 3 @uniqueItems */
        char **labels;
    } as;
    size_t path_count;
    uint8_t labels_count;
} target;

typedef enum { AMOUNT_RATIO, AMOUNT_COUNT, AMOUNT_UNKNOWN } amount_kind;

/** An amount: a ratio, else a count in fives, or null. The number comes
 * first, so only what it rejects is left to the integer. @untagged */
typedef struct {
    amount_kind kind;
    union {
        /** @minimum 0 @maximum 1 */
        double ratio;
        /** @multipleOf 5 @exclusiveMaximum 1000 @acceptOverlap */
        int64_t count;
    } as;
} amount;

/** A query over cells. @schema */
typedef struct {
    scalar value;
    /** @maxItems 4 */
    scalar *cells;
    size_t cells_count;
    token k;
    /** Where to look, if anywhere. */
    target *where;
    target goal;
    /** @optional */
    amount *share;
} query;

typedef enum {
    JSON_VALUE_NULL,
    JSON_VALUE_FLAG,
    JSON_VALUE_NUMBER,
    JSON_VALUE_TEXT,
    JSON_VALUE_LIST
} json_value_kind;

/** Any JSON value but an object: an untagged union that reaches itself
 * through its array variant ($defs and $ref in the schema). @untagged */
typedef struct json_value {
    json_value_kind kind;
    union {
        bool flag;
        double number;
        char *text;
        /** @maxItems 3 */
        struct json_value *list;
    } as;
    size_t list_count;
} json_value;

/** A document holding a recursive untagged union. @schema */
typedef struct {
    json_value data;
} value_doc;

/* Overlapping variants (docs/annotations.md, Overlapping variants): each
 * later variant shares values with an earlier one and says @acceptOverlap,
 * so validate refuses a value that would decode as the earlier one, and a
 * float is written in a form that reads back as the float. */
typedef enum { LEVEL_NUM, LEVEL_RATIO } level_kind;

/** Issue 18's union: 1.00000001 is a ratio (1.0f), written back so that it
 * is read as a ratio again. @untagged */
typedef struct {
    level_kind kind;
    union {
        unsigned num;
        /** @acceptOverlap */
        float ratio;
    } as;
} level;

typedef enum { SHARE_WHOLE, SHARE_PART } share_kind;

/** A float with a lower bound at 0: -0.0f has no form. @untagged */
typedef struct {
    share_kind kind;
    union {
        unsigned whole;
        /** @minimum 0 @acceptOverlap */
        float part;
    } as;
} share;

typedef enum { MEASURE_COUNT, MEASURE_RATIO } measure_kind;

/** The common case: an integer, else a double. @untagged */
typedef struct {
    measure_kind kind;
    union {
        int64_t count;
        /** @acceptOverlap */
        double ratio;
    } as;
} measure;

typedef enum { WORD_CODE, WORD_TEXT } word_kind;

/** A pattern before a plain string. @untagged */
typedef struct {
    word_kind kind;
    union {
        /** @pattern ^[A-Z]+$ */
        char *code;
        /** @maxLength 3 @acceptOverlap */
        char text[16];
    } as;
} word;

typedef enum { SERIES_INTS, SERIES_NAMES } series_kind;

/** Two arrays: [] is the first. @untagged */
typedef struct {
    series_kind kind;
    union {
        int32_t *ints;
        /** @acceptOverlap */
        char **names;
    } as;
    size_t ints_count;
    size_t names_count;
} series;

/** A document of overlapping unions. @schema */
typedef struct {
    level value;
    /** @maxItems 4 */
    level *values;
    size_t values_count;
    share portion;
    measure size;
    word label;
    series list;
} overlap_doc;

#endif /* UNTAGGED_H */
