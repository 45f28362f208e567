/* schemac generator, compat: is every document one schema accepts
 * accepted by another? The check behind --compat, run one way for
 * senders (old in new) and the other for receivers (new in old).
 *
 * It compares two schemas schemac emitted, structurally: a rule per
 * keyword says when a's values are all b's (bounds, lengths, items,
 * members, enum values, types; patterns by their minimal DFAs, whose
 * difference is searched exactly). Where a rule cannot tell, the change
 * is reported as one that may break, never as compatible. */
#ifndef SCHEMAC_GENERATOR_COMPAT_INCLUSION_H
#define SCHEMAC_GENERATOR_COMPAT_INCLUSION_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "util/strbuf.h"

/* One change of a's documents to b's. */
typedef struct finding {
    const char *rule; /* its name, for -Wno-compat=RULE: "bound-tightened", ... */
    char *message;    /* what changed, said of the old and the new schema */
    char *path;       /* JSON Pointer of the value that changed, in the document */
    char *enum_value; /* the enum value added or removed, or NULL */
    cJSON *witness;   /* a whole document a accepts and b rejects; NULL: may break, undecided */
    bool note;        /* a compatible change worth a note (a description) */
} finding;

typedef struct finding_list {
    finding *items;
    size_t count;
} finding_list;

/* The documents of a (a schema document) that b rejects, one finding per
 * change found. a_is_old says which of the two is the baseline, for the
 * messages. Every witness is checked with json_valid before it is kept. */
void inclusion_check(const cJSON *a, const cJSON *b, bool a_is_old, finding_list *out);

/* Adds a finding (takes witness; path "" for the whole document). */
void finding_add(finding_list *l, const char *rule, const char *path, cJSON *witness,
                 const char *fmt, ...) GEN_PRINTF(5, 6);
void findings_free(finding_list *l);

#endif /* SCHEMAC_GENERATOR_COMPAT_INCLUSION_H */
