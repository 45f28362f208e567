/* schemac generator: the values two variants of an untagged union share,
 * reported (check_overlap.c). */
#ifndef SCHEMAC_GENERATOR_CHECK_OVERLAP_H
#define SCHEMAC_GENERATOR_CHECK_OVERLAP_H

#include "model/model.h"

/* For each variant, every earlier variant of its JSON type that accepts
 * one of its values as encode writes it: an error naming both and the
 * value, unless the later one says @acceptOverlap (resolve_model then set
 * its read_back: the generated code keeps encode from changing it). */
void check_untagged_overlaps(diag_state *diag, const struct_def *s);

#endif /* SCHEMAC_GENERATOR_CHECK_OVERLAP_H */
