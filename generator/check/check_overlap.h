/* schemac generator: values two variants of an untagged union share
 * (check_overlap.c). */
#ifndef SCHEMAC_GENERATOR_CHECK_OVERLAP_H
#define SCHEMAC_GENERATOR_CHECK_OVERLAP_H

#include "model/model.h"

/* For each variant, every earlier variant of its JSON type that accepts
 * one of its values as encode writes it: an error naming both and the
 * value, unless the later one says @acceptOverlap, which sets its
 * read_back (the generated code then keeps encode from changing it). */
void check_untagged_overlaps(struct_def *s);

#endif /* SCHEMAC_GENERATOR_CHECK_OVERLAP_H */
