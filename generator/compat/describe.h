/* schemac generator, compat: what a model reads changed: descriptions.
 * Compatible for every validator, but a tool's description is what a
 * model acts on, so --compat reports each change as a note. */
#ifndef SCHEMAC_GENERATOR_COMPAT_DESCRIBE_H
#define SCHEMAC_GENERATOR_COMPAT_DESCRIBE_H

#include <cJSON.h>

#include "compat/inclusion.h"

/* One note (finding.note) per description that differs between the old
 * and the new document, at the member's path, walking the two in step. */
void description_changes(const cJSON *old_doc, const cJSON *new_doc, finding_list *out);

/* Every other change, as notes for --compat-verbose: a member added or
 * removed, a keyword's value changed ("maxLength was 10, is 20"), at the
 * member's path. Whether it breaks is inclusion.c's to say. */
void keyword_changes(const cJSON *old_doc, const cJSON *new_doc, finding_list *out);

#endif /* SCHEMAC_GENERATOR_COMPAT_DESCRIBE_H */
