/* schemac import: the command line, and what the input file is (a schema,
 * a tools/list result, one tool, providers' tool definitions). Nothing is
 * written when any part of the input cannot be said in a header, unless
 * --loosen says how to loosen it. */
#include "import/import.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_internal.h"
#include "schemac/json.h"
#include "util/strbuf.h"

const char import_usage[] =
    "schemac import [OPTIONS] FILE\n"
    "  Reads FILE, a JSON Schema (draft 2020-12 or draft-07), an MCP tools/list\n"
    "  result or one MCP tool, or OpenAI, Anthropic or Gemini tool definitions (one\n"
    "  or an array), and writes an annotated header whose schema accepts exactly\n"
    "  the same documents (docs/import.md). Its options:\n"
    "  -o FILE          write the header to FILE (default: stdout)\n"
    "  --name NAME      the root struct's name (default: the title, else FILE's name)\n"
    "  --wide-ints      int64_t for every integer (default: the narrowest type\n"
    "                   holding the bounds, uint8_t for 0..255)\n"
    "  --loosen         what a header cannot say becomes a cJSON * member that\n"
    "                   accepts any value, with a comment saying what was loosened\n"
    "                   (default: an error naming its JSON Pointer)\n"
    "  --form FORM      what FILE is: schema, mcp, openai (Chat Completions),\n"
    "                   openai-responses, anthropic, gemini (default: auto, from\n"
    "                   its shape)\n";

typedef struct import_options {
    const char *file;
    const char *output;
    const char *name;
    bool wide_ints;
    bool loosen;
    imp_form form;
} import_options;

static int usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "schemac import: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'schemac import --help'.\n");
    return 2;
}

static int parse_args(int argc, char **argv, import_options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(import_usage, stdout);
            exit(0);
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--name") == 0) {
            if (++i == argc)
                return usage("%s needs a value", a);
            *(a[1] == 'o' ? &o->output : &o->name) = argv[i];
        } else if (strcmp(a, "--form") == 0) {
            if (++i == argc)
                return usage("%s needs a value", a);
            if (!imp_form_of_name(argv[i], &o->form))
                return usage(
                    "unknown --form '%s' (schema, mcp, openai, openai-responses, anthropic, gemini)",
                    argv[i]);
        } else if (strcmp(a, "--wide-ints") == 0) {
            o->wide_ints = true;
        } else if (strcmp(a, "--loosen") == 0) {
            o->loosen = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage("unknown option '%s'", a);
        } else if (o->file != NULL) {
            return usage("one file at a time; got a second one, '%s'", a);
        } else {
            o->file = a;
        }
    }
    return o->file == NULL ? usage("%s", "no file given") : 0;
}

/* "dir/my-schema.json" -> "my-schema" */
static char *file_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    const char *dot = strchr(base, '.');
    return dot != NULL && dot != base ? xstrndup(base, (size_t)(dot - base)) : xstrdup(base);
}

/* Each root resolves "#" against itself: a tool's inputSchema is a
 * document of its own. */
static void start_root(imp_ctx *c, cJSON *root, const char *pointer)
{
    c->schema_root = root;
    c->root_pointer = pointer;
    for (size_t i = 0; i < c->nrefs; i++)
        free(c->refs[i]);
    c->nrefs = 0;
}

static bool dialect_known(imp_ctx *c, const cJSON *schema, const char *pointer)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(schema, "$schema");
    if (!cJSON_IsString(d))
        return true;
    static const char *const known[] = {
        "json-schema.org/draft/2020-12/schema", "json-schema.org/draft-07/schema",
        "json-schema.org/draft/2019-09/schema", "json-schema.org/draft-06/schema"};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strstr(d->valuestring, known[i]) != NULL)
            return true;
    imp_error(
        c, pointer,
        "$schema \"%s\": schemac import reads draft 2020-12 and draft-07 (and 2019-09, draft-06)",
        d->valuestring);
    return false;
}

/* MCP annotations as the tags of docs/tools.md. */
static char *tool_hints(const cJSON *tool)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(tool, "annotations");
    strbuf sb;
    sb_init(&sb);
    const cJSON *ro = cJSON_GetObjectItemCaseSensitive(a, "readOnlyHint");
    const cJSON *de = cJSON_GetObjectItemCaseSensitive(a, "destructiveHint");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(a, "idempotentHint");
    const cJSON *ow = cJSON_GetObjectItemCaseSensitive(a, "openWorldHint");
    if (cJSON_IsTrue(ro))
        sb_puts(&sb, "@effect readonly\n");
    else if (cJSON_IsTrue(de))
        sb_puts(&sb, "@effect destructive\n");
    else if (cJSON_IsFalse(ro) || cJSON_IsFalse(de))
        sb_puts(&sb, "@effect mutating\n");
    if (cJSON_IsTrue(id))
        sb_puts(&sb, "@idempotent\n");
    if (cJSON_IsBool(ow))
        sb_printf(&sb, "@openWorld %s\n", cJSON_IsTrue(ow) ? "true" : "false");
    return sb.data != NULL ? sb_take(&sb) : NULL;
}

/* An MCP tool at pointer, its schemas at input_at and output_at (where a
 * provider's definition has them). */
static void import_tool(imp_ctx *c, cJSON *tool, const char *pointer, const char *input_at,
                        const char *output_at)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(tool, "name");
    cJSON *input = cJSON_GetObjectItemCaseSensitive(tool, "inputSchema");
    cJSON *output = cJSON_GetObjectItemCaseSensitive(tool, "outputSchema");
    if (!cJSON_IsString(name) || !cJSON_IsObject(input)) {
        imp_error(c, pointer, "a tool has a name and an inputSchema (an object)");
        return;
    }
    char *output_name = NULL;
    if (cJSON_IsObject(output)) {
        char *at =
            output_at != NULL ? xstrdup(output_at) : imp_pointer_append(pointer, "outputSchema");
        char *hint = xasprintf("%s_result", name->valuestring);
        start_root(c, output, at);
        itype *out = dialect_known(c, output, at) ? imp_map_root(c, output, at, hint) : NULL;
        output_name = out != NULL ? xstrdup(out->c_name) : NULL;
        free(hint);
        free(at);
    }
    char *at = input_at != NULL ? xstrdup(input_at) : imp_pointer_append(pointer, "inputSchema");
    char *hint = xasprintf("%s_args", name->valuestring);
    start_root(c, input, at);
    itype *in = dialect_known(c, input, at) ? imp_map_root(c, input, at, hint) : NULL;
    free(hint);
    free(at);
    if (in == NULL) {
        free(output_name);
        return;
    }
    in->tool_name = xstrdup(name->valuestring);
    in->tool_output = output_name;
    in->tool_hints = tool_hints(tool);
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(tool, "description");
    if (cJSON_IsString(d)) {
        free(in->description);
        in->description = xstrdup(d->valuestring);
    }
}

static void import_tool_list(imp_ctx *c, cJSON *tools, const char *list)
{
    for (int i = 0; i < cJSON_GetArraySize(tools); i++) {
        char index[24];
        snprintf(index, sizeof index, "%d", i);
        char *at = imp_pointer_append(list, index);
        import_tool(c, cJSON_GetArrayItem(tools, i), at, NULL, NULL);
        free(at);
    }
}

/* A tools/list result ({"tools": [...]}, bare or in its JSON-RPC
 * response), one tool or an array of them, providers' definitions, or
 * else a schema. */
static void import_document(imp_ctx *c, cJSON *doc, const import_options *o)
{
    imp_form form = o->form != IMP_FORM_AUTO ? o->form : imp_detect_form(doc);
    if (form != IMP_FORM_SCHEMA && form != IMP_FORM_MCP) {
        imp_tools tools;
        if (imp_provider_tools(c, doc, o->form, &tools))
            for (size_t i = 0; i < tools.n; i++)
                import_tool(c, tools.tools[i].tool, "", tools.tools[i].input_at,
                            tools.tools[i].output_at);
        imp_tools_free(&tools);
        return;
    }
    if (form == IMP_FORM_MCP && cJSON_IsArray(doc)) {
        import_tool_list(c, doc, "");
        return;
    }
    if (!cJSON_IsObject(doc)) {
        imp_error(
            c, "",
            "a schema, MCP tools or tool definitions are JSON objects (or an array of definitions)");
        return;
    }
    cJSON *result = cJSON_GetObjectItemCaseSensitive(doc, "result");
    const char *base = "";
    if (cJSON_IsObject(result) &&
        cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(result, "tools"))) {
        doc = result;
        base = "/result";
    }
    cJSON *tools = cJSON_GetObjectItemCaseSensitive(doc, "tools");
    if (form == IMP_FORM_MCP && cJSON_IsArray(tools)) {
        char *list = xasprintf("%s/tools", base);
        import_tool_list(c, tools, list);
        free(list);
    } else if (form == IMP_FORM_MCP) {
        import_tool(c, doc, "", NULL, NULL);
    } else {
        const cJSON *title = cJSON_GetObjectItemCaseSensitive(doc, "title");
        char *stem = file_stem(o->file);
        const char *name = o->name != NULL         ? o->name
                           : cJSON_IsString(title) ? title->valuestring
                                                   : stem;
        start_root(c, doc, "");
        if (dialect_known(c, doc, ""))
            (void)imp_map_root(c, doc, "", name);
        free(stem);
    }
}

/* The input as JSON.parse reads it (schemac/json.h's SC_PARSE_STANDARD,
 * no limit: a repeated key's last member wins), into a tree the arena
 * deletes, or NULL with the error printed. Not cJSON's parser: a cJSON
 * string ends at U+0000, so "\u0000" would read as "" and "a\u0000b" as
 * "a", and the header would accept what the input refuses; this reader
 * refuses it, at the string's JSON Pointer (no decoder accepts U+0000,
 * docs/strictness.md). */
static cJSON *parse_input(sc_arena *arena, const char *file, const char *text)
{
    sc_limits none = {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, INT_MAX};
    sc_error err;
    cJSON *doc = NULL;
    sc_arena_init(arena, NULL);
    sc_arena_set_limits(arena, &none);
    memset(&err, 0, sizeof err);
    if (sc_parse_json_ex(arena, text, strlen(text), SC_PARSE_STANDARD, &doc, &err) == 0)
        return doc;
    if (err.code == SC_ERR_NUL)
        fprintf(stderr,
                "%s: error: %s: a string or key holding U+0000 cannot be expressed in a header (a "
                "C string ends at U+0000, and no decoder accepts it)\n",
                file, err.path[0] != '\0' ? err.path : "/");
    else
        fprintf(stderr, "%s: error: not JSON (at byte %zu): %s\n", file, err.offset, err.message);
    return NULL;
}

static int write_text(const char *path, const char *text)
{
    FILE *f = path != NULL ? fopen(path, "w") : stdout;
    if (f == NULL || fputs(text, f) < 0 || (path != NULL && fclose(f) != 0)) {
        fprintf(stderr, "schemac import: cannot write %s\n", path != NULL ? path : "stdout");
        return 3;
    }
    return 0;
}

int import_command(int argc, char **argv)
{
    import_options o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(argc, argv, &o);
    if (rc != 0)
        return rc;
    char *text = read_whole_file(o.file);
    if (text == NULL) {
        fprintf(stderr, "schemac import: cannot open '%s'\n", o.file);
        return 3;
    }
    imp_ctx c;
    memset(&c, 0, sizeof c);
    c.file = o.file;
    c.loosen = o.loosen;
    c.wide_ints = o.wide_ints;
    sc_arena arena;
    cJSON *doc = parse_input(&arena, o.file, text);
    if (doc == NULL) {
        sc_arena_release(&arena);
        free(text);
        return 1;
    }
    import_document(&c, doc, &o);
    if (c.errors == 0 && c.ntypes == 0)
        imp_error(&c, "", "nothing to import");
    rc = 1;
    if (c.errors == 0) {
        const char *base = strrchr(o.file, '/');
        char *header = imp_print_header(&c, base != NULL ? base + 1 : o.file);
        rc = write_text(o.output, header);
        free(header);
    }
    imp_free(&c);
    sc_arena_release(&arena); /* doc's tree with it */
    free(text);
    return rc;
}
