/* Types as docs/annotations.md shows them, used by a @schema struct so
 * that schemac generates their code. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

@FRAGMENT@

/** @schema */
typedef struct {
    cell value;
} doc_root;
