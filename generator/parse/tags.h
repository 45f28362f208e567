/* schemac generator: what each tag means, where it may stand, and how its
 * value is read. parse.c calls these while it builds the model. */
#ifndef SCHEMAC_GENERATOR_TAGS_H
#define SCHEMAC_GENERATOR_TAGS_H

#include <stdbool.h>

#include "model/keywords.h" /* tag_site */
#include "model/model.h"
#include "parse/annotations.h"
#include "parse/constants.h"
#include "util/diag.h"

/* What reading tags needs: where mistakes are reported and the header's
 * evaluated constant expressions (NULL: none). */
typedef struct tag_context {
    diag_state *diag;
    const constant_table *constants;
} tag_context;

/* Reports every unknown tag, and every tag that may not stand at `site`
 * (e.g. @tool on a field), as an error. */
void tags_check_sites(const tag_context *tc, const annotations *a, tag_site site);

/* Applies the value keywords of `a` to n. On an array, array keywords
 * (minItems, maxItems, uniqueItems) apply to the array and the others to
 * its items. Malformed values and keywords that do not fit the type are
 * reported as errors. */
void tags_apply_values(const tag_context *tc, const annotations *a, node *n);

/* Parses a tag value that holds a JSON value; a value that is not JSON is
 * taken as a string (so `@default en` means "en"). */
cJSON *tag_json_value(const tag_context *tc, const tag *t);

/* The JSON name a @name tag gives (malloc'd): a bare word as written, a
 * JSON string unquoted (`@name "class"` is class); NULL, with an error,
 * when there is none or the value is not a string. */
char *tag_name_value(const tag_context *tc, const tag *t);

/* A value of t (@default, @const) for n: for a number, a value that is not
 * JSON is an integer constant expression the compiler evaluates
 * (`@default MAX_RETRIES`), its text left in *text when text is not NULL;
 * otherwise as tag_json_value. */
cJSON *tag_value_of(const tag_context *tc, const tag *t, const node *n, const char **text);

/* Levenshtein distance, letters compared without case, for "did you mean"
 * hints (misspelt tags, near misses of a count's name); 99 for names
 * longer than 40 characters. */
size_t edit_distance(const char *a, const char *b);

#endif /* SCHEMAC_GENERATOR_TAGS_H */
