/* Names the generated C would clash on: a type named like a parameter of
 * the generated functions (they all end in '_'; `out` is fine, `out_` is
 * hidden there), two members whose rules would get one static name (a.b_c
 * and a_b.c, both with rules, give sc_gen_rules_a_b_c), and file-scope
 * names (below). */
#include <stddef.h>
#include <stdint.h>

typedef struct { int32_t x; } out_;

/** @schema */
typedef struct {
    out_ where;
} holder;

typedef struct { /** @maxLength 4 */ char *c; } a_b;
typedef struct { /** @maxLength 4 */ char *b_c; a_b inner; } a;
/* members without rules have no static names of their own: fine */
typedef struct { char *d; } c_d;
typedef struct { char *d_e; c_d inner; } c;
/* arrays: sc_gen_tarray_l_m_n for both */
typedef struct { char **n; size_t n_count; } l_m;
typedef struct { char **m_n; size_t m_n_count; l_m inner; } l;

/** @schema */
typedef struct {
    a first;
    a_b second;
    c third;
    l fourth;
} pair;

/* the rules of sizes' items (sc_gen_rules_texts_sizes_items) and of
 * sizes_items; title's and title_text's rules have names of their own */
/** @schema */
typedef struct {
    /** @maxLength 8 */
    char *title;
    /** @maxLength 8 */
    char *title_text;
    double *sizes;
    size_t sizes_count;
    double sizes_items;
} texts;

/* A tagged union's variant is called UNION_VALUE: shape's circle is
 * shape_circle, as the struct is (sc_gen_table_shape_circle, ...). */
typedef enum { SHAPE_CIRCLE, SHAPE_SQUARE } shape_kind;
typedef struct { double radius; } shape_circle;
/** @schema */
typedef struct {
    shape_kind kind;
    union { struct { double r; } circle; struct { double side; } square; } u;
    shape_circle other;
} shape;

/* An enum's tag and a typedef of another enum (sc_gen_tenum_color). */
enum color { RED, GREEN };
typedef enum { BLUE, YELLOW } color;
/** @schema */
typedef struct { enum color a; color b; } paint;

/* File-scope names of any kind (typedefs, enumerators, also of enums nested
 * in a struct, functions, variables), reached by a root or not: the prefix
 * of generated code's own static names is refused, and so are libschemac's
 * prefixes (the generated code includes its headers), the public names of
 * the roots and the locals' names. */
typedef int sc_gen_mine;
enum { SC_ERR_MINE, sc_gen_value };
typedef struct { int32_t x; } sc_error;
int sc_long_text_0;
int sc_gen_next_texts(void);
typedef struct { int32_t x; } texts_keys; /* fine: generated code calls its keys sc_gen_keys_texts */
int texts_validate(const texts *t);
extern const char pair_schema_json[];
typedef struct { enum { rc_, inner_ok } k; } unreached;
typedef enum { holder_decode_all } clashing_kind;
int texts_encode_within(const texts *t);
extern const int holder_descriptor; /* holder's descriptor, which the generated header declares */
