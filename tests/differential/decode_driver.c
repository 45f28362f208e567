/* The codec table of the differential run (run.mjs): the types of the
 * test headers; driver_main.c reads the requests. The protocol: one request
 * per line on stdin,
 *
 *   {"type": "kitchen", "doc": "<the document text as a JSON string>"}
 *   {"type": "kitchen", "hex": "7b2261223a..."}     raw bytes, for documents
 *                                                   that are not Unicode text
 *
 * and the driver decodes the document with the generated T_decode (one
 * arena, reset after every document) and prints one line per request:
 *
 *   ok<TAB>enc TEXT                       decoded, validated, and TEXT (what
 *                                         T_encode wrote) decodes again
 *   error CODE PATH KEYWORD<TAB>MESSAGE<TAB>all LIST
 *                                         PATH is "" for the root, KEYWORD "-"
 *                                         when there is none; LIST, a JSON
 *                                         array, is what T_decode_all
 *                                         reported: {"errors": [[CODE, PATH,
 *                                         KEYWORD], ...], "truncated": BOOL},
 *                                         or {"bug": WHY} when its first error
 *                                         is not T_decode's
 *   ok<TAB>bug WHAT PATH: MESSAGE         decoded, but the value fails
 *                                         T_validate (WHAT = validate) or
 *                                         T_encode -> T_decode fails (encode,
 *                                         roundtrip), or the value decoded
 *                                         from the encoding encodes to other
 *                                         text (reencode) or is not the same
 *                                         (variant: find_same's comparison):
 *                                         a bug even when ajv agrees
 *   bad-request<TAB>WHY                   the request line itself is wrong
 *
 * run.mjs compares these verdicts with ajv's. */
#include <string.h>

#include "codec.h"
#include "driver.h"

#include "calculator.schemac.h"
#include "kitchen.schemac.h"
#include "shapes.schemac.h"
#include "url_tool.schemac.h"

/* codecs_more.c: the types of tests/decode/{nullable,any,shapes_union,maps,recursive}.h,
 * in a translation unit of their own because nullable.h and shapes.h both
 * define a type `spot` */
extern const codec more_codecs[];
extern const size_t more_codecs_count;
int same_overlap_doc(const void *a, const void *b);

CODEC(kitchen)
CODEC(tolerant)
CODEC(parse_url_input)
CODEC(calculator_input)
CODEC(numbers)
CODEC(formats)
CODEC(texts)
CODEC(nested)

static const codec codecs[] = {
    CODEC_ENTRY(kitchen),         CODEC_ENTRY(tolerant),
    CODEC_ENTRY(parse_url_input), CODEC_ENTRY(calculator_input),
    CODEC_ENTRY(numbers),         CODEC_ENTRY(formats),
    CODEC_ENTRY(texts),           CODEC_ENTRY(nested),
};

const codec *find_codec(const char *type)
{
    for (size_t i = 0; i < sizeof codecs / sizeof *codecs; i++)
        if (strcmp(codecs[i].type, type) == 0)
            return &codecs[i];
    for (size_t i = 0; i < more_codecs_count; i++)
        if (strcmp(more_codecs[i].type, type) == 0)
            return &more_codecs[i];
    return NULL;
}

same_fn find_same(const char *type)
{
    return strcmp(type, "overlap_doc") == 0 ? same_overlap_doc : NULL;
}
