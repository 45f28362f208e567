/* schemac: --list */
/* Integer constant expressions in numeric tags (issue 22): a macro, an
 * enumerator, sizeof, arithmetic, hex; clang evaluates each in the
 * header's context, the schema states the value and --list both. The
 * build's -D flags change them as they change the C (ok_constants_flags.h). */
#include <stddef.h>
#include <stdint.h>

#ifndef MAX_TAGS
#define MAX_TAGS 4
#endif
#ifndef NAME_LEN
#define NAME_LEN 16
#endif

enum retry_limits { RETRIES_MIN = 1, RETRIES_DEFAULT = 3, RETRIES_MAX = 10 };

/** @schema */
typedef struct profile {
    /** @maxLength sizeof(((struct profile *)0)->name) - 1 @minLength RETRIES_MIN */
    char name[NAME_LEN];
    /** @maxItems MAX_TAGS * 2 @minItems MAX_TAGS / 2 */
    int32_t tags[MAX_TAGS * 2];
    size_t tags_count;
    /** @minimum RETRIES_MIN @maximum RETRIES_MAX @default RETRIES_DEFAULT */
    int32_t retries;
    /** @minimum -RETRIES_MAX @exclusiveMaximum 0x100 @multipleOf (1 << 1) */
    int64_t offset;
    /** @const RETRIES_MAX */
    int32_t version;
    /** @maxLength NAME_LEN - 1 */
    char *nickname;
} profile;
