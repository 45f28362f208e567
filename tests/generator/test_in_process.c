/* The generator as a library: golden cases run one after another in one
 * process, each through generate_main with a fresh generator as main.c
 * makes it, each compared with its NAME.expected exactly as golden.py
 * compares what the schemac command printed. A run that kept anything of
 * the one before (a diagnostic already printed and so not printed again,
 * -Werror, the dialect losses counted, a constant expression, a schema
 * text cached by a struct's address) prints something else. First, the
 * stages alone: parse_header, resolve_model and check_model on two
 * headers with two diag_states, counted.
 *
 * usage: test_in_process ONE_ERROR.h TWO_WARNINGS.h CASE.h...  (cases
 * whose command lines have no quotes) */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup, fileno */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/check.h"
#include "cli/generate.h"
#include "cli/outputs.h"
#include "model/model.h"
#include "parse/parse.h"
#include "resolve/resolve.h"
#include "util/strbuf.h"

static int failures;

static char *slurp(FILE *f)
{
    strbuf sb;
    sb_init(&sb);
    char buf[4096];
    size_t n;
    rewind(f);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sb_putn(&sb, buf, n);
    return sb_take(&sb);
}

/* Every occurrence of from in text replaced by to (golden.py: the output
 * folder shows as OUT). */
static char *replace_all(const char *text, const char *from, const char *to)
{
    strbuf sb;
    sb_init(&sb);
    for (const char *p = text; *p != '\0';) {
        const char *hit = strstr(p, from);
        if (hit == NULL) {
            sb_puts(&sb, p);
            break;
        }
        sb_putn(&sb, p, (size_t)(hit - p));
        sb_puts(&sb, to);
        p = hit + strlen(from);
    }
    return sb_take(&sb);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* The generated C in dir, file by file in name order, as golden.py shows it. */
static void put_generated(strbuf *sb, const char *dir)
{
    char *names[64];
    size_t n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL)
        if ((ends_with(e->d_name, ".schemac.h") || ends_with(e->d_name, ".schemac.c")) && n < 64)
            names[n++] = xstrdup(e->d_name);
    if (d != NULL)
        closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char *path = path_join(dir, names[i]);
        char *text = read_whole_file(path);
        sb_printf(sb, "--- file %s\n%s", names[i], text != NULL ? text : "");
        free(text);
        remove(path);
        free(path);
        free(names[i]);
    }
}

/* Runs the case at path (its folder the working directory, as golden.py
 * runs it) and compares the transcript with NAME.expected. */
static void run_case(const char *path)
{
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    const char *name = slash != NULL ? slash + 1 : path;
    if (slash != NULL)
        *slash = '\0';
    char *text = read_whole_file(path);
    char *expected_path = xasprintf("%.*s.expected", (int)(strlen(path) - 2), path);
    char *expected = read_whole_file(expected_path);
    if (text == NULL || expected == NULL || strncmp(text, "/* schemac:", 11) != 0) {
        printf("FAIL %s: no case or no %s\n", path, expected_path);
        failures++;
        return;
    }
    /* the command line: words up to the comment's end */
    char *line = xstrndup(text + 11, strcspn(text + 11, "\n"));
    *strstr(line, "*/") = '\0';
    char tmp[] = "/tmp/schemac-in-process-XXXXXX";
    if (mkdtemp(tmp) == NULL) {
        perror("mkdtemp");
        exit(2);
    }
    char *argv[32] = {"schemac"};
    int argc = 1;
    bool has_header = false;
    strbuf shown;
    sb_init(&shown);
    sb_puts(&shown, "$ schemac");
    for (char *w = strtok(line, " \t"); w != NULL && argc < 30; w = strtok(NULL, " \t")) {
        sb_printf(&shown, " %s", w);
        has_header |= ends_with(w, ".h");
        bool is_out = strcmp(w, "OUT") == 0 && strcmp(argv[argc - 1], "-o") == 0;
        argv[argc++] = is_out ? tmp : w;
    }
    if (!has_header) {
        argv[argc++] = (char *)name;
        sb_printf(&shown, " %s", name);
    }
    sb_putc(&shown, '\n');

    /* stdout and stderr into files for the run */
    FILE *out = tmpfile(), *err = tmpfile();
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(STDOUT_FILENO), saved_err = dup(STDERR_FILENO);
    dup2(fileno(out), STDOUT_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    char *cwd = getcwd(NULL, 0);
    if (chdir(dir) != 0)
        perror(dir);
    generator g = {0};
    int rc = generate_main(&g, argc, argv);
    generator_free(&g);
    if (chdir(cwd) != 0)
        perror(cwd);
    free(cwd);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, STDOUT_FILENO);
    dup2(saved_err, STDERR_FILENO);
    close(saved_out);
    close(saved_err);

    char *printed = slurp(out), *said = slurp(err);
    char *said_out = replace_all(said, tmp, "OUT");
    sb_printf(&shown, "%s--- stderr\n%s--- exit %d\n", printed, said_out, rc);
    put_generated(&shown, tmp);
    rmdir(tmp);
    if (strcmp(shown.data, expected) != 0) {
        const char *a = shown.data, *b = expected;
        unsigned lineno = 1;
        for (; *a != '\0' && *a == *b; a++, b++)
            lineno += *a == '\n';
        printf("FAIL %s: differs from %s at line %u\n--- got\n%.*s\n--- expected\n%.*s\n", path,
               expected_path, lineno, (int)strcspn(a, "\n"), a, (int)strcspn(b, "\n"), b);
        failures++;
    } else {
        printf("ok   %s\n", path);
    }
    fclose(out);
    fclose(err);
    free(printed);
    free(said);
    free(said_out);
    sb_free(&shown);
    free(line);
    free(expected);
    free(expected_path);
    free(text);
    free(dir);
}

/* The stages alone, with a diag_state each, quiet (JSON records, never
 * written): what a header reports is counted in its own state only.
 * first has one error, second two warnings (mistakes/bounds_contradict.h,
 * cases/warn_bounds.h). */
static void stages_alone(const char *first, const char *second)
{
    static const char *const clang_args[] = {"-I/usr/include/cjson"};
    parse_options po = {clang_args, 1, NULL};
    const char *headers[2] = {first, second};
    diag_state states[2] = {0};
    for (int i = 0; i < 2; i++) {
        diag_state *d = &states[i];
        d->shown.format = DIAG_FORMAT_JSON; /* kept as records, not printed */
        dialect_warnings dialects = {.diag = d};
        model m = {0};
        if (parse_header(headers[i], &po, d, &m) == 0) {
            resolve_model(&m);
            check_model(d, &dialects, &m);
        }
        model_free(&m);
    }
    printf("%s: %u errors, %u warnings; %s: %u errors, %u warnings\n", first, states[0].errors,
           states[0].warnings, second, states[1].errors, states[1].warnings);
    if (states[0].errors != 1 || states[1].errors != 0 || states[1].warnings != 2 ||
        states[1].records.n != 2) {
        printf(
            "FAIL the stages alone: the first header has 1 error, the second 2 warnings and no error\n");
        failures++;
    }
    diag_forget(&states[0]);
    diag_forget(&states[1]);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_in_process ONE_ERROR.h TWO_WARNINGS.h CASE.h...\n");
        return 2;
    }
    stages_alone(argv[1], argv[2]);
    for (int i = 3; i < argc; i++)
        run_case(argv[i]);
    if (failures > 0)
        printf("%d failed\n", failures);
    return failures > 0;
}
