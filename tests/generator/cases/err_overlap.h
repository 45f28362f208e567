/* schemac: --print-schema */
/* Untagged unions whose later variants share values with earlier ones
 * (docs/annotations.md, Overlapping variants): one error per pair, naming
 * both variants and a value of both; disjoint ones and @acceptOverlap pass. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { A_NUM, A_RATIO } a_kind;

/** Issue 18: an integer before a float. @untagged */
typedef struct {
    a_kind kind;
    union {
        unsigned num;
        float ratio;
    } as;
} level;

typedef enum { B_COUNT, B_RATIO } b_kind;

/** An integer before a double. @untagged */
typedef struct {
    b_kind kind;
    union {
        int64_t count;
        double ratio;
    } as;
} measure;

typedef enum { C_SMALL, C_LARGE } c_kind;

/** Integers whose ranges meet at 100. @untagged */
typedef struct {
    c_kind kind;
    union {
        /** @maximum 100 */
        int32_t small;
        /** @minimum 100 */
        int64_t large;
    } as;
} sized;

typedef enum { D_TENS, D_ODD } d_kind;

/** multipleOf 10 and a double list with one multiple of 10. @untagged */
typedef struct {
    d_kind kind;
    union {
        /** @multipleOf 10 */
        int32_t tens;
        /** @enum [1, 3, 30] */
        double odd;
    } as;
} stepped;

typedef enum { E_CODE, E_TEXT, E_BRIEF } e_kind;

/** Patterns that share a string, and a length bound. @untagged */
typedef struct {
    e_kind kind;
    union {
        /** @pattern ^[A-Z][0-9]+$ */
        char *code;
        /** @pattern [0-9]{3} */
        char *text;
        /** @maxLength 2 */
        char brief[8];
    } as;
} coded;

typedef enum { F_HUE, F_NAME } f_kind;
typedef enum { HUE_RED, HUE_GREEN } hue;

/** An enum before a string. @untagged */
typedef struct {
    f_kind kind;
    union {
        hue hue;
        /** @maxLength 5 */
        char *name;
    } as;
} named;

typedef enum { G_MAIL, G_TEXT } g_kind;

/** A format before a plain string. @untagged */
typedef struct {
    g_kind kind;
    union {
        /** @format email */
        char *mail;
        char *text;
    } as;
} contact;

typedef enum { H_INTS, H_NAMES } h_kind;

/** Two arrays: both take []. @untagged */
typedef struct {
    h_kind kind;
    union {
        int *ints;
        char **names;
    } as;
    size_t ints_count;
    size_t names_count;
} listed;

typedef enum { I_ON, I_ANY } i_kind;

/** Two booleans. @untagged */
typedef struct {
    i_kind kind;
    union {
        /** @const true */
        bool on;
        bool any;
    } as;
} flagged;

/* Disjoint variants: no error. */
typedef enum { J_LOW, J_HIGH, J_UPPER, J_LOWER } j_kind;

/** @untagged */
typedef struct {
    j_kind kind;
    union {
        /** @maximum 0 */
        int32_t low;
        /** @exclusiveMinimum 0 */
        double high;
        /** @pattern ^[A-Z]+$ */
        char *upper;
        /** @pattern ^[a-z]+$ */
        char *lower;
    } as;
} disjoint;

typedef enum { K_SMALL, K_ANY } k_kind;

/** An accepted overlap: no error. @untagged */
typedef struct {
    k_kind kind;
    union {
        /** @maximum 10 */
        int32_t small;
        /** @acceptOverlap */
        float any;
    } as;
} accepted;

typedef enum { L_A, L_B } l_kind;

/** A needless @@acceptOverlap: a warning. @untagged */
typedef struct {
    l_kind kind;
    union {
        /** @maximum -1 */
        int32_t a;
        /** @minimum 0 @acceptOverlap */
        double b;
    } as;
} needless;

typedef struct {
    /** @acceptOverlap */
    int misplaced;
} plain;


typedef enum { M_UNIT, M_ABOVE } m_kind;

/** A float accepts every number that rounds into its bounds: 1.0000000000000002
 * rounds to 1.0f, so it is a valid 'unit'. @untagged */
typedef struct {
    m_kind kind;
    union {
        /** @minimum 0 @maximum 1 */
        float unit;
        /** @exclusiveMinimum 1 */
        double above;
    } as;
} rounded;

typedef enum { N_UNIT, N_FAR, N_HUGE, N_HALVES, N_NARROW } n_kind;

/** Disjoint numbers: 1.0000001 rounds to no float of 'unit', no multiple of
 * 0.5 lies in [3.1, 3.4]. @untagged */
typedef struct {
    n_kind kind;
    union {
        /** @minimum 0 @maximum 1 */
        float unit;
        /** @minimum 1.0000001 @maximum 2 */
        double far;
        /** @minimum 9007199254740992 */
        double huge;
        /** @multipleOf 0.5 @minimum 3 @maximum 100 */
        double halves;
        /** @minimum 3.1 @maximum 3.4 */
        double narrow;
    } as;
} spaced;

typedef enum { O_BIG, O_EXACT } o_kind;

/** The largest integer an int64_t member takes: 2^53 - 1. @untagged */
typedef struct {
    o_kind kind;
    union {
        int64_t big;
        /** @minimum 9007199254740991 @maximum 9007199254740991 */
        double exact;
    } as;
} edge;

typedef enum { P_WORD, P_MAIL, P_TAGGED } p_kind;

/** schemac cannot tell an email from a word by examples: "may overlap";
 * and @acceptOverlap takes no value. @untagged */
typedef struct {
    p_kind kind;
    union {
        /** @pattern ^[a-z]+$ */
        char *word;
        /** @format email */
        char *mail;
        /** @acceptOverlap word */
        char *tagged;
    } as;
} unsure;

typedef enum { Q_WHOLE, Q_PARTS } q_kind;

/** Floats inside an array cannot keep their variant: [1.00000001] would be
 * read as parts, [1.0f], and written [1], which whole takes. @untagged */
typedef struct {
    q_kind kind;
    union {
        int32_t *whole;
        /** @minItems 1 @acceptOverlap */
        float *parts;
    } as;
    size_t whole_count;
    size_t parts_count;
} rounded_items;

/** @schema */
typedef struct {
    level l;
    measure m;
    sized s;
    stepped st;
    coded c;
    named n;
    contact ct;
    listed li;
    flagged f;
    disjoint d;
    accepted a;
    needless nl;
    plain p;
    rounded r;
    spaced sp;
    edge e;
    unsure u;
    rounded_items ri;
} overlaps;
