/* schemac generator: provider dialects of a @tool struct, each a document a
 * program can send to that provider as is (see docs/tools.md):
 *   openai         {"type":"function","function":{name, description, parameters}}
 *   openai-strict  the same with "strict": true and OpenAI's strict subset
 *   anthropic      {name, description, input_schema}
 *   gemini         a function declaration, OpenAPI 3.0 subset
 *   mcp            a tools/list entry: name, description, inputSchema,
 *                  outputSchema (from @output), annotations (from @effect)
 *   xml            an Autobyteus-style <tool> description, for XML prompts
 * They are built from the canonical schema (schema_document). What a dialect
 * cannot express is stated in the description text and reported as a
 * warning at the member ("<provider> cannot express <keyword> on 'x'");
 * where the provider has a second accepted route (OpenAI "strict": false,
 * Gemini parametersJsonSchema) a tool its first route cannot take goes
 * there, with a warning. A dialect whose provider rejects a name of the
 * tool is not written (docs/tools.md, "Names"). */
#ifndef SCHEMAC_GENERATOR_EMIT_DIALECTS_H
#define SCHEMAC_GENERATOR_EMIT_DIALECTS_H

#include <stdbool.h>

#include <cJSON.h>

#include "model.h"
#include "strbuf.h"

typedef enum dialect {
    DIALECT_OPENAI,
    DIALECT_OPENAI_STRICT,
    DIALECT_ANTHROPIC,
    DIALECT_GEMINI,
    DIALECT_MCP,
    DIALECT_XML,
    DIALECT_COUNT
} dialect;

/* -Werror=dialect: what a dialect loses is an error, not a warning. */
extern bool dialect_warnings_are_errors;
/* -Wno-dialect=NAME: bit (1u << d) set: what dialect d loses is not
 * reported, as @acceptLoss NAME says for one tool. */
extern unsigned dialect_warnings_silenced;

/* "openai-strict" */
const char *dialect_name(dialect d);
/* ".openai-strict.json", ".xml": the file is s->name followed by this */
const char *dialect_suffix(dialect d);
/* The provider's name in messages: "OpenAI strict mode", "Gemini". */
const char *dialect_provider(dialect d);
/* The tool's name as providers see it. */
const char *dialect_tool_name(const struct_def *s);
/* Reports a dialect warning of tool s (an error under -Werror=dialect;
 * nothing under @acceptLoss or -Wno-dialect). */
void dialect_report(const struct_def *s, dialect d, src_loc where, const char *text);
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
void dialect_check_tool(const struct_def *s);

/* Whether the file of dialect d is written for s: @dialects allows it and
 * the provider accepts its names. */
bool dialect_written(const struct_def *s, dialect d);

/* The document of dialect d (not DIALECT_XML) for the @tool struct s of m,
 * reporting what it loses; NULL when it is not written. Caller deletes. */
cJSON *dialect_document(const model *m, const struct_def *s, dialect d);

/* The texts of every dialect of the @tool struct s, reporting what each
 * loses: files[d] as the file of dialect d holds it (JSON pretty-printed as
 * schema_print does, or the XML) and embedded[d] as the tool table carries
 * it (the JSON compact, the XML as is); both NULL for a dialect not
 * written. Made together, as OpenAI, Anthropic and MCP share a conversion.
 * Caller frees them. */
void dialect_texts(const model *m, const struct_def *s, char *files[DIALECT_COUNT], char *embedded[DIALECT_COUNT]);

/* --print-dialect: the tools of m in dialect d as a JSON array (the value of
 * a request's "tools"; for Gemini, of "functionDeclarations"), or the XML
 * <tool> elements one after the other. *ntools: how many. Caller frees. */
char *dialect_print(const model *m, dialect d, size_t *ntools);

#endif /* SCHEMAC_GENERATOR_EMIT_DIALECTS_H */
