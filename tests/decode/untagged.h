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
        /** A measure. @exclusiveMinimum -1e6 */
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
        /** @multipleOf 5 @exclusiveMaximum 1000 */
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

typedef enum { JSON_VALUE_NULL, JSON_VALUE_FLAG, JSON_VALUE_NUMBER, JSON_VALUE_TEXT, JSON_VALUE_LIST } json_value_kind;

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

#endif /* UNTAGGED_H */
