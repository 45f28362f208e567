/* schemac: --print-schema */
/* Malformed untagged unions: one error each. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { V_NONE, V_NUMBER, V_TEXT } v_kind;
typedef struct { int x; } xy;
typedef struct { int x; int z; } xz;
/** @additionalProperties */
typedef struct { int y; } loose;

/** @untagged */
typedef struct {
    int no_enum;
} no_union;

/** @untagged */
typedef struct {
    v_kind kind;
    union { double number; char *text; } as;
    int extra;
} extra_member;

/** @untagged */
typedef struct {
    v_kind kind;
    union { double *number; char *text; } as;
} pointer_member;

/** @untagged */
typedef struct {
    v_kind kind;
    union {
        /** @optional */
        double number;
        char *text;
    } as;
} optional_member;

typedef enum { N_NONE, N_EMPTY, N_TEXT } n_kind;

/** @untagged */
typedef struct {
    n_kind kind;
    union { char *text; } as;
} two_nulls;

typedef enum { O_A, O_B } o_kind;

/** @untagged */
typedef struct {
    o_kind kind;
    union { xy a; xz b; } as;
} same_objects;

/** @untagged */
typedef struct {
    o_kind kind;
    union { xy a; loose b; } as;
} loose_object;

typedef enum { U_INNER, U_FLAG } u_kind;

/** @untagged */
typedef struct {
    u_kind kind;
    union { no_union inner; bool flag; } as;
} nested;

/** @untagged */
typedef struct {
    v_kind kind;
    union { double number; char *text; char *other; } as;
} unmatched_member;

typedef struct { char *key; int value; } entry;
typedef enum { M_MAP, M_TEXT } m_kind;

/** @untagged */
typedef struct {
    m_kind kind;
    union {
        /** @additionalProperties */
        entry *map;
        char *text;
    } as;
    size_t map_count;
} map_member;

/** @schema @untagged */
typedef struct {
    v_kind kind;
    union { double number; char *text; } as;
} root;

/** @schema */
typedef struct {
    no_union a;
    extra_member b;
    pointer_member c;
    optional_member d;
    two_nulls e;
    same_objects f;
    loose_object g;
    nested h;
    unmatched_member i;
    map_member j;
} user;
