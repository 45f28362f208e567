/* The texts of a manifest tool (include/schemac/tool_manifest.h): its MCP
 * tools/list entry and the provider dialects sc_provider_tools sends.
 *
 * A generated tool's dialects are converted by the generator from the
 * header's model (generator/emit/json/emit_dialects.c): strict mode's
 * subset, Gemini's OpenAPI subset, what each loses said in the
 * description. A manifest's schema has no model behind it, so each
 * provider gets it as it is, by the route that takes any JSON Schema: the
 * plain OpenAI function (strict mode, which needs a schema written for it,
 * is asked for with "strict": false, as the generator does for a tool
 * strict mode cannot take), Anthropic's input_schema, and Gemini's
 * parametersJsonSchema. docs/tools.md, "Tools known at run time". */
#include <stdlib.h>
#include <string.h>

#include "schemac/schemac.h"
#include "tool_manifest_internal.h"

/* text, printed compact with every number exact, as a string of arena. */
static const char *print_into(sc_arena *arena, const cJSON *doc)
{
    char *printed = NULL;
    if (sc_print_json(doc, &printed) != 0)
        return NULL;
    const char *text = sc_arena_strndup(arena, printed, strlen(printed));
    sc_free_string(printed);
    return text;
}

/* Adds a reference to value (kept by the manifest's tree) under key. */
static bool refer(cJSON *to, const char *key, const cJSON *value)
{
    return value == NULL || cJSON_AddItemReferenceToObject(to, key, (cJSON *)value);
}

/* {name, description} and the schema under key: Anthropic's tool,
 * Gemini's declaration, the function of an OpenAI tool. */
static cJSON *function_of(const cJSON *entry, const char *key, const cJSON *input)
{
    cJSON *f = cJSON_CreateObject();
    if (f == NULL || !refer(f, "name", cJSON_GetObjectItemCaseSensitive(entry, "name")) ||
        !refer(f, "description", cJSON_GetObjectItemCaseSensitive(entry, "description")) ||
        !refer(f, key, input)) {
        cJSON_Delete(f);
        return NULL;
    }
    return f;
}

/* {"type": "function", "function": {...}}, with "strict": false for the
 * strict dialect (see above). */
static cJSON *openai_tool(const cJSON *entry, const cJSON *input, bool strict_dialect)
{
    cJSON *tool = cJSON_CreateObject();
    cJSON *f = function_of(entry, "parameters", input);
    if (tool == NULL || f == NULL || !cJSON_AddStringToObject(tool, "type", "function") ||
        !cJSON_AddItemToObject(tool, "function", f)) {
        cJSON_Delete(f);
        cJSON_Delete(tool);
        return NULL;
    }
    if (strict_dialect && cJSON_AddFalseToObject(f, "strict") == NULL) {
        cJSON_Delete(tool);
        return NULL;
    }
    return tool;
}

/* The tools/list entry: the manifest's members in MCP's order. */
static cJSON *mcp_entry(const cJSON *entry, const cJSON *input, const cJSON *output)
{
    static const char *const order[] = {"name", "title", "description"};
    cJSON *e = cJSON_CreateObject();
    bool ok = e != NULL;
    for (size_t i = 0; ok && i < sizeof order / sizeof *order; i++)
        ok = refer(e, order[i], cJSON_GetObjectItemCaseSensitive(entry, order[i]));
    ok = ok && refer(e, "inputSchema", input) && refer(e, "outputSchema", output) &&
         refer(e, "annotations", cJSON_GetObjectItemCaseSensitive(entry, "annotations"));
    if (!ok) {
        cJSON_Delete(e);
        return NULL;
    }
    return e;
}

/* Prints doc (taken over) into *text; false when memory ran out. */
static bool set_text(sc_arena *arena, cJSON *doc, const char **text)
{
    *text = doc != NULL ? print_into(arena, doc) : NULL;
    cJSON_Delete(doc);
    return *text != NULL;
}

int sc_manifest_texts(sc_arena *arena, const cJSON *entry, const cJSON *input, const cJSON *output,
                      sc_tool *tool)
{
    const char **texts = sc_arena_alloc(arena, SC_DIALECT_COUNT * sizeof *texts);
    if (texts == NULL)
        return SC_ERR_NOMEM;
    for (int d = 0; d < SC_DIALECT_COUNT; d++)
        texts[d] = ""; /* xml stays so: it describes a generated struct's members */
    tool->dialects = texts;
    tool->dialect_count = SC_DIALECT_COUNT;
    tool->output_schema = NULL;
    bool ok =
        (tool->input_schema = print_into(arena, input)) != NULL &&
        (output == NULL || (tool->output_schema = print_into(arena, output)) != NULL) &&
        set_text(arena, mcp_entry(entry, input, output), &texts[SC_DIALECT_MCP]) &&
        set_text(arena, openai_tool(entry, input, false), &texts[SC_DIALECT_OPENAI]) &&
        set_text(arena, openai_tool(entry, input, true), &texts[SC_DIALECT_OPENAI_STRICT]) &&
        set_text(arena, function_of(entry, "input_schema", input), &texts[SC_DIALECT_ANTHROPIC]) &&
        set_text(arena, function_of(entry, "parametersJsonSchema", input),
                 &texts[SC_DIALECT_GEMINI]);
    return ok ? 0 : SC_ERR_NOMEM;
}
