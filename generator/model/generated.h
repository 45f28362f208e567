/* schemac generator: what the generated C declares for a node: the prefix
 * of its own file-scope names and which check functions exist. The C
 * emitter writes by these facts and check_names.c checks the header's
 * names against them, so they live with the model, below both. */
#ifndef SCHEMAC_GENERATOR_GENERATED_H
#define SCHEMAC_GENERATOR_GENERATED_H

#include <stdbool.h>

#include "model/model.h"

/* The prefix of every file-scope name generated code declares for itself
 * (its static functions, tables and texts: sc_gen_read_T, sc_gen_keys_T,
 * ...), which the emitters spell in their formats; check_names.c refuses
 * header identifiers that start with it, so none can collide, and
 * tests/generator/locals_listed.py checks that every generated file-scope
 * name but the public ones has it. */
#define GENERATED_PREFIX "sc_gen_"

/* Whether n has keywords on its value (bounds, pattern, format, enum,
 * const, ...). */
bool has_value_keywords(const node *n);
/* Whether a check function exists for n. */
bool needs_check(const node *n);
/* Whether a string has constraints on its text (check_FN_text), which the
 * decoder checks as it reads the string, with the reader's counts. */
bool string_checked_on_read(const node *n);

#endif /* SCHEMAC_GENERATOR_GENERATED_H */
