/* schemac generator: a make-style depfile (-MD -MF FILE), so meson, ninja
 * and make run schemac again when the header or anything it includes
 * changes. */
#ifndef SCHEMAC_GENERATOR_EMIT_DEPFILE_H
#define SCHEMAC_GENERATOR_EMIT_DEPFILE_H

#include "model/model.h"

/* "target: file1 file2 ..." with spaces and '$' escaped; malloc'd. */
char *emit_depfile(const model *m, const char *target);

#endif /* SCHEMAC_GENERATOR_EMIT_DEPFILE_H */
