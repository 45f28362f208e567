/* schemac: the command line. Parses options, then parse -> check -> emit. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "diag.h"
#include "emit_c.h"
#include "emit_depfile.h"
#include "emit_dialects.h"
#include "emit_list.h"
#include "emit_schema.h"
#include "generator_config.h"
#include "model.h"
#include "parse.h"
#include "strbuf.h"

enum { EXIT_ERRORS = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

static const char usage[] =
    "Usage: schemac [OPTIONS] HEADER [-- CLANG_ARGS...]\n"
    "\n"
    "Reads HEADER, a C header whose structs are annotated with doc-comment tags\n"
    "(@schema, @tool NAME, @minimum, @pattern, ...), and writes into DIR:\n"
    "  NAME.schemac.h, NAME.schemac.c  decode, validate and encode functions\n"
    "  TYPE.schema.json                JSON Schema (draft 2020-12) of each\n"
    "                                  @schema or @tool struct\n"
    "  TYPE.openai.json, TYPE.openai-strict.json, TYPE.anthropic.json,\n"
    "  TYPE.gemini.json, TYPE.mcp.json, TYPE.xml\n"
    "                                  the provider dialects of each @tool struct\n"
    "                                  (see docs/tools.md)\n"
    "\n"
    "Options:\n"
    "  -o, --output DIR     write the outputs into DIR (default: .)\n"
    "  -I DIR, -D NAME[=V], -U NAME, -isystem DIR, -include FILE, -std=STD,\n"
    "  --target=TRIPLE      passed to clang, as your compiler gets them\n"
    "  -MD                  also write a depfile (DIR/NAME.schemac.d unless -MF)\n"
    "  -MF FILE             write the depfile to FILE\n"
    "  --print-schema       print the schemas on stdout and write nothing\n"
    "  --schema-only        write only the .schema.json files\n"
    "  --list               print a table of the tools and @schema types (members,\n"
    "                       types, defaults, constraints) on stdout and write nothing\n"
    "  --print-dialect NAME print the tools in dialect NAME on stdout (a JSON array,\n"
    "                       the value of a request's tools; xml: the <tool>s) and\n"
    "                       write nothing; NAME: openai, openai-strict, anthropic,\n"
    "                       gemini, mcp, xml\n"
    "  --resource-dir DIR   clang's resource directory (default: the one found\n"
    "                       when schemac was built; also $SCHEMAC_CLANG_RESOURCE_DIR)\n"
    "  -Werror              treat warnings as errors\n"
    "  -Werror=dialect      treat only the dialect warnings as errors (a provider\n"
    "                       cannot express a constraint of a tool)\n"
    "  -Wno-dialect=NAME    do not report what dialect NAME loses (as @acceptLoss NAME\n"
    "                       on every tool)\n"
    "  -h, --help           show this help\n"
    "  -V, --version        show the version\n"
    "\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE.\n"
    "Exit status: 0 success, 1 errors in the header or its annotations,\n"
    "2 usage error, 3 an output could not be written.\n";

typedef struct options {
    const char *header;
    const char *output_dir;
    const char *depfile;
    bool write_depfile;
    bool print_schema;
    bool schema_only;
    bool print_dialect;
    dialect dialect;
    bool list;
    const char **clang_args;
    int nclang_args;
    const char *resource_dir;
} options;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "schemac: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'schemac --help'.\n");
    return EXIT_USAGE;
}

/* Options clang takes with a separate argument. */
static bool clang_takes_argument(const char *arg)
{
    static const char *const with_value[] = {"-I", "-D", "-U", "-isystem", "-include", "-iquote", "-idirafter"};
    for (size_t i = 0; i < sizeof with_value / sizeof *with_value; i++)
        if (strcmp(arg, with_value[i]) == 0)
            return true;
    return false;
}

static bool is_clang_option(const char *arg)
{
    static const char *const prefixes[] = {"-I", "-D", "-U", "-std=", "--target=", "-isystem", "-include",
                                           "-iquote", "-idirafter", "-f", "-m", "-W"};
    if (strcmp(arg, "-Werror") == 0 || strcmp(arg, "-Werror=dialect") == 0 ||
        strncmp(arg, "-Wno-dialect=", strlen("-Wno-dialect=")) == 0)
        return false;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strncmp(arg, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

static int parse_args(int argc, char **argv, options *o)
{
    o->clang_args = xcalloc((size_t)argc, sizeof *o->clang_args);
    o->output_dir = ".";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            for (i++; i < argc; i++)
                o->clang_args[o->nclang_args++] = argv[i];
            break;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            exit(0);
        } else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
            printf("schemac %s\n", SCHEMAC_VERSION);
            exit(0);
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            if (++i == argc)
                return usage_error("%s needs a directory", a);
            o->output_dir = argv[i];
        } else if (strcmp(a, "-MD") == 0) {
            o->write_depfile = true;
        } else if (strcmp(a, "-MF") == 0) {
            if (++i == argc)
                return usage_error("%s needs a file name", a);
            o->depfile = argv[i];
            o->write_depfile = true;
        } else if (strcmp(a, "--print-schema") == 0) {
            o->print_schema = true;
        } else if (strcmp(a, "--list") == 0) {
            o->list = true;
        } else if (strcmp(a, "--schema-only") == 0) {
            o->schema_only = true;
        } else if (strcmp(a, "--print-dialect") == 0) {
            if (++i == argc)
                return usage_error("%s needs a dialect name", a);
            if (!dialect_from_name(argv[i], &o->dialect))
                return usage_error("unknown dialect '%s' (openai, openai-strict, anthropic, gemini, mcp, xml)",
                                   argv[i]);
            o->print_dialect = true;
        } else if (strcmp(a, "--resource-dir") == 0) {
            if (++i == argc)
                return usage_error("%s needs a directory", a);
            o->resource_dir = argv[i];
        } else if (strcmp(a, "-Werror") == 0) {
            diag.warnings_are_errors = true;
        } else if (strcmp(a, "-Werror=dialect") == 0) {
            dialect_warnings_are_errors = true;
        } else if (strncmp(a, "-Wno-dialect=", strlen("-Wno-dialect=")) == 0) {
            dialect d;
            if (!dialect_from_name(a + strlen("-Wno-dialect="), &d))
                return usage_error("unknown dialect in '%s' (openai, openai-strict, anthropic, gemini, mcp, xml)", a);
            dialect_warnings_silenced |= 1u << d;
        } else if (clang_takes_argument(a)) {
            if (++i == argc)
                return usage_error("%s needs a value", a);
            o->clang_args[o->nclang_args++] = a;
            o->clang_args[o->nclang_args++] = argv[i];
        } else if (is_clang_option(a)) {
            o->clang_args[o->nclang_args++] = a;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (o->header != NULL) {
            return usage_error("one header at a time; got a second one, '%s'", a);
        } else {
            o->header = a;
        }
    }
    if (o->header == NULL)
        return usage_error("%s", "no header given");
    if (o->list && (o->print_schema || o->print_dialect))
        return usage_error("%s", "--list prints on its own: not with --print-schema or --print-dialect");
    return 0;
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "schemac: error: cannot write '%s': %s\n", path, strerror(errno));
        return EXIT_IO;
    }
    size_t len = strlen(text);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        fprintf(stderr, "schemac: error: cannot write '%s': %s\n", path, strerror(errno));
        return EXIT_IO;
    }
    return 0;
}

/* "dir/url_tool.h" -> "url_tool" */
static char *header_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot != NULL && dot != base ? xstrndup(base, (size_t)(dot - base)) : xstrdup(base);
}

static char *guard_of(const char *stem)
{
    char *g = xasprintf("%s_SCHEMAC_H", stem);
    for (char *p = g; *p; p++) {
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
        else if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            *p = '_';
    }
    return g;
}

/* The dialects of each @tool struct: printed (--print-dialect) or
 * written next to its schema. When kept is not NULL the texts are left in
 * kept[i * DIALECT_COUNT + d] for the tool table (caller frees). */
static int emit_dialects(const model *m, const options *o, char **kept)
{
    int rc = 0;
    size_t tools = 0;
    if (o->print_dialect) {
        char *text = dialect_print(m, o->dialect, &tools);
        fputs(text, stdout);
        free(text);
        if (tools == 0)
            diag_warning((src_loc){m->header_path, 1, 1}, "no @tool struct has a %s file: nothing to print",
                         dialect_name(o->dialect));
        return 0;
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!s->opted_in || s->tool_name == NULL)
            continue;
        for (int d = 0; d < DIALECT_COUNT; d++) {
            char *text = dialect_text(m, s, (dialect)d);
            if (text == NULL) /* not written for this tool (@dialects, names) */
                continue;
            if (rc == 0) {
                char *path = xasprintf("%s/%s%s", o->output_dir, s->name, dialect_suffix((dialect)d));
                rc = write_file(path, text);
                free(path);
            }
            if (kept != NULL) {
                kept[i * DIALECT_COUNT + (size_t)d] = text;
                continue;
            }
            free(text);
        }
    }
    return rc;
}

static int emit_all(const model *m, const options *o)
{
    int rc = 0;
    size_t roots = 0;
    if (o->print_dialect)
        return emit_dialects(m, o, NULL);
    if (o->list) {
        char *text = list_text(m, &roots);
        fputs(text, stdout);
        free(text);
        if (roots == 0)
            diag_warning((src_loc){m->header_path, 1, 1},
                         "no struct is tagged @schema or @tool: nothing to list");
        return 0;
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!s->opted_in)
            continue;
        roots++;
        cJSON *doc = schema_document(s);
        char *text = schema_print(doc, 1);
        cJSON_Delete(doc);
        if (o->print_schema) {
            fputs(text, stdout);
        } else {
            char *path = xasprintf("%s/%s.schema.json", o->output_dir, s->name);
            if (rc == 0)
                rc = write_file(path, text);
            free(path);
        }
        free(text);
    }
    if (roots == 0)
        diag_warning((src_loc){m->header_path, 1, 1},
                     "no struct is tagged @schema or @tool: nothing to generate");
    if (o->print_schema || o->schema_only || rc != 0)
        return rc;
    char **tool_texts = xcalloc(m->nstructs * DIALECT_COUNT + 1, sizeof *tool_texts);
    rc = emit_dialects(m, o, tool_texts);
    if (rc != 0) {
        for (size_t i = 0; i < m->nstructs * DIALECT_COUNT; i++)
            free(tool_texts[i]);
        free(tool_texts);
        return rc;
    }

    char *stem = header_stem(o->header);
    const char *base = strrchr(o->header, '/');
    c_names names;
    names.include_header = base != NULL ? base + 1 : o->header;
    char *header_name = xasprintf("%s.schemac.h", stem);
    char *source_name = xasprintf("%s.schemac.c", stem);
    char *guard = guard_of(stem);
    names.header_name = header_name;
    names.source_name = source_name;
    names.guard = guard;
    names.tool_texts = tool_texts;

    char *h = emit_c_header(m, &names);
    char *c = emit_c_source(m, &names);
    char *h_path = xasprintf("%s/%s", o->output_dir, header_name);
    char *c_path = xasprintf("%s/%s", o->output_dir, source_name);
    rc = write_file(h_path, h);
    if (rc == 0)
        rc = write_file(c_path, c);
    if (rc == 0 && o->write_depfile) {
        char *dep_path = o->depfile != NULL ? xstrdup(o->depfile)
                                            : xasprintf("%s/%s.schemac.d", o->output_dir, stem);
        char *dep = emit_depfile(m, c_path);
        rc = write_file(dep_path, dep);
        free(dep);
        free(dep_path);
    }
    free(h);
    free(c);
    free(h_path);
    free(c_path);
    free(header_name);
    free(source_name);
    free(guard);
    free(stem);
    for (size_t i = 0; i < m->nstructs * DIALECT_COUNT; i++)
        free(tool_texts[i]);
    free(tool_texts);
    return rc;
}

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(argc, argv, &o);
    if (rc != 0) {
        free(o.clang_args);
        return rc;
    }

    model m;
    memset(&m, 0, sizeof m);
    parse_options po = {o.clang_args, o.nclang_args, o.resource_dir};
    if (parse_header(o.header, &po, &m) == 0) {
        check_model(&m);
        if (!diag_failed())
            rc = emit_all(&m, &o);
    }
    if (rc == 0 && diag_failed())
        rc = EXIT_ERRORS;
    model_free(&m);
    model_release_files();
    free(o.clang_args);
    return rc;
}
