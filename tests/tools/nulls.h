/* A tool whose arguments reach every shape SC_CALL_NULL_IS_ABSENT drops
 * nulls in (test_nulls.c): nested structs, arrays and maps of structs,
 * tagged union variants, untagged unions' object and array variants. */
#ifndef NULLS_H
#define NULLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int32_t id;
    /** @optional */
    char *note;
} item;

typedef struct {
    char *key;
    item value;
} item_entry;

typedef struct {
    /** @optional */
    char *city;
    item inner;
} address;

typedef enum { SHAPE_CIRCLE, SHAPE_SQUARE } shape_kind;

typedef struct {
    double radius;
    /** @optional */
    char *label;
} circle_params;

typedef struct {
    double side;
    /** @optional */
    int32_t *corner;
    /** @optional */
    item *origin;
} square_params;

/** A tagged union. */
typedef struct {
    shape_kind kind;
    union {
        circle_params circle;
        square_params square;
    } as;
    /** @optional */
    char *color;
} shape;

typedef struct {
    char *column;
    /** @optional */
    bool *descending;
} sort_key;

typedef struct {
    char *raw;
    /** @optional */
    char *comment;
} sort_raw;

typedef enum { SORT_COLUMN, SORT_KEY, SORT_RAW, SORT_KEYS } sort_kind;

/** A column, a key, a raw clause or keys. @untagged */
typedef struct {
    sort_kind kind;
    union {
        char *column;
        sort_key key;
        sort_raw raw;
        /** @maxItems 4 */
        sort_key *keys;
    } as;
    size_t keys_count;
} sort_spec;

typedef struct {
    int32_t low;
    /** @optional */
    int32_t *high;
} range;

typedef enum { LIMIT_COUNT, LIMIT_RANGE } limit_kind;

/** A count or a range: one object variant, no select member. @untagged */
typedef struct {
    limit_kind kind;
    union {
        int32_t count;
        range range;
    } as;
} limit;

/**
 * Nulls everywhere.
 * @tool nulls
 */
typedef struct {
    int32_t count;
    /** @optional */
    char *note;
    /** @nullable */
    char *maybe;
    address where;
    /** @maxItems 4 */
    item *items;
    size_t items_count;
    /** @additionalProperties @maxProperties 4 */
    item_entry *by_name;
    size_t by_name_count;
    shape figure;
    sort_spec sort;
    limit lim;
} nulls_args;

#endif /* NULLS_H */
