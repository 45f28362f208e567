/* A member as docs/annotations.md shows one, in a struct of its own. */
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
@FRAGMENT@
} doc_member;
