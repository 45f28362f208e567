/* schemac validate: the command line, the registry and the schema; each
 * file's documents are validated by report.c (docs/validate.md, "Command
 * line"). */
#include "validate_cmd/validate_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/json.h"
#include "validate_cmd/validate_cmd_internal.h"

const char validate_usage[] =
    "schemac validate -s SCHEMA [OPTIONS] FILE...\n"
    "schemac validate --metaschema [OPTIONS] SCHEMA...\n"
    "  Validates each FILE, a JSON document (-: standard input) or JSON Lines\n"
    "  (.jsonl: one document a line), against the JSON Schema SCHEMA (draft\n"
    "  2020-12 or draft-07), or with --metaschema each SCHEMA against its\n"
    "  metaschema (docs/validate.md). Exit status: 0 all valid, 1 one is not\n"
    "  (or is not JSON), 2 a usage error or a schema that does not compile.\n"
    "  Its options:\n"
    "  -s, --schema SCHEMA    the schema, checked against its metaschema first\n"
    "  -r, --remote PREFIX=DIR\n"
    "                         a \"$ref\" to PREFIX followed by a path finds the file\n"
    "                         at that path under DIR (no network; repeatable)\n"
    "  --output text|basic    text (the default): each error on a line,\n"
    "                         FILE[:LINE]: POINTER: MESSAGE [KEYWORD_LOCATION], and\n"
    "                         FILE[:LINE]: valid; basic: each document's result\n"
    "                         as one line of the 2020-12 basic output format\n"
    "  --formats assert|annotate|standard\n"
    "                         \"format\" asserts (the default), is an annotation,\n"
    "                         or does what the schema's dialect says\n"
    "  --strict-json          read documents with the generated decoders' I-JSON\n"
    "                         rules (a duplicate key, an integer beyond 2^53 are\n"
    "                         errors); by default they are read as JSON.parse does\n"
    "  -q, --quiet            text output: no line for a valid document\n"
    "  --metaschema           check schemas themselves: each FILE is a schema\n";

typedef struct vcmd_options {
    const char *schema;
    const char **remotes; /* PREFIX=DIR, as given */
    int nremotes;
    const char **files;
    int nfiles;
    vcmd_output output;
    int formats;
    bool quiet;
    bool metaschema;
    bool strict_json;
} vcmd_options;

static int usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "schemac validate: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'schemac validate --help'.\n");
    return VCMD_USAGE;
}

/* "--output basic" or "--output=basic": the value, else NULL. */
static const char *value_of(int argc, char **argv, int *i, const char *name)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) == 0 && a[n] == '=')
        return a + n + 1;
    if (strcmp(a, name) != 0)
        return NULL;
    if (*i + 1 == argc) {
        usage("%s needs a value", name);
        exit(VCMD_USAGE);
    }
    return argv[++*i];
}

static int parse_args(int argc, char **argv, vcmd_options *o)
{
    const char *v;

    o->remotes = calloc((size_t)argc, sizeof *o->remotes);
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (o->remotes == NULL || o->files == NULL) {
        fputs("schemac validate: out of memory\n", stderr);
        return VCMD_USAGE;
    }
    o->formats = SC_SCHEMA_FORMATS_ASSERT;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(validate_usage, stdout);
            exit(0);
        } else if ((v = value_of(argc, argv, &i, "-s")) != NULL ||
                   (v = value_of(argc, argv, &i, "--schema")) != NULL) {
            if (o->schema != NULL)
                return usage("%s", "one schema at a time (-s given twice)");
            o->schema = v;
        } else if ((v = value_of(argc, argv, &i, "-r")) != NULL ||
                   (v = value_of(argc, argv, &i, "--remote")) != NULL) {
            const char *eq = strchr(v, '=');
            if (eq == NULL || eq == v || eq[1] == '\0')
                return usage("-r needs PREFIX=DIR, not '%s'", v);
            o->remotes[o->nremotes++] = v;
        } else if ((v = value_of(argc, argv, &i, "--output")) != NULL) {
            if (strcmp(v, "text") == 0)
                o->output = VCMD_OUTPUT_TEXT;
            else if (strcmp(v, "basic") == 0)
                o->output = VCMD_OUTPUT_BASIC;
            else
                return usage("--output is text or basic, not '%s'", v);
        } else if ((v = value_of(argc, argv, &i, "--formats")) != NULL) {
            if (strcmp(v, "assert") == 0)
                o->formats = SC_SCHEMA_FORMATS_ASSERT;
            else if (strcmp(v, "annotate") == 0)
                o->formats = SC_SCHEMA_FORMATS_ANNOTATE;
            else if (strcmp(v, "standard") == 0)
                o->formats = SC_SCHEMA_FORMATS_STANDARD;
            else
                return usage("--formats is assert, annotate or standard, not '%s'", v);
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            o->quiet = true;
        } else if (strcmp(a, "--metaschema") == 0) {
            o->metaschema = true;
        } else if (strcmp(a, "--strict-json") == 0) {
            o->strict_json = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage("unknown option '%s'", a);
        } else {
            o->files[o->nfiles++] = a;
        }
    }
    if (o->metaschema && o->schema != NULL)
        return usage("%s",
                     "--metaschema checks the schemas given as files; -s has no place with it");
    if (!o->metaschema && o->schema == NULL)
        return usage("%s", "no schema given (-s SCHEMA)");
    if (o->nfiles == 0)
        return usage("%s", o->metaschema ? "no schema to check given" : "no document given");
    return 0;
}

/* Reads and compiles the schema at path. Returns 0, or 1 after printing
 * why: on stderr for -s (the caller makes it 2), as the schema's result on
 * stdout for --metaschema. */
static int compile(const sc_schema_registry *reg, const char *path, const vcmd_options *o,
                   sc_schema **out)
{
    sc_arena arena;
    sc_error err;
    const char *text = NULL;
    size_t len = 0;
    cJSON *root = NULL;
    char msg[1024];
    bool not_json = false;

    *out = NULL;
    sc_arena_init(&arena, NULL);
    memset(&err, 0, sizeof err);
    int rc = sc_read_file(&arena, path, &text, &len, &err);
    if (rc != 0) {
        sc_error_format_at(path, NULL, 0, &err, msg, sizeof msg);
        fprintf(stderr, "schemac validate: %s\n", msg);
        sc_arena_release(&arena);
        return VCMD_USAGE;
    }
    /* a schema as JSON reads it, whatever --strict-json says of documents:
     * its bounds may be 2^53, and schemac emits such schemas */
    rc = sc_parse_json_ex(&arena, text, len, SC_PARSE_STANDARD, &root, &err);
    if (rc != 0) {
        not_json = true;
        sc_error_format_at(path, text, len, &err, msg, sizeof msg);
    } else {
        sc_schema_options opt;
        memset(&opt, 0, sizeof opt);
        opt.formats = o->formats;
        opt.check_metaschema = true;
        rc = sc_schema_compile_cjson(reg, root, &opt, out, &err);
        if (rc != 0)
            sc_error_format_at(path, NULL, 0, &err, msg, sizeof msg);
    }
    sc_arena_release(&arena);
    if (rc == 0) {
        if (o->metaschema && o->output == VCMD_OUTPUT_TEXT && !o->quiet)
            printf("%s: valid\n", path);
        else if (o->metaschema && o->output == VCMD_OUTPUT_BASIC)
            puts("{\"valid\":true}");
        return 0;
    }
    if (!o->metaschema) {
        fprintf(stderr, "schemac validate: %s%s\n", not_json ? "not JSON: " : "", msg);
    } else if (o->output == VCMD_OUTPUT_TEXT) {
        printf("%s%s\n", not_json ? "not JSON: " : "", msg);
    } else {
        sc_schema_error e;
        sc_schema_errors errs;
        memset(&e, 0, sizeof e);
        sc_schema_errors_init(&errs, &e, 1);
        e.code = rc;
        vcmd_concat(e.instance_location, sizeof e.instance_location, "", not_json ? "" : err.path);
        vcmd_concat(e.message, sizeof e.message, not_json ? "not JSON: " : "", err.message);
        errs.count = 1;
        cJSON *res = sc_schema_output(rc, &errs, SC_SCHEMA_OUTPUT_BASIC);
        char *line = res != NULL ? cJSON_PrintUnformatted(res) : NULL;
        if (line != NULL)
            puts(line);
        cJSON_free(line);
        cJSON_Delete(res);
    }
    return VCMD_INVALID;
}

static int run(const vcmd_options *o, sc_schema_registry *reg)
{
    int status = VCMD_VALID;
    sc_schema *schema = NULL;

    for (int i = 0; i < o->nremotes; i++) {
        const char *eq = strchr(o->remotes[i], '=');
        size_t n = (size_t)(eq - o->remotes[i]);
        char *prefix = malloc(n + 1);
        if (prefix == NULL)
            return VCMD_USAGE;
        memcpy(prefix, o->remotes[i], n);
        prefix[n] = '\0';
        int rc = vcmd_add_remotes(reg, prefix, eq + 1);
        free(prefix);
        if (rc != 0)
            return VCMD_USAGE;
    }
    if (o->metaschema) {
        for (int i = 0; i < o->nfiles; i++) {
            int rc = compile(reg, o->files[i], o, &schema);
            sc_schema_free(schema);
            if (rc > status)
                status = rc;
        }
        return status;
    }
    if (compile(reg, o->schema, o, &schema) != 0)
        return VCMD_USAGE;
    for (int i = 0; i < o->nfiles; i++) {
        int rc = vcmd_validate_file(schema, o->files[i], o->output, o->quiet, o->strict_json);
        if (rc > status)
            status = rc;
    }
    sc_schema_free(schema);
    return status;
}

int validate_command(int argc, char **argv)
{
    vcmd_options o;
    memset(&o, 0, sizeof o);
    int status = parse_args(argc, argv, &o);
    if (status == 0) {
        sc_schema_registry *reg = sc_schema_registry_new();
        if (reg == NULL) {
            fputs("schemac validate: out of memory\n", stderr);
            status = VCMD_USAGE;
        } else {
            status = run(&o, reg);
            sc_schema_registry_free(reg);
        }
    }
    fflush(stdout);
    free(o.remotes);
    free(o.files);
    return status;
}
