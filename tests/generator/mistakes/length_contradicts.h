/* schemac: --print-schema */
/* @minLength above @maxLength. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @minLength 8 @maxLength 4 */
    char *code;
} voucher;
