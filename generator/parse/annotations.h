/* schemac generator: reads doc comments into a description and tags.
 *
 *     / ** The URL to parse. @format uri @maxLength 2048 * /
 *
 * Text before the first tag is the description. A tag is '@' at the start
 * of a word followed by a name; its value runs to the next tag, except
 * @pattern, whose value runs to the end of its line (regexes contain
 * spaces and '@'). Every tag keeps its file:line:col for diagnostics. */
#ifndef SCHEMAC_GENERATOR_ANNOTATIONS_H
#define SCHEMAC_GENERATOR_ANNOTATIONS_H

#include <stddef.h>

#include "util/diag.h"

typedef struct tag {
    char *name;  /* without the '@' */
    char *value; /* trimmed; "" when the tag has none */
    src_loc where;
    src_loc value_where;
} tag;

typedef struct annotations {
    char *description; /* NULL when there is none */
    tag *tags;
    size_t ntags;
} annotations;

/* raw: the comment as written (with its slashes and stars); start: where
 * it begins. An empty or NULL raw gives empty annotations. */
void annotations_parse(const char *raw, src_loc start, annotations *out);
void annotations_free(annotations *a);
/* The last tag with this name, or NULL. */
const tag *annotations_find(const annotations *a, const char *name);

#endif /* SCHEMAC_GENERATOR_ANNOTATIONS_H */
