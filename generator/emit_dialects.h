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
 * warning at the member ("<provider> cannot express <keyword> on 'x'"). */
#ifndef SCHEMAC_GENERATOR_EMIT_DIALECTS_H
#define SCHEMAC_GENERATOR_EMIT_DIALECTS_H

#include <stdbool.h>

#include <cJSON.h>

#include "model.h"

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

/* "openai-strict" */
const char *dialect_name(dialect d);
/* ".openai-strict.json", ".xml": the file is s->name followed by this */
const char *dialect_suffix(dialect d);
/* false when name is not a dialect */
bool dialect_from_name(const char *name, dialect *out);

/* The document of dialect d (not DIALECT_XML) for the @tool struct s of m,
 * reporting what it loses. Caller deletes. */
cJSON *dialect_document(const model *m, const struct_def *s, dialect d);

/* The text of dialect d: JSON pretty-printed as schema_print does, or the
 * XML. Caller frees. */
char *dialect_text(const model *m, const struct_def *s, dialect d);

#endif /* SCHEMAC_GENERATOR_EMIT_DIALECTS_H */
