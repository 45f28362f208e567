/* Doc comments as real headers write them (issue 8): text generated code
 * puts in its comments (a JSON name holding a comment start), a quoted
 * @name, two doc comments on one member, enumerators that share a line and
 * one trailing comment, and integer bounds that leave exactly one value. */
#ifndef COMMENT_TEXT_H
#define COMMENT_TEXT_H

#include <stdint.h>

typedef enum { SHADE_RED, SHADE_GREEN, SHADE_BLUE, /**< @name v2.0 */ } shade;

/** @schema */
typedef struct {
    /// @name a/*b*/c
    int32_t commented;
    /** @name "class" */
    int32_t klass;
    /** The first doc comment. */
    /** The second one, with the tags. @name merged @minimum 1 */
    int32_t twice;
    shade colour;
    /** Exactly 127. @minimum 127 @exclusiveMaximum 128 */
    int8_t top;
    /** Exactly -128. @exclusiveMinimum -129 @maximum -128 */
    int8_t bottom;
    /** Exactly 2^53 - 1, the largest integer JSON numbers keep exactly.
     * @minimum 9007199254740991 @exclusiveMaximum 9007199254740992 */
    int64_t safe;
} commented_doc;

#endif /* COMMENT_TEXT_H */
