/* schemac generator, compat: the baseline, the schemas a project has
 * published, kept in its repository: one NAME.schema.json per @schema or
 * @tool struct (exactly the emitted schema, so --compat compares schemas,
 * as a schema registry does) and one NAME.tool.json per tool (its name,
 * type, output, effect, version and the dialects written for it). */
#ifndef SCHEMAC_GENERATOR_COMPAT_BASELINE_H
#define SCHEMAC_GENERATOR_COMPAT_BASELINE_H

#include <stddef.h>

#include <cJSON.h>

#include "emit/json/emit_schema.h"
#include "model/model.h"

#define BASELINE_SCHEMA_SUFFIX ".schema.json"
#define BASELINE_TOOL_SUFFIX ".tool.json"

typedef struct baseline_file {
    char *name; /* in the baseline directory: "parse_url_input.schema.json" */
    char *text;
} baseline_file;

typedef struct baseline {
    baseline_file *files;
    size_t count;
} baseline;

/* The baseline of the header's model (texts end in a newline). */
void baseline_of_model(schema_texts *schemas, const model *m, baseline *out);

/* The baseline files in dir, read; -1 (and errno) when dir cannot be read. */
int baseline_read(const char *dir, baseline *out);

/* Whether name is a file the baseline holds (by its suffix). */
int baseline_file_name(const char *name);

/* The text of the baseline's file `name`, or NULL. */
const char *baseline_text(const baseline *b, const char *name);

void baseline_free(baseline *b);

#endif /* SCHEMAC_GENERATOR_COMPAT_BASELINE_H */
