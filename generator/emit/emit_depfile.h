/* schemac generator: a make-style depfile (-MD -MF FILE), so meson, ninja
 * and make run schemac again when the header or anything it includes
 * changes. */
#ifndef SCHEMAC_GENERATOR_EMIT_DEPFILE_H
#define SCHEMAC_GENERATOR_EMIT_DEPFILE_H

#include "model/model.h"

/* "target: file1 file2 ..." with spaces and '$' escaped; malloc'd. */
char *emit_depfile(const model *m, const char *target);
/* The same with more prerequisites after the header's files (--compat:
 * the baseline's directory and files). */
char *emit_depfile_with(const model *m, const char *target, const char *const *extra,
                        size_t nextra);

#endif /* SCHEMAC_GENERATOR_EMIT_DEPFILE_H */
