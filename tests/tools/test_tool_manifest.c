/* Tools loaded from a manifest (schemac/tool_manifest.h) in one table with
 * generated ones (tools.h's calc): dispatch, argument errors as a decode
 * reports them, handler failures, output schemas, the descriptor's texts,
 * the registry and schema options, binding by name, loading errors with
 * their JSON Pointers, and NULL arguments. The sanitizer build runs it
 * under ASan and LSan: nothing may leak on any path. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <schemac/tool_manifest.h>

#include "check.h"
#include "tools.schemac.h"

#define DIALECT(tool, NAME) sc_tool_dialect(tool, SC_DIALECT_##NAME)

static bool starts(const char *text, const char *prefix)
{
    return text != NULL && strncmp(text, prefix, strlen(prefix)) == 0;
}

static int calc(sc_arena *arena, const calc_args *in, calc_result *out, void *ctx, sc_error *err)
{
    (void)ctx;
    (void)err;
    out->value = in->a + in->b;
    out->note = sc_arena_strndup(arena, "ok", 2);
    return 0;
}

/* Returns the call's "result" member (null: nothing), else fails: with
 * "refuse" its own message, with "silent" no message at all. */
static int reply(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    int *calls = ctx;
    (*calls)++;
    if (cJSON_GetObjectItemCaseSensitive(args, "refuse") != NULL)
        return sc_fail_at(err, SC_ERR_HANDLER, "/refuse", "refused");
    if (cJSON_GetObjectItemCaseSensitive(args, "silent") != NULL) {
        *out = cJSON_CreateObject(); /* dropped by the dispatcher: the call failed */
        return 1;
    }
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(args, "result");
    if (result != NULL && !cJSON_IsNull(result))
        *out = cJSON_Duplicate(result, 1);
    return 0;
}

static const char manifest_text[] =
    "{\"tools\": ["
    " {\"name\": \"lookup\", \"title\": \"Look up\", \"description\": \"Looks a key up.\","
    "  \"inputSchema\": {\"type\": \"object\", \"properties\": {\"key\": {\"type\": \"string\", \"maxLength\": 4},"
    "   \"n\": {\"type\": \"integer\", \"maximum\": 3}, \"when\": {\"type\": \"string\", \"format\": \"date\"},"
    "   \"result\": {}, \"refuse\": {}, \"silent\": {}, \"more\": {\"$ref\": \"https://example.com/more.json\"}},"
    "   \"additionalProperties\": false},"
    "  \"outputSchema\": {\"type\": \"object\", \"required\": [\"value\"],"
    "   \"properties\": {\"value\": {\"type\": \"number\", \"minimum\": 0}}},"
    "  \"annotations\": {\"readOnlyHint\": false, \"destructiveHint\": false, \"idempotentHint\": true}},"
    " {\"name\": \"free\", \"description\": \"Returns anything.\", \"inputSchema\": {\"type\": \"object\"}}"
    "]}";

static sc_schema_registry *registry(void)
{
    sc_schema_registry *reg = sc_schema_registry_new();
    const char *more = "{\"type\": \"array\", \"maxItems\": 1}";
    const char *bad = "{\"properties\": {\"x\": {\"$ref\": \"#/nowhere\"}}}";
    sc_error err;
    CHECK(reg != NULL && sc_schema_registry_add(reg, "https://example.com/more.json", more,
                                                strlen(more), &err) == 0);
    CHECK(sc_schema_registry_add(reg, "https://example.com/bad.json", bad, strlen(bad), &err) == 0);
    return reg;
}

/* Calls name with args through tools[0..n), returning rc; the text for
 * the model in text. */
static int call(const sc_tool_binding *tools, size_t n, const char *name, const char *args,
                char *text, size_t size, cJSON **result, sc_error *err)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    int rc = sc_tool_call(&arena, tools, n, name, args, strlen(args), 0, result, err);
    sc_tool_error_text(rc, err, text, size);
    sc_arena_release(&arena); /* err->all lived there: not read after */
    return rc;
}

static void dispatch(const sc_tool_manifest *m)
{
    int calls = 0;
    const sc_tool_handler_entry handlers[] = {{"free", reply, &calls}, {"lookup", reply, &calls}};
    sc_tool_binding tools[3] = {calc_args_bind(calc, NULL)};
    size_t n = 0;
    sc_error err;
    CHECK(sc_tool_manifest_bind(m, handlers, 2, tools + 1, 2, &n, &err) == 0 && n == 2);
    CHECK(tools[1].tool == sc_tool_manifest_tool(m, 0) &&
          tools[2].tool == sc_tool_manifest_tool(m, 1));
    char text[2048];
    cJSON *result = NULL;

    /* the generated tool and the manifest's in one table */
    CHECK(call(tools, 3, "calc", "{\"operation\": \"add\", \"a\": 1, \"b\": 2}", text, sizeof text,
               &result, &err) == 0);
    CHECK(cJSON_GetObjectItemCaseSensitive(result, "value")->valuedouble == 3);
    cJSON_Delete(result);
    CHECK(call(tools, 3, "lookup", "{\"key\": \"k\", \"result\": {\"value\": 1}}", text,
               sizeof text, &result, &err) == 0);
    CHECK(calls == 1 && cJSON_GetObjectItemCaseSensitive(result, "value")->valuedouble == 1);
    cJSON_Delete(result);

    /* every argument error, one line each, as a decode lists them; the
     * handler is not called; the registry's schema for "more" applies;
     * formats assert */
    int rc = call(
        tools, 3, "lookup",
        "{\"key\": \"too long\", \"n\": 4, \"when\": \"2026-13-01\", \"more\": [1, 2], \"x\": 1}",
        text, sizeof text, &result, &err);
    CHECK(rc == SC_ERR_CONSTRAINT && result == NULL && calls == 1);
    CHECK(
        strcmp(
            text,
            "/key: must be at most 4 characters long\n/n: must be <= 3\n/when: must be a valid date\n"
            "/more: must have at most 1 item\nunknown property \"x\"") == 0);
    if (failures)
        fprintf(stderr, "got: %s\n", text);
    CHECK(strcmp(err.path, "/key") == 0 && strcmp(err.keyword, "maxLength") == 0);
    CHECK(call(tools, 3, "lookup", "{\"n\": \"3\"}", text, sizeof text, &result, &err) ==
          SC_ERR_TYPE);
    CHECK(strcmp(text, "/n: must be an integer") == 0);
    /* not JSON: the reader's error, as for a generated tool */
    CHECK(call(tools, 3, "lookup", "{\"n\": ", text, sizeof text, &result, &err) == SC_ERR_SYNTAX);

    /* the handler's own failure, with and without a message */
    CHECK(call(tools, 3, "lookup", "{\"refuse\": true}", text, sizeof text, &result, &err) ==
          SC_ERR_HANDLER);
    CHECK(strcmp(text, "/refuse: refused") == 0);
    CHECK(call(tools, 3, "lookup", "{\"silent\": true}", text, sizeof text, &result, &err) ==
          SC_ERR_HANDLER);
    CHECK(strcmp(text, "the tool failed") == 0 && result == NULL);

    /* a result that breaks the output schema, or none where one is due */
    CHECK(call(tools, 3, "lookup", "{\"result\": {\"value\": -1}}", text, sizeof text, &result,
               &err) == SC_ERR_OUTPUT);
    CHECK(result == NULL && HAS(text, "does not match its declared output schema"));
    CHECK(strcmp(err.path, "/value") == 0 &&
          HAS(err.message, "must be >= 0 (the tool's result breaks its output schema)"));
    CHECK(call(tools, 3, "lookup", "{}", text, sizeof text, &result, &err) == SC_ERR_OUTPUT);
    CHECK(HAS(err.message, "must be an object"));
    /* no outputSchema: anything, or nothing */
    CHECK(call(tools, 3, "free", "{\"result\": [1]}", text, sizeof text, &result, &err) == 0 &&
          cJSON_IsArray(result));
    cJSON_Delete(result);
    CHECK(call(tools, 3, "free", "{}", text, sizeof text, &result, &err) == 0 && result == NULL);
    /* a tree without arguments is {} */
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    CHECK(sc_tool_call_cjson(&arena, tools, 3, "free", NULL, 0, &result, &err) == 0 &&
          result == NULL);
    sc_arena_release(&arena);
    CHECK(call(tools, 3, "nope", "{}", text, sizeof text, &result, &err) == SC_ERR_UNKNOWN_TOOL);
    CHECK(HAS(text, "the tools are: calc, lookup, free"));
}

static void texts(const sc_tool_manifest *m)
{
    const sc_tool *t = sc_tool_manifest_tool(m, 0);
    CHECK(sc_tool_manifest_count(m) == 2 && sc_tool_manifest_tool(m, 2) == NULL &&
          sc_tool_manifest_tool(NULL, 0) == NULL);
    CHECK(strcmp(t->name, "lookup") == 0 && strcmp(t->description, "Looks a key up.") == 0);
    CHECK(t->effect == SC_EFFECT_MUTATING && t->idempotent && t->version == NULL &&
          t->scopes == NULL);
    CHECK(sc_tool_manifest_tool(m, 1)->effect == SC_EFFECT_UNSPECIFIED);
    CHECK(starts(t->input_schema, "{\"type\":\"object\",\"properties\":{\"key\""));
    CHECK(
        strcmp(t->output_schema,
               "{\"type\":\"object\",\"required\":[\"value\"],\"properties\":{\"value\":{\"type\":"
               "\"number\",\"minimum\":0}}}") == 0);
    CHECK(sc_tool_manifest_tool(m, 1)->output_schema == NULL);
    CHECK(starts(
        DIALECT(t, MCP),
        "{\"name\":\"lookup\",\"title\":\"Look up\",\"description\":\"Looks a key up.\",\"inputSchema\":"));
    CHECK(HAS(DIALECT(t, MCP), "\"outputSchema\":{") &&
          HAS(DIALECT(t, MCP), "\"annotations\":{\"readOnlyHint\":false,"));
    CHECK(starts(
        DIALECT(t, OPENAI),
        "{\"type\":\"function\",\"function\":{\"name\":\"lookup\",\"description\":\"Looks a key up.\","
        "\"parameters\":{\"type\":\"object\""));
    CHECK(!HAS(DIALECT(t, OPENAI), "strict") &&
          HAS(DIALECT(t, OPENAI_STRICT), "\"strict\":false}}"));
    CHECK(starts(DIALECT(t, ANTHROPIC),
                 "{\"name\":\"lookup\",\"description\":\"Looks a key up.\",\"input_schema\":{"));
    CHECK(HAS(DIALECT(t, GEMINI), "\"parametersJsonSchema\":{\"type\":\"object\"") &&
          !HAS(DIALECT(t, GEMINI), "\"parameters\""));
    CHECK(strcmp(DIALECT(t, XML), "") == 0);
    cJSON *list = sc_mcp_tools_list((const sc_tool_binding[]){{t, NULL, NULL}}, 1);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(list, "tools")) == 1);
    cJSON_Delete(list);
}

/* The manifest is refused with the pointer and the message. */
static void refused(const char *text, const sc_tool_manifest_options *options, int code,
                    const char *path, const char *message)
{
    sc_tool_manifest *m = (sc_tool_manifest *)1;
    sc_error err;
    int rc = sc_tool_manifest_parse(text, strlen(text), options, &m, &err);
    CHECK(rc == code && m == NULL && strcmp(err.path, path) == 0 && HAS(err.message, message));
    if (rc != code || m != NULL || strcmp(err.path, path) != 0 || !HAS(err.message, message))
        fprintf(stderr, "  %s: got %d %s: %s\n", text, rc, err.path, err.message);
}

static void loading(const sc_schema_registry *reg)
{
    sc_tool_manifest_options with = {reg, NULL};
    refused("[{\"name\": \"t\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\","
            " \"properties\": {\"m\": {\"$ref\": \"https://example.com/more.json\"}}}}]",
            NULL, SC_ERR_ARGUMENT, "/0/inputSchema/properties/m/$ref", "resolves to no schema");
    refused(
        "[{\"name\": \"t\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\", \"title\": 5}}]",
        &with, SC_ERR_ARGUMENT, "/0/inputSchema/title", "must be a string");
    /* a fault in a document of the registry: its pointer is in that
     * document, which the message names */
    refused("[{\"name\": \"t\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\","
            " \"properties\": {\"b\": {\"$ref\": \"https://example.com/bad.json\"}}}}]",
            &with, SC_ERR_ARGUMENT, "/properties/x/$ref", "in https://example.com/bad.json: ");
    refused("[1]", NULL, SC_ERR_ARGUMENT, "/0", "must be an object");
    refused("[{\"name\": \"t\", \"description\": 5, \"inputSchema\": {\"type\": \"object\"}}]",
            NULL, SC_ERR_ARGUMENT, "/0/description", "must be a string");
    refused(
        "{\"tools\": [{\"name\": \"\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\"}}]}",
        NULL, SC_ERR_ARGUMENT, "/tools/0/name", "1 to 64 letters");
    refused("{\"tools\": [], \"nextCursor\": \"2\"}", NULL, SC_ERR_ARGUMENT, "",
            "must be an array of tools");
    refused(
        "[{\"name\": \"t\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\"}, \"annotations\": []}]",
        NULL, SC_ERR_ARGUMENT, "/0/annotations", "must be an object");
    refused(
        "[{\"name\": \"t\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\"},"
        " \"outputSchema\": {\"type\": \"object\", \"properties\": {\"a\": {\"pattern\": \"(?=a)\"}}}}]",
        NULL, SC_ERR_ARGUMENT, "/0/outputSchema/properties/a/pattern", "lookahead");
    refused("[", NULL, SC_ERR_SYNTAX, "", "");
    refused("[] []", NULL, SC_ERR_SYNTAX, "", "");

    /* an empty manifest is a manifest of no tools */
    sc_tool_manifest *m;
    sc_error err;
    CHECK(sc_tool_manifest_parse("[]", 2, NULL, &m, &err) == 0 && sc_tool_manifest_count(m) == 0);
    size_t n = 1;
    CHECK(sc_tool_manifest_bind(m, NULL, 0, NULL, 0, &n, &err) == 0 && n == 0);
    sc_tool_manifest_free(m);
    sc_tool_manifest_free(NULL);

    /* options: formats as annotations */
    sc_schema_options annotate = {.formats = SC_SCHEMA_FORMATS_ANNOTATE};
    sc_tool_manifest_options lax = {NULL, &annotate};
    const char *dated =
        "[{\"name\": \"t\", \"description\": \"d\", \"inputSchema\": {\"type\": \"object\","
        " \"properties\": {\"d\": {\"format\": \"date\"}}}}]";
    CHECK(sc_tool_manifest_parse(dated, strlen(dated), &lax, &m, &err) == 0);
    int calls = 0;
    sc_tool_binding b[1];
    CHECK(sc_tool_manifest_bind(m, (const sc_tool_handler_entry[]){{"t", reply, &calls}}, 1, b, 1,
                                &n, &err) == 0);
    char text[256];
    cJSON *result;
    CHECK(call(b, 1, "t", "{\"d\": \"not a date\"}", text, sizeof text, &result, &err) == 0 &&
          calls == 1);
    cJSON_Delete(result);
    sc_tool_manifest_free(m);

    /* files */
    CHECK(sc_tool_manifest_load("/nonexistent/tools.json", NULL, &m, &err) == SC_ERR_ARGUMENT &&
          m == NULL);
    CHECK(HAS(err.message, "cannot open the file"));
    CHECK(sc_tool_manifest_load(NULL, NULL, &m, &err) == SC_ERR_ARGUMENT);
    CHECK(sc_tool_manifest_parse(NULL, 0, NULL, &m, &err) == SC_ERR_ARGUMENT);
}

static void binding(const sc_tool_manifest *m)
{
    int calls = 0;
    sc_tool_binding b[4];
    size_t n = 9;
    sc_error err;
    const sc_tool_handler_entry one[] = {{"lookup", reply, &calls}};
    CHECK(sc_tool_manifest_bind(m, one, 1, b, 4, &n, &err) == SC_ERR_ARGUMENT && n == 0);
    CHECK(strcmp(err.message, "the tool \"free\" of the manifest has no handler") == 0);
    const sc_tool_handler_entry extra[] = {
        {"lookup", reply, &calls}, {"free", reply, &calls}, {"gone", reply, NULL}};
    CHECK(sc_tool_manifest_bind(m, extra, 3, b, 4, &n, &err) == SC_ERR_UNKNOWN_TOOL && n == 0);
    CHECK(HAS(err.message, "\"gone\", which is not a tool of the manifest"));
    const sc_tool_handler_entry twice[] = {{"lookup", reply, &calls}, {"lookup", reply, &calls}};
    CHECK(sc_tool_manifest_bind(m, twice, 2, b, 4, &n, &err) == SC_ERR_ARGUMENT &&
          HAS(err.message, "two handlers"));
    const sc_tool_handler_entry null[] = {{"lookup", NULL, NULL}, {"free", reply, &calls}};
    CHECK(sc_tool_manifest_bind(m, null, 2, b, 4, &n, &err) == SC_ERR_ARGUMENT &&
          HAS(err.message, "no function"));
    const sc_tool_handler_entry both[] = {{"free", reply, &calls}, {"lookup", reply, &calls}};
    CHECK(sc_tool_manifest_bind(m, both, 2, b, 1, &n, &err) == SC_ERR_ARGUMENT &&
          HAS(err.message, "room"));
    CHECK(sc_tool_manifest_bind(NULL, both, 2, b, 4, &n, &err) == SC_ERR_ARGUMENT);
    CHECK(sc_tool_manifest_bind(m, both, 2, b, 4, NULL, &err) == SC_ERR_ARGUMENT);
}

int main(void)
{
    sc_schema_registry *reg = registry();
    sc_tool_manifest_options options = {reg, NULL};
    sc_tool_manifest *m = NULL;
    sc_error err;
    int rc = sc_tool_manifest_parse(manifest_text, strlen(manifest_text), &options, &m, &err);
    CHECK(rc == 0);
    if (rc != 0) {
        fprintf(stderr, "%s: %s\n", err.path, err.message);
        return 1;
    }
    dispatch(m);
    texts(m);
    binding(m);
    sc_tool_manifest_free(m);
    loading(reg);
    sc_schema_registry_free(reg);
    printf("%s\n", failures == 0 ? "ok" : "FAILED");
    return failures != 0;
}
