/* schemac generator: documents too deep for the decode depth limit.
 *
 * Every valid document of a type nests at least as deep as its required
 * members make it. When that minimum is over the default depth limit
 * (SC_DEFAULT_MAX_DEPTH), a decoder with the default limits rejects every
 * document of the type: a warning. Over SC_MAX_DEPTH, the highest limit
 * there is, no decoder can accept one: an error. */
#ifndef SCHEMAC_GENERATOR_CHECK_DEPTH_H
#define SCHEMAC_GENERATOR_CHECK_DEPTH_H

#include "model/model.h"

void check_document_depth(diag_state *diag, const model *m);

#endif /* SCHEMAC_GENERATOR_CHECK_DEPTH_H */
