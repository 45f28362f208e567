/* Tools that push every provider dialect to its limits, for the provider
 * checks (check.mjs): maps, any values, tagged unions at the root and
 * nested, recursion, 12 levels of nesting, names only some providers
 * accept, and every keyword. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cJSON cJSON; /* as <cJSON.h> declares it */

/** Colours. */
typedef enum {
    COLOR_RED,  /**< Red. */
    COLOR_GREEN /**< Green. */
} color;

typedef struct {
    /** @maxLength 40 @pattern ^[a-z-]+$ */
    char *key;
    /** @minimum 0 @maximum 10 */
    int32_t value;
} score_entry;

typedef struct level12 {
    /** The deepest leaf. @maxLength 8 */
    char *leaf;
} level12;
typedef struct {
    level12 next;
} level11;
typedef struct {
    level11 next;
} level10;
typedef struct {
    level10 next;
} level9;
typedef struct {
    level9 next;
} level8;
typedef struct {
    level8 next;
} level7;
typedef struct {
    level7 next;
} level6;
typedef struct {
    level6 next;
} level5;
typedef struct {
    level5 next;
} level4;
typedef struct {
    level4 next;
} level3;
typedef struct {
    level3 next;
} level2;
typedef struct {
    level2 next;
} level1;

/** A tree node. */
typedef struct tree {
    /** Label. @minLength 1 */
    char *label;
    /** Children. @maxItems 4 */
    struct tree *children;
    size_t children_count;
} tree_t;

typedef enum { SHAPE_CIRCLE, SHAPE_RECT } shape_kind;
typedef struct {
    /** Radius. @exclusiveMinimum 0 */
    double radius;
} circle_params;
typedef struct {
    /** Width. @minimum 1 */
    int32_t w;
    /** Height. @minimum 1 */
    int32_t h;
} rect_params;

/** A shape. */
typedef struct {
    shape_kind kind;
    union {
        /** A circle. */
        circle_params circle;
        /** A rectangle. */
        rect_params rect;
    } as;
} shape;

/**
 * Every keyword on one tool.
 * @tool every_keyword
 * @effect readonly
 * @openWorld false
 */
typedef struct {
    /** @minimum -5 @maximum 5 */
    int32_t small;
    /** @exclusiveMinimum 0 @exclusiveMaximum 1 @multipleOf 0.125 */
    double fraction;
    /** @minLength 2 @maxLength 20 @pattern ^[A-Za-z]+$ */
    char *word;
    /** @format date-time */
    char *when;
    /** @format uri */
    char *link;
    /** @minItems 1 @maxItems 3 @uniqueItems */
    int32_t *picks;
    size_t picks_count;
    /** @enum [1, 2, 3] */
    int32_t level;
    /** @const "v1" */
    char *version;
    /** @examples ["hello"] @deprecated */
    char *greeting;
    /** @default 7 */
    int32_t retries;
    /** A colour. */
    color tint;
    /** Scores. @additionalProperties @minProperties 1 @maxProperties 4 */
    score_entry *scores;
    size_t scores_count;
    /** @nullable */
    char *maybe;
    /** Optional flag. @optional */
    bool *flag;
    /** A nested shape. */
    shape figure;
} every_keyword_input;

/**
 * Maps and any values.
 * @tool loose_values
 * @openWorld
 */
typedef struct {
    /** Scores by name. @additionalProperties */
    score_entry *scores;
    size_t scores_count;
    /** Any JSON. */
    cJSON *payload;
    /** Items, any JSON each. @maxItems 4 */
    cJSON **extras;
    size_t extras_count;
} loose_values_input;

/**
 * A recursive argument.
 * @tool grow_tree
 */
typedef struct {
    /** The tree. */
    tree_t root;
} grow_tree_input;

/**
 * Twelve levels deep.
 * @tool deep_nesting
 */
typedef struct {
    /** The first level. */
    level1 top;
} deep_nesting_input;

/** What draw_shape drew: a tagged union as an MCP outputSchema. @schema */
typedef struct {
    shape_kind kind;
    union {
        /** A circle. */
        circle_params circle;
        /** A rectangle. */
        rect_params rect;
    } as;
} drawn_shape;

/**
 * A tagged union as the arguments.
 * @tool draw_shape
 * @output drawn_shape
 */
typedef struct {
    shape_kind kind;
    union {
        /** A circle. */
        circle_params circle;
        /** A rectangle. */
        rect_params rect;
    } as;
} draw_shape_input;

/**
 * Names that Gemini rejects (a dot in a property name) and that only
 * OpenAI and MCP accept (a dollar sign), written for the rest.
 * @tool odd_names
 */
typedef struct {
    /** Dotted. @name user.name */
    char *user_name;
    /** Dashed. @name x-trace */
    char *trace;
} odd_names_input;

/**
 * A name no Gemini function may have (it starts with a digit).
 * @tool 2fa-check
 */
typedef struct {
    /** The code. @pattern ^[0-9]{6}$ */
    char *code;
} two_factor_input;

/**
 * Restricted to the dialects whose providers accept '$top'.
 * @tool odata_query
 * @dialects openai, openai-strict, mcp, xml
 * @acceptLoss openai-strict
 */
typedef struct {
    /** How many. @name $top @minimum 1 */
    int32_t top;
} odata_input;

/**
 * No arguments at all.
 * @tool ping
 */
typedef struct {
    /** @ignore */
    int unused;
} ping_input;
