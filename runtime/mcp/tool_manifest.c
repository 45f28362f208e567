/* Loading a tool manifest (include/schemac/tool_manifest.h): the JSON read
 * as strictly as any document, each entry's members checked, its schemas
 * compiled by libschemac-validate, and its sc_tool filled in. Every
 * problem is an error at its JSON Pointer in the manifest, so that the
 * file can be fixed where it is wrong. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/json.h"
#include "tool_manifest_internal.h"

struct sc_tool_manifest {
    sc_arena arena; /* the manifest's tree and every text of its tools */
    sc_manifest_tool *tools;
    size_t count;
};

static const char *const members[] = {"name",        "title",        "description",
                                      "inputSchema", "outputSchema", "annotations"};
#define MEMBER_LIST "name, title, description, inputSchema, outputSchema, annotations"

/* An error at at + rest (JSON Pointers), printf-style. */
static int fail_at(sc_error *err, const char *at, const char *rest, const char *fmt, ...)
    SC_PRINTF(4, 5);
static int fail_at(sc_error *err, const char *at, const char *rest, const char *fmt, ...)
{
    char pointer[SC_ERROR_PATH_MAX];
    char message[SC_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    snprintf(pointer, sizeof pointer, "%s%s", at, rest);
    return sc_fail_at(err, SC_ERR_ARGUMENT, pointer, "%s", message);
}

/* The name rule of sc_tool (the providers'): ^[a-zA-Z0-9_-]{1,64}$. */
static bool valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 64)
        return false;
    for (; *s != '\0'; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '-'))
            return false;
    return true;
}

static bool known_member(const char *key)
{
    for (size_t i = 0; i < sizeof members / sizeof *members; i++)
        if (strcmp(members[i], key) == 0)
            return true;
    return false;
}

/* The members of entry at: known ones only, of the right types. */
static int check_entry(const cJSON *entry, const char *at, sc_error *err)
{
    if (!cJSON_IsObject(entry))
        return fail_at(err, at, "", "must be an object: a tool");
    for (const cJSON *m = entry->child; m != NULL; m = m->next)
        if (!known_member(m->string))
            return fail_at(err, at, "",
                           "unknown property \"%.64s\"; the properties are: " MEMBER_LIST,
                           m->string);
    static const char *const required[] = {"name", "description", "inputSchema"};
    for (size_t i = 0; i < sizeof required / sizeof *required; i++)
        if (cJSON_GetObjectItemCaseSensitive(entry, required[i]) == NULL)
            return fail_at(err, at, "", "missing required property \"%s\"", required[i]);
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(entry, "name");
    if (!cJSON_IsString(name) || !valid_name(name->valuestring))
        return fail_at(
            err, at, "/name",
            "must be 1 to 64 letters, digits, '_' or '-' (the providers' rule for names)");
    static const char *const texts[] = {"title", "description"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(entry, texts[i]);
        char rest[16];
        snprintf(rest, sizeof rest, "/%s", texts[i]);
        if (t != NULL && !cJSON_IsString(t))
            return fail_at(err, at, rest, "must be a string");
    }
    const cJSON *annotations = cJSON_GetObjectItemCaseSensitive(entry, "annotations");
    if (annotations != NULL && !cJSON_IsObject(annotations))
        return fail_at(err, at, "/annotations", "must be an object (MCP's ToolAnnotations)");
    static const char *const hints[] = {"readOnlyHint", "destructiveHint", "idempotentHint",
                                        "openWorldHint"};
    for (size_t i = 0; annotations != NULL && i < sizeof hints / sizeof *hints; i++) {
        const cJSON *h = cJSON_GetObjectItemCaseSensitive(annotations, hints[i]);
        char rest[40];
        snprintf(rest, sizeof rest, "/annotations/%s", hints[i]);
        if (h != NULL && !cJSON_IsBool(h))
            return fail_at(err, at, rest, "must be a boolean");
    }
    return 0;
}

/* The effect a generated tool's @effect would have given the annotations
 * (MCP: destructiveHint means something when readOnlyHint is false, and
 * is true when absent). */
static sc_effect effect_of(const cJSON *annotations)
{
    const cJSON *read_only = cJSON_GetObjectItemCaseSensitive(annotations, "readOnlyHint");
    const cJSON *destructive = cJSON_GetObjectItemCaseSensitive(annotations, "destructiveHint");
    if (cJSON_IsTrue(read_only))
        return SC_EFFECT_READONLY;
    if (cJSON_IsFalse(destructive))
        return SC_EFFECT_MUTATING;
    if (cJSON_IsFalse(read_only) || cJSON_IsTrue(destructive))
        return SC_EFFECT_DESTRUCTIVE;
    return SC_EFFECT_UNSPECIFIED;
}

/* Compiles the schema at at + "/" + key into *out. MCP (and every
 * provider) takes a tool's arguments and structured result as objects:
 * a schema whose "type" is not "object" could not be listed. */
static int compile_schema(const cJSON *entry, const char *key, const char *at,
                          const sc_tool_manifest_options *options, sc_schema **out, sc_error *err)
{
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(entry, key);
    char rest[SC_ERROR_PATH_MAX];
    snprintf(rest, sizeof rest, "/%s", key);
    if (!cJSON_IsObject(schema))
        return fail_at(err, at, rest, "must be an object: a JSON Schema");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(schema, "type");
    if (!cJSON_IsString(type) || strcmp(type->valuestring, "object") != 0) {
        snprintf(rest, sizeof rest, "/%s%s", key, type != NULL ? "/type" : "");
        return fail_at(err, at, rest,
                       type != NULL
                           ? "must be \"object\": MCP takes a tool's %s as an object"
                           : "missing required property \"type\": MCP takes a tool's %s as "
                             "an object (\"type\": \"object\")",
                       strcmp(key, "inputSchema") == 0 ? "arguments" : "structured result");
    }
    sc_schema_options defaults = {.formats = SC_SCHEMA_FORMATS_ASSERT, .check_metaschema = true};
    sc_error why;
    int rc = sc_schema_compile_cjson(
        options != NULL ? options->registry : NULL, schema,
        options != NULL && options->schema != NULL ? options->schema : &defaults, out, &why);
    if (rc == 0)
        return 0;
    /* the pointer is in the schema, unless the fault is in a document of
     * the registry, which the compiler names first in the message ("in
     * URI: ...") with the pointer in that document */
    bool in_registry = strncmp(why.message, "in ", 3) == 0 && strstr(why.message, ": ") != NULL;
    if (!in_registry && rc != SC_ERR_NOMEM) {
        char pointer[3 * SC_ERROR_PATH_MAX];
        snprintf(pointer, sizeof pointer, "%s%s%s", at, rest, why.path);
        size_t n = strlen(pointer); /* cut as sc_fail_at cuts a long pointer */
        n = n < sizeof why.path ? n : sizeof why.path - 1;
        memcpy(why.path, pointer, n);
        why.path[n] = '\0';
    }
    *err = why;
    return rc;
}

/* Makes tool i of the manifest out of entry, found at the pointer at. */
static int load_tool(sc_tool_manifest *m, size_t i, const cJSON *entry, const char *at,
                     const sc_tool_manifest_options *options, sc_error *err)
{
    int rc = check_entry(entry, at, err);
    if (rc != 0)
        return rc;
    const char *name = cJSON_GetObjectItemCaseSensitive(entry, "name")->valuestring;
    for (size_t j = 0; j < i; j++)
        if (strcmp(m->tools[j].tool.name, name) == 0)
            return fail_at(err, at, "/name",
                           "the tool \"%s\" is named twice (tool %zu has that name too)", name, j);
    sc_manifest_tool *t = &m->tools[i];
    const cJSON *output = cJSON_GetObjectItemCaseSensitive(entry, "outputSchema");
    if ((rc = compile_schema(entry, "inputSchema", at, options, &t->input, err)) != 0 ||
        (output != NULL &&
         (rc = compile_schema(entry, "outputSchema", at, options, &t->output, err)) != 0))
        return rc;
    const cJSON *annotations = cJSON_GetObjectItemCaseSensitive(entry, "annotations");
    t->tool.name = name;
    t->tool.description = cJSON_GetObjectItemCaseSensitive(entry, "description")->valuestring;
    t->tool.effect = effect_of(annotations);
    t->tool.idempotent =
        cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(annotations, "idempotentHint"));
    t->tool.invoke = sc_manifest_invoke;
    if (sc_manifest_texts(&m->arena, entry, cJSON_GetObjectItemCaseSensitive(entry, "inputSchema"),
                          output, &t->tool) != 0)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

/* The manifest's tools out of its tree root, in the arena of m. */
static int load_tree(sc_tool_manifest *m, const cJSON *root,
                     const sc_tool_manifest_options *options, sc_error *err)
{
    const cJSON *list = root;
    const char *at = "";
    if (cJSON_IsObject(root) && cJSON_GetArraySize(root) == 1 && cJSON_IsArray(root->child) &&
        strcmp(root->child->string, "tools") == 0) {
        list = root->child; /* a tools/list result */
        at = "/tools";
    }
    if (!cJSON_IsArray(list))
        return fail_at(
            err, "", "",
            "a manifest must be an array of tools, or {\"tools\": [...]} as tools/list answers");
    size_t count = (size_t)cJSON_GetArraySize(list);
    m->tools = calloc(count > 0 ? count : 1, sizeof *m->tools);
    if (m->tools == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    size_t i = 0;
    for (const cJSON *entry = list->child; entry != NULL; entry = entry->next, i++) {
        char pointer[32];
        snprintf(pointer, sizeof pointer, "%s/%zu", at, i);
        m->count = i + 1; /* what sc_tool_manifest_free frees on failure too */
        int rc = load_tool(m, i, entry, pointer, options, err);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Parses text into a new manifest, or frees it and fails. */
static int finish(sc_tool_manifest *m, const char *text, size_t len,
                  const sc_tool_manifest_options *options, sc_tool_manifest **out, sc_error *err)
{
    cJSON *root;
    /* read as JSON reads it, as the validator reads a schema: a bound of
     * 2^53 or a repeated keyword is the schema's author's to write */
    int rc = sc_parse_json_ex(&m->arena, text, len, SC_PARSE_STANDARD, &root, err);
    if (rc == 0)
        rc = load_tree(m, root, options, err);
    if (rc != 0) {
        sc_tool_manifest_free(m);
        return rc;
    }
    *out = m;
    return 0;
}

/* A new, empty manifest; NULL when memory runs out. */
static sc_tool_manifest *new_manifest(void)
{
    sc_tool_manifest *m = calloc(1, sizeof *m);
    if (m != NULL)
        sc_arena_init(&m->arena, NULL);
    return m;
}

int sc_tool_manifest_parse(const char *json, size_t len, const sc_tool_manifest_options *options,
                           sc_tool_manifest **out, sc_error *err)
{
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (out == NULL || json == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "json and out must not be NULL");
    *out = NULL;
    sc_tool_manifest *m = new_manifest();
    if (m == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return finish(m, json, len, options, out, err);
}

int sc_tool_manifest_load(const char *path, const sc_tool_manifest_options *options,
                          sc_tool_manifest **out, sc_error *err)
{
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (out == NULL || path == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "path and out must not be NULL");
    *out = NULL;
    sc_tool_manifest *m = new_manifest();
    if (m == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    const char *text;
    size_t len;
    int rc = sc_read_file(&m->arena, path, &text, &len, err);
    if (rc != 0) {
        sc_tool_manifest_free(m);
        return rc;
    }
    return finish(m, text, len, options, out, err);
}

void sc_tool_manifest_free(sc_tool_manifest *manifest)
{
    if (manifest == NULL)
        return;
    for (size_t i = 0; i < manifest->count; i++) {
        sc_schema_free(manifest->tools[i].input);
        sc_schema_free(manifest->tools[i].output);
    }
    free(manifest->tools);
    sc_arena_release(&manifest->arena);
    free(manifest);
}

size_t sc_tool_manifest_count(const sc_tool_manifest *manifest)
{
    return manifest != NULL ? manifest->count : 0;
}

const sc_tool *sc_tool_manifest_tool(const sc_tool_manifest *manifest, size_t i)
{
    return manifest != NULL && i < manifest->count ? &manifest->tools[i].tool : NULL;
}
