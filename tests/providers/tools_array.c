/* The request `tools` that sc_provider_tools (schemac/provider.h) builds,
 * for check.mjs to judge with the providers' SDKs. Reads a JSON array of
 * tools on stdin, each {"name", "openai", "openai_strict", "anthropic",
 * "gemini"}: the sc_tool texts of a header's tools (the dialect files'
 * documents without white space, "" for a dialect without a file), and
 * prints one JSON object: for each provider name of sc_provider_from_name
 * ("openai", "openai-responses", "anthropic", "gemini"), and the same with
 * " strict" (SC_TOOLS_STRICT), {"flags": the call_flags, "tools": the
 * array}, printed with sc_print_json. Exits 1 when sc_provider_tools
 * returns NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/json.h>
#include <schemac/provider.h>
#include <schemac/schemac.h>

static const char *text_of(const cJSON *tool, const char *key)
{
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(tool, key);
    return cJSON_IsString(text) ? text->valuestring : "";
}

int main(void)
{
    size_t len = 0, cap = 1 << 16;
    char *input = malloc(cap);
    size_t n;
    while (input != NULL && (n = fread(input + len, 1, cap - len, stdin)) > 0) {
        len += n;
        if (len == cap)
            input = realloc(input, cap *= 2);
    }
    cJSON *list = input != NULL ? cJSON_ParseWithLength(input, len) : NULL;
    free(input);
    if (!cJSON_IsArray(list)) {
        fprintf(stderr, "tools_array: stdin is not a JSON array\n");
        return 2;
    }
    size_t count = (size_t)cJSON_GetArraySize(list);
    sc_tool *descriptors = calloc(count + 1, sizeof *descriptors);
    const char *(*texts)[SC_DIALECT_COUNT] =
        calloc(count + 1, sizeof *texts); /* NULL reads as "" */
    sc_tool_binding *bindings = calloc(count + 1, sizeof *bindings);
    size_t i = 0;
    for (const cJSON *tool = list->child; tool != NULL; tool = tool->next, i++) {
        descriptors[i].name = text_of(tool, "name");
        texts[i][SC_DIALECT_OPENAI] = text_of(tool, "openai");
        texts[i][SC_DIALECT_OPENAI_STRICT] = text_of(tool, "openai_strict");
        texts[i][SC_DIALECT_ANTHROPIC] = text_of(tool, "anthropic");
        texts[i][SC_DIALECT_GEMINI] = text_of(tool, "gemini");
        descriptors[i].dialects = texts[i];
        descriptors[i].dialect_count = SC_DIALECT_COUNT;
        bindings[i].tool = &descriptors[i];
    }
    static const char *const names[] = {"openai", "openai-responses", "anthropic", "gemini"};
    cJSON *out = cJSON_CreateObject();
    int rc = 0;
    for (size_t p = 0; p < sizeof names / sizeof *names; p++) {
        sc_provider provider;
        if (sc_provider_from_name(names[p], &provider) != 0)
            return 2;
        for (unsigned options = 0; options <= SC_TOOLS_STRICT; options += SC_TOOLS_STRICT) {
            char key[64];
            unsigned flags = 77;
            snprintf(key, sizeof key, "%s%s", names[p], options ? " strict" : "");
            cJSON *tools = sc_provider_tools(provider, bindings, count, options, &flags);
            if (tools == NULL) {
                fprintf(stderr, "tools_array: sc_provider_tools(%s) returned NULL\n", key);
                rc = 1;
                continue;
            }
            cJSON *entry = cJSON_AddObjectToObject(out, key);
            cJSON_AddNumberToObject(entry, "flags", flags);
            cJSON_AddItemToObject(entry, "tools", tools);
        }
    }
    char *text;
    if (sc_print_json(out, &text) != 0) /* exact numbers: cJSON's printer rounds 2^53-1 */
        return 1;
    puts(text);
    sc_free_string(text);
    cJSON_Delete(out);
    cJSON_Delete(list);
    free(descriptors);
    free(texts);
    free(bindings);
    return rc;
}
