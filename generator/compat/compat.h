/* schemac generator, compat: --compat DIR, the header against its
 * baseline (docs/compat.md). Each change that breaks a direction the
 * header's use asks for is an error at the member, enum value, struct or
 * tool that changed, followed by a `note: witness: {...}` line: a whole
 * document one schema accepts and the other rejects. */
#ifndef SCHEMAC_GENERATOR_COMPAT_COMPAT_H
#define SCHEMAC_GENERATOR_COMPAT_COMPAT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* What must hold besides what each type's direction asks (--compat-level):
 * backward, old documents valid under the new schema (senders); forward,
 * new documents valid under the old one (receivers); full, both. */
enum { COMPAT_BACKWARD = 1, COMPAT_FORWARD = 2, COMPAT_FULL = 3 };

typedef struct compat_options {
    const char *baseline_dir;
    unsigned level;        /* COMPAT_* bits, 0: the directions alone */
    bool verbose;          /* --compat-verbose: compatible changes as notes */
    const char **accepted; /* -Wno-compat=RULE: rules accepted everywhere */
    size_t naccepted;
} compat_options;

/* The rules' names, for -Wno-compat=RULE: true if name is one. */
bool compat_rule_known(const char *name);
/* "member-required, member-removed, ...": for messages. */
const char *compat_rule_list(void);

/* Checks m against the baseline in o->baseline_dir; problems go to diag. */
void compat_check(diag_state *diag, const model *m, const compat_options *o);

#endif /* SCHEMAC_GENERATOR_COMPAT_COMPAT_H */
