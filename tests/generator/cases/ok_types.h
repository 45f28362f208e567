/* schemac: --print-schema */
/* Every scalar mapping and where the schema states the C type's bounds. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** How loud. */
enum volume { VOLUME_LOW /**< Quiet. */, VOLUME_HIGH };

/** A short tag. @maxLength 12 */
typedef char *tag;

/**
 * Scalars.
 * @schema
 */
struct scalars {
    /** A flag. */
    bool on;
    int8_t small;
    /** Exclusive bound inside the type. @exclusiveMinimum 0 */
    uint16_t positive;
    long big;
    unsigned long long huge;
    /** @maximum 1.5 */
    float ratio;
    double any;
    const char *text;
    char fixed[8];
    /** @maxLength 3 */
    char roomy[64];
    enum volume level;
    tag *tags;
    size_t tags_count;
    /** @deprecated @examples ["a", "b"] */
    char *old;
};
