/* schemac: the command line of a run on one header. Parses options, then
 * parse -> check -> emit, with the run's state in a generator. */
#include "cli/generate.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check/check.h"
#include "cli/cflags.h"
#include "cli/compdb.h"
#include "cli/outputs.h"
#include "compat/baseline.h"
#include "compat/compat.h"
#include "emit/c/emit_c.h"
#include "emit/emit_depfile.h"
#include "emit/emit_list.h"
#include "emit/json/emit_dialects.h"
#include "generator_config.h"
#include "import/import.h"
#include "model/model.h"
#include "parse/parse.h"
#include "resolve/resolve.h"
#include "util/strbuf.h"
#include "validate_cmd/validate_cmd.h"

enum { EXIT_ERRORS = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

void generator_free(generator *g)
{
    diag_forget(&g->diag);
    schema_texts_free(&g->schemas);
    memset(g, 0, sizeof *g);
}

static const char usage[] =
    "Usage: schemac [OPTIONS] HEADER [-- CLANG_ARGS...]\n"
    "       schemac import [OPTIONS] FILE  (a JSON Schema or MCP tools to a header;\n"
    "                                       schemac import --help)\n"
    "       schemac validate -s SCHEMA [OPTIONS] FILE...  (JSON documents against\n"
    "                                       a JSON Schema; schemac validate --help)\n"
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
    "  -o, --output DIR     write the outputs into DIR, created if missing (default: .)\n"
    "  -I DIR, -D NAME[=V], -U NAME, -isystem DIR, -include FILE, -std=STD,\n"
    "  --target=TRIPLE      passed to clang, as your compiler gets them; other\n"
    "                       compiler flags that cannot change how the header\n"
    "                       parses (-O2, -g, -Wall, -fPIC, -c, -pipe, ...) are ignored\n"
    "  -p BUILD_DIR         take the compiler flags from BUILD_DIR/compile_commands.json:\n"
    "                       those of HEADER's entry, or of the closest source file\n"
    "  --compile-commands FILE\n"
    "                       the same, naming the compile_commands.json file\n"
    "  --flags-from SOURCE  with -p or --compile-commands: the flags of SOURCE's\n"
    "                       entry, a source file that includes HEADER\n"
    "  -MD                  also write a depfile (DIR/NAME.schemac.d unless -MF)\n"
    "  -MF FILE             write the depfile to FILE\n"
    "  -MT TARGET           the target the depfile names (default: the .schemac.c;\n"
    "                       a build's stamp file, see docs/build-integration.md)\n"
    "  --print-outputs      print the files this run would write, one a line (the\n"
    "                       .schemac.c first), and write nothing\n"
    "  --print-schema[=TYPE]\n"
    "                       print the schema on stdout and write nothing: the\n"
    "                       header's one, or struct TYPE's; of several, one JSON\n"
    "                       object of them by struct name\n"
    "  --schema-only        write only the .schema.json files\n"
    "  --list               print a table of the tools and @schema types (members,\n"
    "                       types, defaults, constraints) on stdout and write nothing\n"
    "  --print-dialect NAME print the tools in dialect NAME on stdout (a JSON array,\n"
    "                       the value of a request's tools; xml: the <tool>s) and\n"
    "                       write nothing; NAME: openai, openai-strict, anthropic,\n"
    "                       gemini, mcp, xml\n"
    "  --resource-dir DIR   clang's resource directory (default: the one found\n"
    "                       when schemac was built; also $SCHEMAC_CLANG_RESOURCE_DIR)\n"
    "  --optimize=size|speed\n"
    "                       no longer needed: accepted, and both give the same\n"
    "                       output (constant descriptors libschemac walks)\n"
    "  -Werror              treat warnings as errors\n"
    "  -Werror=NAME         treat warning NAME as an error (see Warnings below)\n"
    "  -Wno-error=NAME      keep warning NAME a warning under -Werror\n"
    "  -Wno-NAME            do not report warning NAME (-WNAME: report it again)\n"
    "  -Wdialect=NAME       report each constraint dialect NAME cannot express: a\n"
    "                       dialect you send tools in (-Wdialect: every dialect;\n"
    "                       a tool's @dialects are reported too; others are\n"
    "                       summed up in one note)\n"
    "  -Wno-dialect=NAME    do not report what dialect NAME loses (as @acceptLoss NAME\n"
    "                       on every tool)\n";
/* The compatibility check's options (docs/compat.md); a string of their
 * own, as one literal may hold only 4095 characters in C. */
static const char usage_compat[] =
    "  --write-baseline DIR write the baseline into DIR (one TYPE.schema.json per\n"
    "                       @schema or @tool struct, one TYPE.tool.json per tool;\n"
    "                       files of types gone are removed) and nothing else\n"
    "  --compat DIR         check the header against the baseline in DIR: a change\n"
    "                       that breaks a document's sender or receiver is an error\n"
    "                       with a witness document (docs/compat.md); writes nothing\n"
    "  --compat-level LEVEL check also backward (old documents stay valid), forward\n"
    "                       (new documents were valid) or full (both) for every type,\n"
    "                       beyond what its direction asks\n"
    "  --compat-verbose     with --compat, list compatible changes too\n"
    "  --compat-stamp FILE  with --compat, touch FILE when the check passes, and\n"
    "                       with -MD list the baseline in the depfile: a build\n"
    "                       step's output (docs/build-integration.md)\n"
    "  -Wno-compat=RULE     with --compat, accept the changes of RULE (all: every\n"
    "                       rule), as @acceptBreak RULE on every type\n";
/* The diagnostics' options. */
static const char usage_diagnostics[] =
    "  -fdiagnostics-color[=WHEN], -fno-diagnostics-color\n"
    "                       colour diagnostics as clang does: WHEN is auto (the\n"
    "                       default: on a terminal), always or never\n"
    "  -fdiagnostics-format=FORMAT\n"
    "                       text (the default), json (gcc's layout: one array of\n"
    "                       diagnostics) or sarif (a SARIF 2.1.0 log), on stderr\n"
    "  --diagnostics-file FILE\n"
    "                       write the json or sarif diagnostics into FILE instead,\n"
    "                       even when the run has errors\n"
    "  -fdiagnostics-parseable-fixits\n"
    "                       after a diagnostic with an obvious fix, print it as\n"
    "                       clang does: fix-it:\"FILE\":{L:C-L:C}:\"TEXT\"\n"
    "  -h, --help           show this help\n"
    "  -V, --version        show the version\n";

static const char usage_end[] =
    "\n"
    "A file whose content is unchanged is not rewritten (its mtime stays), and a\n"
    "run with errors writes nothing.\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE, a warning's with\n"
    "its name: FILE:LINE:COL: warning: MESSAGE [-WNAME].\n"
    "Exit status: 0 success, 1 errors in the header or its annotations,\n"
    "2 usage error, 3 an output (or --diagnostics-file) could not be written.\n";

/* --help: the options, the warnings by name from the one table of them
 * (docs/schemac.1 lists the same; tests/generator/man_matches_help.py compares). */
static void print_help(void)
{
    fputs(usage, stdout);
    fputs(usage_compat, stdout);
    fputs(usage_diagnostics, stdout);
    fputs("\nWarnings (each on by default; -Wno-NAME, -Werror=NAME):\n", stdout);
    for (int w = 0; w < WARNING_COUNT; w++)
        printf("  %-20s %s\n", warning_table[w].name, warning_table[w].controls);
    fputs(usage_end, stdout);
    putchar('\n');
    fputs(import_usage, stdout);
    putchar('\n');
    fputs(validate_usage, stdout);
}

typedef struct options {
    const char *header;
    const char *output_dir;
    const char *depfile;
    const char *depfile_target; /* -MT; NULL: the .schemac.c */
    bool write_depfile;
    bool print_schema;
    const char *print_schema_type; /* --print-schema=TYPE, or NULL: every one */
    bool schema_only;
    bool print_dialect;
    dialect dialect;
    bool list;
    bool print_outputs;
    const char *compile_db_dir; /* -p or --compile-commands */
    char *compile_db_dir_owned;
    const char *flags_from;
    const char **clang_args;
    int nclang_args;
    const char *resource_dir;
    diag_format diag_format;
    diag_color diag_color;
    bool parseable_fixits;
    const char *diagnostics_file;
    /* --write-baseline, --compat (docs/compat.md) */
    const char *write_baseline;
    compat_options compat;
    const char *compat_stamp;
} options;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "schemac: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'schemac --help'.\n");
    return EXIT_USAGE;
}

/* libclang loads a compilation database by directory, so the file must
 * have the standard name. */
static int set_compile_commands_file(options *o, const char *file)
{
    const char *slash = strrchr(file, '/');
    const char *base = slash != NULL ? slash + 1 : file;
    if (strcmp(base, "compile_commands.json") != 0)
        return usage_error("--compile-commands needs a file named compile_commands.json, not '%s'",
                           file);
    free(o->compile_db_dir_owned);
    o->compile_db_dir_owned = slash == NULL ? xstrdup(".") : xstrndup(file, (size_t)(slash - file));
    if (o->compile_db_dir_owned[0] == '\0') {
        free(o->compile_db_dir_owned);
        o->compile_db_dir_owned = xstrdup("/");
    }
    o->compile_db_dir = o->compile_db_dir_owned;
    return 0;
}

/* The options of --write-baseline and --compat, at argv[*i]. */
static int parse_compat_arg(int argc, char **argv, int *i, options *o)
{
    const char *a = argv[*i];
    if (strcmp(a, "--compat-verbose") == 0) {
        o->compat.verbose = true;
        return 0;
    }
    if (strncmp(a, "-Wno-compat=", strlen("-Wno-compat=")) == 0) {
        const char *rule = a + strlen("-Wno-compat=");
        if (strcmp(rule, "all") != 0 && !compat_rule_known(rule)) {
            char *msg =
                xasprintf("unknown rule in '%s'; the rules: all, %s", a, compat_rule_list());
            int rc = usage_error("%s", msg);
            free(msg);
            return rc;
        }
        o->compat.accepted =
            xrealloc(o->compat.accepted, (o->compat.naccepted + 1) * sizeof *o->compat.accepted);
        o->compat.accepted[o->compat.naccepted++] = rule;
        return 0;
    }
    if (++*i == argc)
        return usage_error("%s needs a value", a);
    const char *v = argv[*i];
    if (strcmp(a, "--write-baseline") == 0) {
        o->write_baseline = v;
    } else if (strcmp(a, "--compat") == 0) {
        o->compat.baseline_dir = v;
    } else if (strcmp(a, "--compat-stamp") == 0) {
        o->compat_stamp = v;
    } else if (strcmp(v, "backward") == 0) {
        o->compat.level = COMPAT_BACKWARD;
    } else if (strcmp(v, "forward") == 0) {
        o->compat.level = COMPAT_FORWARD;
    } else if (strcmp(v, "full") == 0) {
        o->compat.level = COMPAT_FULL;
    } else {
        return usage_error("--compat-level takes backward, forward or full, not '%s'", v);
    }
    return 0;
}

static int parse_args(generator *g, int argc, char **argv, options *o)
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
            print_help();
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
        } else if (strcmp(a, "-MT") == 0) {
            if (++i == argc)
                return usage_error("%s needs a target name", a);
            o->depfile_target = argv[i];
        } else if (strcmp(a, "--print-schema") == 0) {
            o->print_schema = true;
        } else if (strncmp(a, "--print-schema=", strlen("--print-schema=")) == 0) {
            o->print_schema = true;
            o->print_schema_type = a + strlen("--print-schema=");
        } else if (strcmp(a, "--list") == 0) {
            o->list = true;
        } else if (strcmp(a, "--schema-only") == 0) {
            o->schema_only = true;
        } else if (strcmp(a, "--print-dialect") == 0) {
            if (++i == argc)
                return usage_error("%s needs a dialect name", a);
            if (!dialect_from_name(argv[i], &o->dialect))
                return usage_error(
                    "unknown dialect '%s' (openai, openai-strict, anthropic, gemini, mcp, xml)",
                    argv[i]);
            o->print_dialect = true;
            g->dialects.targeted |= 1u << o->dialect; /* the dialect asked for is one you send */
        } else if (strcmp(a, "--resource-dir") == 0) {
            if (++i == argc)
                return usage_error("%s needs a directory", a);
            o->resource_dir = argv[i];
        } else if (strncmp(a, "--optimize=", strlen("--optimize=")) == 0) {
            const char *how = a + strlen("--optimize=");
            if (strcmp(how, "size") != 0 && strcmp(how, "speed") != 0)
                return usage_error("--optimize takes size or speed, not '%s'", how);
            /* accepted for the builds that pass it: one output since issue 31 */
        } else if (strcmp(a, "-Wdialect") == 0 || strcmp(a, "-Werror=dialect") == 0) {
            g->dialects.targeted = ~0u; /* every dialect: each loss reported */
            (void)diag_warning_option(&g->diag, a);
        } else if (strncmp(a, "-Wdialect=", strlen("-Wdialect=")) == 0) {
            dialect d;
            if (!dialect_from_name(a + strlen("-Wdialect="), &d))
                return usage_error(
                    "unknown dialect in '%s' (openai, openai-strict, anthropic, gemini, mcp, xml)",
                    a);
            g->dialects.targeted |= 1u << d;
        } else if (strncmp(a, "-Wno-dialect=", strlen("-Wno-dialect=")) == 0) {
            dialect d;
            if (!dialect_from_name(a + strlen("-Wno-dialect="), &d))
                return usage_error(
                    "unknown dialect in '%s' (openai, openai-strict, anthropic, gemini, mcp, xml)",
                    a);
            g->dialects.silenced |= 1u << d;
        } else if (strcmp(a, "--write-baseline") == 0 || strcmp(a, "--compat") == 0 ||
                   strcmp(a, "--compat-level") == 0 || strcmp(a, "--compat-verbose") == 0 ||
                   strcmp(a, "--compat-stamp") == 0 ||
                   strncmp(a, "-Wno-compat=", strlen("-Wno-compat=")) == 0) {
            int rc = parse_compat_arg(argc, argv, &i, o);
            if (rc != 0)
                return rc;
        } else if (diag_warning_option(&g->diag, a)) {
            /* one of schemac's warnings; a compiler's -W flags are ignored below */
        } else if (strcmp(a, "-fdiagnostics-color") == 0 ||
                   strcmp(a, "-fdiagnostics-color=always") == 0) {
            o->diag_color = DIAG_COLOR_ALWAYS;
        } else if (strcmp(a, "-fno-diagnostics-color") == 0 ||
                   strcmp(a, "-fdiagnostics-color=never") == 0) {
            o->diag_color = DIAG_COLOR_NEVER;
        } else if (strcmp(a, "-fdiagnostics-color=auto") == 0) {
            o->diag_color = DIAG_COLOR_AUTO;
        } else if (strncmp(a, "-fdiagnostics-color=", strlen("-fdiagnostics-color=")) == 0) {
            return usage_error("'%s': the colour is auto, always or never", a);
        } else if (strncmp(a, "-fdiagnostics-format=", strlen("-fdiagnostics-format=")) == 0) {
            const char *f = a + strlen("-fdiagnostics-format=");
            if (strcmp(f, "text") == 0)
                o->diag_format = DIAG_FORMAT_TEXT;
            else if (strcmp(f, "json") == 0 || strcmp(f, "json-stderr") == 0)
                o->diag_format = DIAG_FORMAT_JSON;
            else if (strcmp(f, "sarif") == 0 || strcmp(f, "sarif-stderr") == 0)
                o->diag_format = DIAG_FORMAT_SARIF;
            else
                return usage_error("'%s': the format is text, json or sarif", a);
        } else if (strcmp(a, "--diagnostics-file") == 0) {
            if (++i == argc)
                return usage_error("%s needs a file name", a);
            o->diagnostics_file = argv[i];
        } else if (strcmp(a, "-fdiagnostics-parseable-fixits") == 0) {
            o->parseable_fixits = true;
        } else if (strcmp(a, "--print-outputs") == 0) {
            o->print_outputs = true;
        } else if (strcmp(a, "-p") == 0) {
            if (++i == argc)
                return usage_error("%s needs a build directory", a);
            o->compile_db_dir = argv[i];
        } else if (strcmp(a, "--compile-commands") == 0) {
            if (++i == argc)
                return usage_error("%s needs a file", a);
            int rc = set_compile_commands_file(o, argv[i]);
            if (rc != 0)
                return rc;
        } else if (strcmp(a, "--flags-from") == 0) {
            if (++i == argc)
                return usage_error("%s needs a source file", a);
            o->flags_from = argv[i];
        } else if (a[0] == '-' && a[1] != '\0') {
            int span = 1;
            cflag_use use = cflag_classify(argc, (const char *const *)argv, i, false, &span);
            if (use == CFLAG_UNKNOWN)
                return usage_error(i + 1 == argc ? "unknown option '%s' (or its value is missing)"
                                                 : "unknown option '%s'",
                                   a);
            for (int k = 0; use == CFLAG_PASS && k < span; k++)
                o->clang_args[o->nclang_args++] = argv[i + k];
            i += span - 1;
        } else if (o->header != NULL) {
            return usage_error("one header at a time; got a second one, '%s'", a);
        } else {
            o->header = a;
        }
    }
    if (o->header == NULL)
        return usage_error("%s", "no header given");
    if (o->list && (o->print_schema || o->print_dialect))
        return usage_error("%s",
                           "--list prints on its own: not with --print-schema or --print-dialect");
    if (o->print_outputs && (o->list || o->print_schema || o->print_dialect))
        return usage_error(
            "%s",
            "--print-outputs lists files; --list, --print-schema and --print-dialect write none");
    if (o->write_baseline != NULL && o->compat.baseline_dir != NULL)
        return usage_error(
            "%s",
            "--write-baseline or --compat, not both: write the baseline once the check passes");
    if ((o->write_baseline != NULL || o->compat.baseline_dir != NULL) &&
        (o->list || o->print_schema || o->print_dialect || o->print_outputs || o->schema_only))
        return usage_error(
            "%s", "--write-baseline and --compat run on their own: not with --list, --print-*, "
                  "--schema-only");
    if (o->compat.baseline_dir == NULL && (o->compat.verbose || o->compat.level != 0 ||
                                           o->compat.naccepted > 0 || o->compat_stamp != NULL))
        return usage_error(
            "%s", "--compat-level, --compat-verbose, --compat-stamp and -Wno-compat= go with "
                  "--compat DIR");
    if (o->flags_from != NULL && o->compile_db_dir == NULL)
        return usage_error("%s", "--flags-from needs -p BUILD_DIR or --compile-commands FILE");
    if (o->diagnostics_file != NULL && o->diag_format == DIAG_FORMAT_TEXT)
        return usage_error("%s", "--diagnostics-file needs -fdiagnostics-format=json or sarif");
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

/* An identifier: "1abc.h" gives SCHEMAC_1ABC_SCHEMAC_H, as none may start
 * with a digit. */
static char *guard_of(const char *stem)
{
    char *g = xasprintf("%s%s_SCHEMAC_H", stem[0] >= '0' && stem[0] <= '9' ? "SCHEMAC_" : "", stem);
    for (char *p = g; *p; p++) {
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
        else if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            *p = '_';
    }
    return g;
}

/* The dialects of each @tool struct: printed (--print-dialect) or added
 * to the outputs. When kept is not NULL the texts the tool table embeds
 * (compact JSON, the XML) are left in kept[i * DIALECT_COUNT + d] (the
 * caller frees). */
static void emit_dialects(generator *g, const model *m, const options *o, output_set *out,
                          char **kept)
{
    if (o->print_dialect) {
        size_t tools = 0;
        char *text = dialect_print(&g->dialects, m, o->dialect, &tools);
        fputs(text, stdout);
        free(text);
        if (tools == 0)
            diag_warn(&g->diag, W_NOTHING_TO_GENERATE, (src_loc){m->header_path, 1, 1},
                      "no @tool struct has a %s file: nothing to print", dialect_name(o->dialect));
        return;
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!s->opted_in || s->tool_name == NULL)
            continue;
        char *texts[DIALECT_COUNT], *embedded[DIALECT_COUNT];
        dialect_texts(&g->dialects, m, s, texts, embedded);
        for (int d = 0; d < DIALECT_COUNT; d++) {
            if (texts[d] == NULL) /* not written for this tool (@dialects, names) */
                continue;
            char *name = xasprintf("%s%s", s->name, dialect_suffix((dialect)d));
            outputs_add(out, path_join(o->output_dir, name), texts[d]);
            free(name);
            if (kept != NULL)
                kept[i * DIALECT_COUNT + (size_t)d] = embedded[d];
            else
                free(embedded[d]);
        }
    }
}

/* Appends text (a pretty JSON document ending in a newline) indented by
 * two spaces, as a member's value, without its last newline. */
static void put_indented(strbuf *sb, const char *text)
{
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '\n' && p[1] == '\0')
            break;
        sb_putc(sb, *p);
        if (*p == '\n')
            sb_puts(sb, "  ");
    }
}

/* The schema of each @schema or @tool struct: printed (--print-schema: one
 * document, or of several one JSON object of them by struct name, so that
 * the output is always one JSON value) or added to the outputs. */
static void emit_schemas(generator *g, const model *m, const options *o, output_set *out)
{
    const struct_def **chosen = xcalloc(m->nstructs + 1, sizeof *chosen);
    size_t roots = 0, count = 0;
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        roots += s->opted_in;
        if (s->opted_in &&
            (o->print_schema_type == NULL || strcmp(o->print_schema_type, s->name) == 0))
            chosen[count++] = s;
    }
    strbuf all;
    sb_init(&all);
    for (size_t i = 0; i < count; i++) {
        char *text = schema_pretty_text(&g->schemas, chosen[i]);
        if (!o->print_schema) {
            char *name = xasprintf("%s.schema.json", chosen[i]->name);
            outputs_add(out, path_join(o->output_dir, name), text);
            free(name);
            continue;
        }
        if (count == 1) {
            sb_puts(&all, text);
        } else {
            sb_printf(&all, "%s  \"%s\": ", i == 0 ? "{\n" : ",\n", chosen[i]->name);
            put_indented(&all, text);
        }
        free(text);
    }
    if (o->print_schema && count > 1)
        sb_puts(&all, "\n}\n");
    if (o->print_schema && all.data != NULL)
        fputs(all.data, stdout);
    sb_free(&all);
    free(chosen);
    if (roots == 0)
        diag_warn(&g->diag, W_NOTHING_TO_GENERATE, (src_loc){m->header_path, 1, 1},
                  "no struct is tagged @schema or @tool: nothing to generate");
    else if (count == 0)
        diag_error(&g->diag, (src_loc){NULL, 0, 0},
                   "--print-schema=%s: no struct of %s by that name is tagged @schema or @tool",
                   o->print_schema_type, m->header_path);
}

/* The generated C pair, the schemas, the dialects and the depfile, in
 * that order: the .schemac.c comes first because it is the target the
 * depfile names, and ninja wants that to be a rule's first output. */
static void emit_code(generator *g, const model *m, const options *o, output_set *out)
{
    output_set rest = {NULL, 0};
    emit_schemas(g, m, o, &rest);
    char **tool_texts = xcalloc(m->nstructs * DIALECT_COUNT + 1, sizeof *tool_texts);
    emit_dialects(g, m, o, &rest, tool_texts);

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
    names.schemas = &g->schemas;

    char *c_path = path_join(o->output_dir, source_name);
    outputs_add(out, c_path, emit_c_source(m, &names));
    outputs_add(out, path_join(o->output_dir, header_name), emit_c_header(m, &names));
    for (size_t i = 0; i < rest.count; i++)
        outputs_add(out, rest.files[i].path, rest.files[i].text);
    free(rest.files);
    if (o->write_depfile) {
        char *dep_name = xasprintf("%s.schemac.d", stem);
        char *dep_path =
            o->depfile != NULL ? xstrdup(o->depfile) : path_join(o->output_dir, dep_name);
        outputs_add(out, dep_path,
                    emit_depfile(m, o->depfile_target != NULL ? o->depfile_target : c_path));
        free(dep_name);
    }
    free(header_name);
    free(source_name);
    free(guard);
    free(stem);
    for (size_t i = 0; i < m->nstructs * DIALECT_COUNT; i++)
        free(tool_texts[i]);
    free(tool_texts);
}

/* --write-baseline DIR: the baseline's files, and the removal of those
 * of types the header no longer has (accepting a removal is updating the
 * baseline). */
static void emit_baseline(generator *g, const model *m, const options *o, output_set *out)
{
    baseline b;
    baseline_of_model(&g->schemas, m, &b);
    for (size_t i = 0; i < b.count; i++) {
        outputs_add(out, path_join(o->write_baseline, b.files[i].name), b.files[i].text);
        b.files[i].text = NULL;
    }
    if (b.count == 0) {
        /* an empty baseline is one: nothing published yet */
        diag_warning(&g->diag, (src_loc){m->header_path, 1, 1},
                     "no struct is tagged @schema or @tool: the baseline is empty");
        if (mkdir(o->write_baseline, 0777) != 0 && errno != EEXIST)
            diag_error(&g->diag, (src_loc){m->header_path, 1, 1}, "cannot create %s: %s",
                       o->write_baseline, strerror(errno));
    }
    DIR *d = opendir(o->write_baseline);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL)
        if (baseline_file_name(e->d_name) && baseline_text(&b, e->d_name) == NULL &&
            !diag_failed(&g->diag)) {
            char *path = path_join(o->write_baseline, e->d_name);
            if (remove(path) != 0)
                diag_error(&g->diag, (src_loc){m->header_path, 1, 1}, "cannot remove %s: %s", path,
                           strerror(errno));
            free(path);
        }
    if (d != NULL)
        closedir(d);
    baseline_free(&b); /* the texts went to out */
}

/* --compat with -MD: the check runs again when the header, anything it
 * includes or the baseline (its directory: a file added or removed) changes. */
static void emit_compat_depfile(const model *m, const options *o, output_set *out)
{
    if (!o->write_depfile)
        return;
    baseline b;
    const char **extra = NULL;
    size_t nextra = 0;
    if (baseline_read(o->compat.baseline_dir, &b) == 0) {
        extra = xcalloc(b.count + 1, sizeof *extra);
        extra[nextra++] = xstrdup(o->compat.baseline_dir);
        for (size_t i = 0; i < b.count; i++)
            extra[nextra++] = path_join(o->compat.baseline_dir, b.files[i].name);
        baseline_free(&b);
    }
    char *stem = header_stem(o->header);
    char *name = xasprintf("%s.compat.d", stem);
    char *path = o->depfile != NULL ? xstrdup(o->depfile) : path_join(o->output_dir, name);
    const char *target = o->depfile_target != NULL ? o->depfile_target
                         : o->compat_stamp != NULL ? o->compat_stamp
                                                   : path;
    outputs_add(out, path, emit_depfile_with(m, target, extra, nextra));
    for (size_t i = 0; i < nextra; i++)
        free((char *)extra[i]);
    free(extra);
    free(name);
    free(stem);
}

/* --compat-stamp: touched (rewritten, whatever it held) after a check
 * that passed, so its mtime says when the check last ran. */
static int touch_stamp(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL || fclose(f) != 0) {
        fprintf(stderr, "schemac: cannot write %s: %s\n", path, strerror(errno));
        return EXIT_IO;
    }
    return 0;
}

/* Prints what was asked for, or collects the outputs into out. */
static void emit_all(generator *g, const model *m, const options *o, output_set *out)
{
    if (o->write_baseline != NULL) {
        emit_baseline(g, m, o, out);
    } else if (o->compat.baseline_dir != NULL) {
        compat_check(&g->diag, m, &o->compat);
        emit_compat_depfile(m, o, out);
    } else if (o->print_dialect) {
        emit_dialects(g, m, o, out, NULL);
    } else if (o->list) {
        size_t roots = 0;
        char *text = list_text(m, &roots);
        fputs(text, stdout);
        free(text);
        if (roots == 0)
            diag_warn(&g->diag, W_NOTHING_TO_GENERATE, (src_loc){m->header_path, 1, 1},
                      "no struct is tagged @schema or @tool: nothing to list");
    } else if (o->print_schema || o->schema_only) {
        emit_schemas(g, m, o, out);
    } else {
        emit_code(g, m, o, out);
    }
    schema_texts_free(&g->schemas); /* keyed by the model's structs */
}

/* The clang arguments: the compilation database's flags first, so those
 * given on the command line come after them and win. */
static int gather_clang_args(const options *o, char ***db_args, int *ndb, const char ***args,
                             int *nargs)
{
    if (o->compile_db_dir != NULL &&
        compdb_flags(o->compile_db_dir, o->flags_from != NULL ? o->flags_from : o->header, db_args,
                     ndb) != 0)
        return EXIT_USAGE;
    *args = xcalloc((size_t)(*ndb + o->nclang_args) + 1, sizeof **args);
    for (int i = 0; i < *ndb; i++)
        (*args)[(*nargs)++] = (*db_args)[i];
    for (int i = 0; i < o->nclang_args; i++)
        (*args)[(*nargs)++] = o->clang_args[i];
    return 0;
}

int generate_main(generator *g, int argc, char **argv)
{
    g->dialects.diag = &g->diag;
    options o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(g, argc, argv, &o);
    diag_configure(&g->diag, o.diag_format, o.diag_color, o.parseable_fixits, o.diagnostics_file,
                   SCHEMAC_VERSION);
    char **db_args = NULL;
    int ndb = 0;
    const char **args = NULL;
    int nargs = 0;
    if (rc == 0) {
        rc = gather_clang_args(&o, &db_args, &ndb, &args, &nargs);
        if (rc != 0)
            (void)diag_finish(&g->diag); /* what the compilation database said */
    }
    if (rc != 0) {
        for (int i = 0; i < ndb; i++)
            free(db_args[i]);
        free(db_args);
        free(o.clang_args);
        free(o.compile_db_dir_owned);
        free(o.compat.accepted);
        return rc;
    }

    model m;
    memset(&m, 0, sizeof m);
    output_set out = {NULL, 0};
    parse_options po = {args, nargs, o.resource_dir};
    if (parse_header(o.header, &po, &g->diag, &m) == 0) {
        resolve_model(&m);
        check_model(&g->diag, &g->dialects, &m);
        if (!diag_failed(&g->diag))
            emit_all(g, &m, &o, &out);
        dialect_summary(&g->dialects,
                        (src_loc){NULL, 0, 0}); /* of the whole run, "schemac: note: ..." */
    }
    /* Only a run with no error writes anything (dialect warnings under
     * -Werror=dialect are errors by now). */
    if (diag_failed(&g->diag))
        rc = EXIT_ERRORS;
    else if (o.print_outputs)
        outputs_print(&out, stdout);
    else if (outputs_write(&out) != 0)
        rc = EXIT_IO;
    else if (o.compat_stamp != NULL)
        rc = touch_stamp(o.compat_stamp);
    if (diag_finish(&g->diag) != 0 && rc == 0)
        rc = EXIT_IO;
    outputs_free(&out);
    model_free(&m);
    for (int i = 0; i < ndb; i++)
        free(db_args[i]);
    free(db_args);
    free(args);
    free(o.clang_args);
    free(o.compile_db_dir_owned);
    free(o.compat.accepted);
    return rc;
}
