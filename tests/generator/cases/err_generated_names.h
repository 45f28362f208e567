/* Names the generated C would clash on: a type named like a parameter of
 * the generated functions (they all end in '_'; `out` is fine, `out_` is
 * hidden there), and two members whose check
 * functions would get one name (a.b_c and a_b.c both give check_a_b_c;
 * a string with text checks also gets check_NAME_text). */
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
