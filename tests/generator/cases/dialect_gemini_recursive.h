/* schemac: --print-dialect gemini */
/* Gemini has no $ref: a recursive type is expanded 3 levels deep, deeper
 * levels left out and said so; a map is stated in the description. */
#include <stddef.h>

/** A node of an outline. */
typedef struct outline {
    /** Heading text. @maxLength 80 */
    char *heading;
    /** Sub-sections. */
    struct outline *children;
    size_t children_count;
} outline;

typedef struct {
    char *key;
    /** @minimum 0 */
    int value;
} count_entry;

/**
 * Publish a document outline.
 * @tool publish_outline
 */
typedef struct {
    /** The outline. */
    outline root;
    /** Word counts by section id. @additionalProperties */
    count_entry *counts;
    size_t counts_count;
} publish_input;
