/* tests/genfuzz, seed 7, header 1143 (from
 * tests/generator/cases/dialect_gemini_recursive.h, the const-pointee
 * mutation): map entries through a typedef of a const entry type were
 * allocated and filled as that const type ("assignment of member 'key' in
 * read-only object"). The entries are now spelled without the typedef's
 * const: tests/decode/const_members.h (const_centry, compiled strictly and
 * decoded in cases.json). */
#include <stddef.h>

typedef struct {
    char *key;
    /** @minimum 0 */
    int value;
} count_entry;

typedef const count_entry gf_count_entry_736;
/** @schema */
typedef struct {
    /** Word counts by section id. @additionalProperties */
    gf_count_entry_736 *counts;
    size_t counts_count;
} publish_input;
