/* Names the generated C would clash on: a type named like a parameter of
 * the generated functions (they all end in '_'; `out` is fine, `out_` is
 * hidden there), two members whose check functions would get one name
 * (a.b_c and a_b.c both give sc_gen_check_a_b_c; a string with text checks
 * also gets sc_gen_check_NAME_text), and file-scope names (below). */
#include <stddef.h>
#include <stdint.h>

typedef struct { int32_t x; } out_;

/** @schema */
typedef struct {
    out_ where;
} holder;

typedef struct { char *c; } a_b;
typedef struct { char *b_c; a_b inner; } a;

/** @schema */
typedef struct {
    a first;
    a_b second;
} pair;

/* title's text check (check_texts_title_text) and title_text's check */
/** @schema */
typedef struct {
    /** @maxLength 8 */
    char *title;
    char *title_text;
} texts;

/* File-scope names of any kind (typedefs, enumerators, also of enums nested
 * in a struct, functions, variables), reached by a root or not: the prefix
 * of generated code's own static names is refused, and so are libschemac's
 * prefixes (the generated code includes its headers), the public names of
 * the roots and the locals' names. */
typedef int sc_gen_mine;
enum { SC_ERR_MINE, sc_gen_value };
typedef struct { int32_t x; } sc_error;
int sc_long_text_0;
int sc_gen_read_texts(void);
typedef struct { int32_t x; } texts_keys; /* fine: generated code calls its keys sc_gen_keys_texts */
int texts_validate(const texts *t);
extern const char pair_schema_json[];
typedef struct { enum { rc_, inner_ok } k; } unreached;
typedef enum { holder_decode_all } clashing_kind;
int texts_encode_within(const texts *t);
extern const int holder_descriptor; /* holder's descriptor in --optimize=size */
