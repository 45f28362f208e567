/* schemac import: the tool definitions of LLM providers as the MCP tools
 * import.c reads. OpenAI Chat Completions ({"type": "function", "function":
 * {...}}), OpenAI Responses ({"type": "function", "name", ...}), Anthropic
 * ({"name", "input_schema"}) and Gemini (a Tool's functionDeclarations, or
 * one FunctionDeclaration) each become {"name", "description",
 * "inputSchema"[, "outputSchema"]}; Gemini's `parameters`, an OpenAPI 3.0
 * subset, becomes the JSON Schema it means. */
#include "import/import_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

static const char *const form_names[] = {
    [IMP_FORM_AUTO] = "auto",
    [IMP_FORM_SCHEMA] = "schema",
    [IMP_FORM_MCP] = "mcp",
    [IMP_FORM_OPENAI] = "openai",
    [IMP_FORM_OPENAI_RESPONSES] = "openai-responses",
    [IMP_FORM_ANTHROPIC] = "anthropic",
    [IMP_FORM_GEMINI] = "gemini",
};

bool imp_form_of_name(const char *name, imp_form *form)
{
    for (size_t i = 0; i < sizeof form_names / sizeof *form_names; i++)
        if (strcmp(name, form_names[i]) == 0) {
            *form = (imp_form)i;
            return true;
        }
    return false;
}

static const cJSON *get(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

static bool is_function_type(const cJSON *d)
{
    const cJSON *t = get(d, "type");
    return cJSON_IsString(t) && strcmp(t->valuestring, "function") == 0;
}

/* The provider form of one definition, or IMP_FORM_AUTO when it is none. */
static imp_form form_of(const cJSON *d)
{
    if (!cJSON_IsObject(d))
        return IMP_FORM_AUTO;
    if (is_function_type(d) && cJSON_IsObject(get(d, "function")))
        return IMP_FORM_OPENAI;
    if (is_function_type(d) && cJSON_IsString(get(d, "name")))
        return IMP_FORM_OPENAI_RESPONSES;
    if (cJSON_IsString(get(d, "name")) && get(d, "input_schema") != NULL)
        return IMP_FORM_ANTHROPIC;
    if (cJSON_IsArray(get(d, "functionDeclarations")) ||
        (cJSON_IsString(get(d, "name")) && get(d, "type") == NULL &&
         (get(d, "parameters") != NULL || get(d, "parametersJsonSchema") != NULL)))
        return IMP_FORM_GEMINI;
    return IMP_FORM_AUTO;
}

imp_form imp_detect_form(const cJSON *doc)
{
    if (cJSON_IsArray(doc)) { /* definitions: the first one tells */
        imp_form f = form_of(cJSON_GetArrayItem(doc, 0));
        return f != IMP_FORM_AUTO ? f : IMP_FORM_MCP;
    }
    imp_form f = form_of(doc);
    if (f != IMP_FORM_AUTO)
        return f;
    const cJSON *result = get(doc, "result");
    if (cJSON_IsArray(get(doc, "tools")) || cJSON_IsArray(get(result, "tools")) ||
        (get(doc, "inputSchema") != NULL && get(doc, "name") != NULL))
        return IMP_FORM_MCP;
    return IMP_FORM_SCHEMA;
}

/* OpenAPI 3.0's counts may come as strings (the proto JSON of int64). */
static bool is_count(const char *k)
{
    static const char *const counts[] = {"minItems",  "maxItems",      "minLength",
                                         "maxLength", "minProperties", "maxProperties"};
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++)
        if (strcmp(k, counts[i]) == 0)
            return true;
    return false;
}

static cJSON *gemini_schema(const cJSON *s);

static cJSON *gemini_each(const cJSON *list, bool object)
{
    cJSON *out = object ? cJSON_CreateObject() : cJSON_CreateArray();
    const cJSON *v;
    cJSON_ArrayForEach(v, list)
    {
        if (object)
            cJSON_AddItemToObject(out, v->string, gemini_schema(v));
        else
            cJSON_AddItemToArray(out, gemini_schema(v));
    }
    return out;
}

/* A Gemini Schema as JSON Schema: its types in lower case, `nullable`
 * adding null (to the type, the enum, or as an anyOf branch), counts as
 * numbers, `example` as `examples`; format "enum" (said by the enum) and
 * propertyOrdering (an order) left out. An object without
 * additionalProperties takes other members, in OpenAPI as in JSON Schema.
 * Keywords it does not know are kept for the import to judge. */
static cJSON *gemini_schema(const cJSON *s)
{
    if (!cJSON_IsObject(s))
        return cJSON_Duplicate(s, 1);
    cJSON *out = cJSON_CreateObject();
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        const char *key = k->string;
        if (strcmp(key, "nullable") == 0 || strcmp(key, "propertyOrdering") == 0 ||
            (strcmp(key, "format") == 0 && cJSON_IsString(k) &&
             strcmp(k->valuestring, "enum") == 0))
            continue;
        if (strcmp(key, "type") == 0 && cJSON_IsString(k)) {
            if (strcmp(k->valuestring, "TYPE_UNSPECIFIED") == 0)
                continue;
            char *lower = xstrdup(k->valuestring);
            for (char *p = lower; *p; p++)
                *p = (char)tolower((unsigned char)*p);
            cJSON_AddStringToObject(out, "type", lower);
            free(lower);
        } else if (is_count(key) && cJSON_IsString(k) && k->valuestring[0] != '\0' &&
                   strspn(k->valuestring, "0123456789") == strlen(k->valuestring)) {
            cJSON_AddNumberToObject(out, key, strtod(k->valuestring, NULL));
        } else if (strcmp(key, "example") == 0) {
            cJSON *examples = cJSON_AddArrayToObject(out, "examples");
            cJSON_AddItemToArray(examples, cJSON_Duplicate(k, 1));
        } else if (strcmp(key, "properties") == 0 && cJSON_IsObject(k)) {
            cJSON_AddItemToObject(out, key, gemini_each(k, true));
        } else if (strcmp(key, "anyOf") == 0 && cJSON_IsArray(k)) {
            cJSON_AddItemToObject(out, key, gemini_each(k, false));
        } else if (strcmp(key, "items") == 0) {
            cJSON_AddItemToObject(out, key, gemini_schema(k));
        } else {
            cJSON_AddItemToObject(out, key, cJSON_Duplicate(k, 1));
        }
    }
    if (!cJSON_IsTrue(get(s, "nullable")))
        return out;
    cJSON *type = cJSON_GetObjectItemCaseSensitive(out, "type"),
          *e = cJSON_GetObjectItemCaseSensitive(out, "enum");
    if (cJSON_IsArray(e))
        cJSON_AddItemToArray(e, cJSON_CreateNull());
    if (cJSON_IsString(type)) {
        cJSON *both = cJSON_CreateArray();
        cJSON_AddItemToArray(both, cJSON_CreateString(type->valuestring));
        cJSON_AddItemToArray(both, cJSON_CreateString("null"));
        cJSON_ReplaceItemInObjectCaseSensitive(out, "type", both);
    } else if (!cJSON_IsArray(e)) { /* no type: null is one more branch */
        cJSON *wrapped = cJSON_CreateObject(), *branches = cJSON_AddArrayToObject(wrapped, "anyOf");
        cJSON *null_branch = cJSON_CreateObject();
        cJSON_AddStringToObject(null_branch, "type", "null");
        cJSON_AddItemToArray(branches, out);
        cJSON_AddItemToArray(branches, null_branch);
        return wrapped;
    }
    return out;
}

/* Omitted parameters: a function without parameters, called with {}. */
static cJSON *no_parameters(void)
{
    cJSON *s = cJSON_CreateObject();
    cJSON_AddStringToObject(s, "type", "object");
    cJSON_AddObjectToObject(s, "properties");
    cJSON_AddFalseToObject(s, "additionalProperties");
    return s;
}

static void add_tool(imp_tools *out, cJSON *tool, char *input_at, char *output_at)
{
    out->tools = xrealloc(out->tools, (out->n + 1) * sizeof *out->tools);
    out->tools[out->n++] = (imp_tool){tool, input_at, output_at};
}

/* {"name", "description", "inputSchema", "outputSchema"} from the parts of
 * a definition at pointer: its schema under key (converted for Gemini),
 * the output under out_key (NULL: none). */
static void one_tool(imp_tools *out, const cJSON *named, const cJSON *holder, const char *pointer,
                     const char *key, const char *out_key, bool gemini)
{
    cJSON *tool = cJSON_CreateObject();
    const cJSON *name = get(named, "name"), *description = get(named, "description");
    if (name != NULL)
        cJSON_AddItemToObject(tool, "name", cJSON_Duplicate(name, 1));
    if (description != NULL)
        cJSON_AddItemToObject(tool, "description", cJSON_Duplicate(description, 1));
    const cJSON *params = get(holder, key);
    char *input_at = imp_pointer_append(pointer, key);
    if (gemini && params == NULL && get(holder, "parametersJsonSchema") != NULL) {
        free(input_at);
        input_at = imp_pointer_append(pointer, "parametersJsonSchema");
        params = get(holder, "parametersJsonSchema");
        gemini = false;
    }
    cJSON *input = params == NULL || cJSON_IsNull(params) ? no_parameters()
                   : gemini                               ? gemini_schema(params)
                                                          : cJSON_Duplicate(params, 1);
    cJSON_AddItemToObject(tool, "inputSchema", input);
    char *output_at = NULL;
    const cJSON *output = out_key != NULL ? get(holder, out_key) : NULL;
    if (output == NULL && out_key != NULL && get(holder, "responseJsonSchema") != NULL) {
        out_key = "responseJsonSchema";
        output = get(holder, out_key);
        gemini = false;
    }
    if (cJSON_IsObject(output)) {
        output_at = imp_pointer_append(pointer, out_key);
        cJSON_AddItemToObject(tool, "outputSchema",
                              gemini ? gemini_schema(output) : cJSON_Duplicate(output, 1));
    }
    add_tool(out, tool, input_at, output_at);
}

/* One definition of the form at pointer; false when it is not one. */
static bool definition(imp_ctx *c, imp_tools *out, const cJSON *d, imp_form form,
                       const char *pointer)
{
    switch (form) {
    case IMP_FORM_OPENAI:
        if (!is_function_type(d) || !cJSON_IsObject(get(d, "function")))
            return false;
        {
            char *at = imp_pointer_append(pointer, "function");
            one_tool(out, get(d, "function"), get(d, "function"), at, "parameters", NULL, false);
            free(at);
        }
        return true;
    case IMP_FORM_OPENAI_RESPONSES:
        if (!is_function_type(d) || !cJSON_IsString(get(d, "name")))
            return false;
        one_tool(out, d, d, pointer, "parameters", NULL, false);
        return true;
    case IMP_FORM_ANTHROPIC:
        if (!cJSON_IsString(get(d, "name")) || !cJSON_IsObject(get(d, "input_schema")))
            return false;
        one_tool(out, d, d, pointer, "input_schema", NULL, false);
        return true;
    case IMP_FORM_GEMINI: {
        const cJSON *decls = get(d, "functionDeclarations");
        if (!cJSON_IsArray(decls)) { /* one FunctionDeclaration */
            if (!cJSON_IsString(get(d, "name")))
                return false;
            one_tool(out, d, d, pointer, "parameters", "response", true);
            return true;
        }
        char *list = imp_pointer_append(pointer, "functionDeclarations");
        bool ok = true;
        for (int i = 0; i < cJSON_GetArraySize(decls) && ok; i++) {
            const cJSON *decl = cJSON_GetArrayItem(decls, i);
            char index[24];
            snprintf(index, sizeof index, "%d", i);
            char *at = imp_pointer_append(list, index);
            ok = cJSON_IsString(get(decl, "name"));
            if (ok)
                one_tool(out, decl, decl, at, "parameters", "response", true);
            else
                imp_error(c, at, "a FunctionDeclaration has a name");
            free(at);
        }
        free(list);
        return ok;
    }
    default:
        return false;
    }
}

bool imp_provider_tools(imp_ctx *c, const cJSON *doc, imp_form form, imp_tools *out)
{
    memset(out, 0, sizeof *out);
    bool many = cJSON_IsArray(doc);
    for (int i = 0; i < (many ? cJSON_GetArraySize(doc) : 1); i++) {
        const cJSON *d = many ? cJSON_GetArrayItem(doc, i) : doc;
        char index[24];
        snprintf(index, sizeof index, "%d", i);
        char *at = many ? imp_pointer_append("", index) : xstrdup("");
        /* auto: each item of a list by its own shape */
        imp_form f = form != IMP_FORM_AUTO ? form : form_of(d);
        if (!definition(c, out, d, f, at)) {
            if (c->errors == 0 && f == IMP_FORM_AUTO)
                imp_error(c, at, "not an OpenAI, Anthropic or Gemini tool definition");
            else if (c->errors == 0)
                imp_error(c, at, "not a tool definition of the form %s", form_names[f]);
            free(at);
            return false;
        }
        free(at);
    }
    return true;
}

void imp_tools_free(imp_tools *t)
{
    for (size_t i = 0; i < t->n; i++) {
        cJSON_Delete(t->tools[i].tool);
        free(t->tools[i].input_at);
        free(t->tools[i].output_at);
    }
    free(t->tools);
    memset(t, 0, sizeof *t);
}
