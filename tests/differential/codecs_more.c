/* The decoder types of the newer parts of the type system, for
 * decode_driver.c: @nullable (profile), cJSON * (event), tagged unions
 * (shape, payment), maps (request_doc), recursive types (comment,
 * holder), untagged unions (query, value_doc), doc comments and integer
 * bounds (commented_doc) and const pointees and every qualifier form (const_doc, const_matrix,
 * const_tagged, const_untagged), from the headers
 * of tests/decode/. A separate translation unit:
 * nullable.h and shapes.h both define `spot`. */
#include <string.h>

#include "codec.h"

#include "any.schemac.h"
#include "comment_text.schemac.h"
#include "const_members.schemac.h"
#include "maps.schemac.h"
#include "nullable.schemac.h"
#include "recursive.schemac.h"
#include "shapes_union.schemac.h"
#include "untagged.schemac.h"

CODEC(profile)
CODEC(event)
CODEC(options_doc)
CODEC(shape)
CODEC(payment)
CODEC(request_doc)
CODEC(comment)
CODEC(holder)
CODEC(query)
CODEC(value_doc)
CODEC(overlap_doc)
CODEC(commented_doc)
CODEC(const_doc)
CODEC(const_matrix)
CODEC(const_tagged)
CODEC(const_untagged)

extern const codec more_codecs[];
extern const size_t more_codecs_count;

const codec more_codecs[] = {
    CODEC_ENTRY(profile),        CODEC_ENTRY(event),        CODEC_ENTRY(options_doc),
    CODEC_ENTRY(shape),          CODEC_ENTRY(payment),      CODEC_ENTRY(request_doc),
    CODEC_ENTRY(comment),        CODEC_ENTRY(holder),       CODEC_ENTRY(query),
    CODEC_ENTRY(value_doc),      CODEC_ENTRY(overlap_doc),  CODEC_ENTRY(commented_doc),
    CODEC_ENTRY(const_doc),      CODEC_ENTRY(const_matrix), CODEC_ENTRY(const_tagged),
    CODEC_ENTRY(const_untagged),
};
const size_t more_codecs_count = sizeof more_codecs / sizeof *more_codecs;

/* overlap_doc's unions: the same variant and value, floats to the bit
 * (decode_driver.c's find_same) */
int same_overlap_doc(const void *a, const void *b);

static int same_level(const level *x, const level *y)
{
    return x->kind == y->kind &&
           (x->kind == LEVEL_NUM ? x->as.num == y->as.num
                                 : memcmp(&x->as.ratio, &y->as.ratio, sizeof x->as.ratio) == 0);
}

int same_overlap_doc(const void *a, const void *b)
{
    const overlap_doc *x = a, *y = b;
    int same = same_level(&x->value, &y->value) && x->values_count == y->values_count &&
               x->portion.kind == y->portion.kind &&
               (x->portion.kind == SHARE_WHOLE
                    ? x->portion.as.whole == y->portion.as.whole
                    : memcmp(&x->portion.as.part, &y->portion.as.part, sizeof(float)) == 0) &&
               x->size.kind == y->size.kind &&
               (x->size.kind == MEASURE_COUNT
                    ? x->size.as.count == y->size.as.count
                    : memcmp(&x->size.as.ratio, &y->size.as.ratio, sizeof(double)) == 0) &&
               x->label.kind == y->label.kind && x->list.kind == y->list.kind;
    for (size_t i = 0; same && i < x->values_count; i++)
        same = same_level(&x->values[i], &y->values[i]);
    return same;
}
