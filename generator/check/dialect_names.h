/* schemac generator: the provider dialects by name, and the check of a
 * @tool struct's dialect tags and names: which dialects a tool gets is
 * decided here, and the dialect emitter (emit/json/emit_dialects.h) reads
 * the decision (dialect_written). */
#ifndef SCHEMAC_GENERATOR_DIALECT_NAMES_H
#define SCHEMAC_GENERATOR_DIALECT_NAMES_H

#include <stdbool.h>

#include "model/model.h"
#include "util/diag.h"

typedef enum dialect {
    DIALECT_OPENAI,
    DIALECT_OPENAI_STRICT,
    DIALECT_ANTHROPIC,
    DIALECT_GEMINI,
    DIALECT_MCP,
    DIALECT_XML,
    DIALECT_COUNT
} dialect;

/* The dialect warnings of a run: the options that choose them and what
 * was counted rather than reported. */
typedef struct dialect_warnings {
    diag_state *diag; /* where they are reported */
    /* -Wno-dialect=NAME: bit (1u << d) set: what dialect d loses is not
     * reported, as @acceptLoss NAME says for one tool. */
    unsigned silenced;
    /* The dialects the project targets (-Wdialect=NAME, -Wdialect and
     * -Werror=dialect: all), whose losses are reported one by one; a tool's
     * own @dialects are targeted too. What other dialects lose is counted
     * and summed up in one note (dialect_summary). */
    unsigned targeted;
    unsigned untargeted_losses[DIALECT_COUNT]; /* what dialect_report counted */
} dialect_warnings;

/* "openai-strict" */
const char *dialect_name(dialect d);
/* ".openai-strict.json", ".xml": the file is s->name followed by this */
const char *dialect_suffix(dialect d);
/* The provider's name in messages: "OpenAI strict mode", "Gemini". */
const char *dialect_provider(dialect d);
/* The tool's name as providers see it. */
const char *dialect_tool_name(const struct_def *s);
/* Reports a dialect warning of tool s where d is targeted (an error under
 * -Werror=dialect), counts it for dialect_summary otherwise; nothing under
 * @acceptLoss or -Wno-dialect. */
void dialect_report(dialect_warnings *w, const struct_def *s, dialect d, src_loc where,
                    const char *text);
/* One note (at where; no file: of the whole run) for the losses of the
 * dialects not targeted: how many, in which dialects, and how to see them. */
void dialect_summary(dialect_warnings *w, src_loc where);
/* false when name is not a dialect */
bool dialect_from_name(const char *name, dialect *out);

/* A list of dialect names separated by commas or spaces (@dialects,
 * @acceptLoss) as a set of bits (1u << d). False on an unknown name, which
 * *bad then holds (caller frees) when bad is not NULL. */
bool dialect_list_parse(const char *list, unsigned *set, char **bad);

/* Reports the dialect tags of the @tool struct s that are wrong, and each
 * provider that rejects its tool name or a property name: an error where
 * @dialects asks for that dialect or no provider is left, a warning
 * otherwise. check.c calls it. */
void dialect_check_tool(dialect_warnings *w, const struct_def *s);

/* Whether the file of dialect d is written for s: @dialects allows it and
 * the provider accepts its names. */
bool dialect_written(const struct_def *s, dialect d);

#endif /* SCHEMAC_GENERATOR_DIALECT_NAMES_H */
