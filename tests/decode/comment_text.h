/* Doc comments as real headers write them (issue 8): text generated code
 * puts in its comments (a JSON name holding a comment start), a quoted
 * @name, two doc comments on one member, enumerators that share a line and
 * one trailing comment, and integer bounds that leave exactly one value;
 * texts the compiler would read (issue 42: a comment's end and start,
 * trigraphs, a backslash at a line's end), written with "@." between. */
#ifndef COMMENT_TEXT_H
#define COMMENT_TEXT_H

#include <stdbool.h>
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
    /** Read by the compiler but for the escape: *@./ /@.* ?@.?= ?@.?/ and \@.
     * @name "x*@./y?@.?/\\" */
    int32_t hazards;
    bool has_hazards;
    /** @optional @default "a*@./b?@.?/\\" @pattern ^[*?/\\a-z]*(x??/)?$ */
    char *hazard_text;
} commented_doc;

#endif /* COMMENT_TEXT_H */
