/* schemac generator: integer constant expressions in numeric tag values
 * (`@maxItems MAX_TAGS`, `@maxLength sizeof(((struct user *)0)->name) - 1`),
 * evaluated by clang in the header's context: parse_constants.c collects
 * them from every doc comment and evaluates them all in one second parse;
 * tags.c looks each up here. No libclang in this interface. */
#ifndef SCHEMAC_GENERATOR_CONSTANTS_H
#define SCHEMAC_GENERATOR_CONSTANTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct tag_constant {
    const char *text; /* the expression as written; interned in the model (model_intern) */
    bool ok;          /* clang evaluated it */
    bool is_unsigned; /* its type is unsigned: value in as_unsigned */
    int64_t as_signed;
    uint64_t as_unsigned;
    const char *why; /* !ok: clang's first error, or what is wrong */
} tag_constant;

/* The expressions of one header (parse_constants.c fills it, the parser
 * owns it). */
typedef struct constant_table {
    tag_constant *items;
    size_t n, cap;
} constant_table;

/* The tags whose value may be an integer constant expression. */
bool constant_tag(const char *name);
/* Whether text may be meant as a C expression: not a JSON value, and only
 * the characters of an integer constant expression, brackets balanced
 * (what cannot break out of the declaration it is evaluated in). */
bool constant_candidate(const char *text);
/* The evaluation of text, or NULL when it was not collected. */
const tag_constant *constant_find(const constant_table *table, const char *text);
/* Frees the table's own memory (not the interned texts). */
void constant_table_free(constant_table *table);
/* The value as a double (JSON numbers). */
double constant_value(const tag_constant *k);

#endif /* SCHEMAC_GENERATOR_CONSTANTS_H */
