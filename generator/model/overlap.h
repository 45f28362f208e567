/* schemac generator: values two variants of an untagged union share
 * (overlap.c). The resolve stage reads it for @acceptOverlap's read_back,
 * the checks to report an overlap. */
#ifndef SCHEMAC_GENERATOR_OVERLAP_H
#define SCHEMAC_GENERATOR_OVERLAP_H

#include "model/model.h"
#include "util/strbuf.h"

typedef enum { OV_NONE, OV_FOUND, OV_UNKNOWN } ov_result;

/* Whether a value of b, as encode writes it, can be one a accepts (found,
 * with the value as JSON in w), cannot, or may (schemac cannot tell). */
ov_result node_overlap(const node *a, const node *b, strbuf *w);

/* Whether the values of variant v are compared with the other variants'
 * of its JSON type: it has a member, not a stand-in, and reads neither an
 * object (object variants are told apart by their members) nor null. */
bool variant_compared(const struct_def *v);
/* Whether the later-th variant of the untagged union s shares a value
 * with an earlier one. */
bool variant_overlaps_earlier(const struct_def *s, size_t later);

#endif /* SCHEMAC_GENERATOR_OVERLAP_H */
