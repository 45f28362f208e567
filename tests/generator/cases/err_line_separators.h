/* A header whose tag value holds the Unicode line and paragraph
 * separators, NEL and a bidirectional override: diagnostics quote it with
 * each escaped, so a log viewer neither breaks the line nor reorders it. */
#include <stddef.h>

/** @schema */
typedef struct {
    /** @format a b cd‮e⁦f‧g */
    char *name;
} separators;
