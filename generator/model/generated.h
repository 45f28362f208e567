/* schemac generator: what the generated C declares: the prefix of its own
 * file-scope names, which values get a table of rules, the public
 * functions of a root. The C emitter writes by these facts and
 * check_names.c checks the header's names against them, so they live with
 * the model, below both. */
#ifndef SCHEMAC_GENERATOR_GENERATED_H
#define SCHEMAC_GENERATOR_GENERATED_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* The prefix of every file-scope name generated code declares for itself
 * (its static tables, texts and functions: sc_gen_table_T, sc_gen_keys_T,
 * ...), which the emitters spell in their formats; check_names.c refuses
 * header identifiers that start with it, so none can collide, and
 * tests/generator/locals_listed.py checks that every generated file-scope
 * name but the public ones has it. */
#define GENERATED_PREFIX "sc_gen_"

/* Whether n has keywords on its value (bounds, pattern, format, enum,
 * const, ...). */
bool has_value_keywords(const node *n);
/* Whether a value of n is checked when validating a struct built in C
 * (its descriptor's `checked`). */
bool needs_check(const node *n);
/* Whether a value of n has rules (sc_gen_rules_FN, emit_c_table.c's
 * put_rules: bounds beyond the C type, lengths, format, pattern, enum,
 * const, finiteness), whose table's name check_names.c derives too.
 * emit_c_table.c aborts when its rules and this disagree. */
bool value_has_rules(const node *n);

/* A public function generated code defines for each @schema or @tool
 * struct T, named T + suffix: the one list the C emitter declares and
 * defines them by and check_names.c refuses header names against. */
typedef struct public_function {
    const char *comment; /* a comment line the header writes before it, or NULL */
    const char *returns; /* "int ", "cJSON *", "char *" */
    const char *suffix;  /* "_decode": T_decode */
    const char *params;  /* '@' stands for T's C type */
    bool nodiscard;      /* an int result the caller must look at: SC_NODISCARD */
} public_function;
/* In the order the generated header declares them. */
extern const public_function public_functions[];
extern const size_t public_function_count;

#endif /* SCHEMAC_GENERATOR_GENERATED_H */
