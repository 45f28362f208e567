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

#include "check/dialect_names.h" /* dialect, dialect_written: which files a tool gets */
#include "model/model.h"
#include "util/strbuf.h"

/* The document of dialect d (not DIALECT_XML) for the @tool struct s of m,
 * reporting what it loses; NULL when it is not written. Caller deletes. */
cJSON *dialect_document(dialect_warnings *w, const model *m, const struct_def *s, dialect d);

/* The texts of every dialect of the @tool struct s, reporting what each
 * loses: files[d] as the file of dialect d holds it (JSON pretty-printed as
 * json_print does, or the XML) and embedded[d] as the tool table carries
 * it (the JSON compact, the XML as is); both NULL for a dialect not
 * written. Made together, as OpenAI, Anthropic and MCP share a conversion.
 * Caller frees them. */
void dialect_texts(dialect_warnings *w, const model *m, const struct_def *s,
                   char *files[DIALECT_COUNT], char *embedded[DIALECT_COUNT]);

/* --print-dialect: the tools of m in dialect d as a JSON array (the value of
 * a request's "tools"; for Gemini, of "functionDeclarations"), or the XML
 * <tool> elements one after the other. *ntools: how many. Caller frees. */
char *dialect_print(dialect_warnings *w, const model *m, dialect d, size_t *ntools);

#endif /* SCHEMAC_GENERATOR_EMIT_DIALECTS_H */
