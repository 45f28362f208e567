/* Two tools, as docs/tools.md names them in its dispatch example. */
#include <stdint.h>

/**
 * Adds.
 * @tool calc
 */
typedef struct {
    int32_t a;
    int32_t b;
} calc_args;

/**
 * Echoes.
 * @tool echo
 */
typedef struct {
    /** @maxLength 100 */
    char *text;
} echo_args;
