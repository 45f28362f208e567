/* schemac: --print-schema */
/* Tag values that are not integer constant expressions, or that contradict
 * the C storage they describe: each error at the tag. */
#include <stddef.h>
#include <stdint.h>

#define NAME_LEN 16
#define RATIO 1.5
enum { SMALL = 2 };

/** @schema */
typedef struct bad {
    /** @maxLength 20 */
    char name[NAME_LEN];
    /** @maxItems UNDEFINED_LIMIT */
    int32_t ids[8];
    size_t ids_count;
    /** @maximum RATIO * 2 */
    int32_t scaled;
    /** @minLength SMALL - 3 */
    char *code;
    /** @maxItems 300 */
    int32_t *many;
    uint8_t many_count;
    /** @maxItems 10 */
    char *names[8];
    size_t names_count;
    /** @default UNKNOWN_DEFAULT */
    int32_t level;
    /** @minimum sizeof(struct missing) */
    int32_t size;
} bad;

/** @schema */
typedef struct through_constants {
    /** @maxLength NAME_LEN */
    char name[NAME_LEN];
    /** @maxItems SMALL * 5 */
    int32_t ids[8];
    size_t ids_count;
} through_constants;
