/* schemac: --print-schema */
#include <stddef.h>
/** A comment thread. @schema */
typedef struct comment {
    char *text;
    struct comment *replies;
    size_t replies_count;
} comment;
