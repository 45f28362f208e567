/* schemac generator: flags from compile_commands.json (see compdb.h). */
#define _XOPEN_SOURCE 700
#include "cli/compdb.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cflags.h"
#include "util/strbuf.h"

static char *take(CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = xstrdup(c != NULL ? c : "");
    clang_disposeString(s);
    return copy;
}

static void append(char ***args, int *nargs, char *arg)
{
    *args = xrealloc(*args, (size_t)(*nargs + 1) * sizeof **args);
    (*args)[(*nargs)++] = arg;
}

/* The flag, with a relative path value made absolute against dir. */
static char *absolute_flag(const char *flag, int value_at, const char *dir)
{
    const char *value = flag + value_at;
    if (value[0] == '/' || value[0] == '\0')
        return xstrdup(flag);
    return xasprintf("%.*s%s/%s", value_at, flag, dir, value);
}

static void take_command(CXCompileCommand cmd, char ***args, int *nargs)
{
    char *dir = take(clang_CompileCommand_getDirectory(cmd));
    char *source = take(clang_CompileCommand_getFilename(cmd));
    int argc = (int)clang_CompileCommand_getNumArgs(cmd);
    const char **argv = xcalloc((size_t)argc + 1, sizeof *argv);
    char **owned = xcalloc((size_t)argc + 1, sizeof *owned);
    for (int i = 0; i < argc; i++)
        argv[i] = owned[i] = take(clang_CompileCommand_getArg(cmd, (unsigned)i));
    /* argv[0] is the compiler; the inputs (the source among them) are not
     * flags and are skipped with everything after "--". */
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0;) {
        int span = 1;
        cflag_use use = cflag_classify(argc, argv, i, true, &span);
        if (use == CFLAG_PASS) {
            int value_at = 0;
            bool path = cflag_takes_path(argv[i], &value_at);
            if (span == 2) {
                append(args, nargs, xstrdup(argv[i]));
                append(args, nargs,
                       path ? absolute_flag(argv[i + 1], 0, dir) : xstrdup(argv[i + 1]));
            } else {
                append(args, nargs,
                       path ? absolute_flag(argv[i], value_at, dir) : xstrdup(argv[i]));
            }
        }
        i += span;
    }
    for (int i = 0; i < argc; i++)
        free(owned[i]);
    free(owned);
    free(argv);
    free(source);
    free(dir);
}

int compdb_flags(const char *db_dir, const char *file, char ***args, int *nargs)
{
    char resolved[PATH_MAX];
    if (realpath(file, resolved) == NULL) {
        fprintf(stderr, "schemac: error: cannot open '%s': %s\n", file, strerror(errno));
        return -1;
    }
    CXCompilationDatabase_Error err = CXCompilationDatabase_NoError;
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(db_dir, &err);
    if (err != CXCompilationDatabase_NoError || db == NULL) {
        fprintf(stderr, "schemac: error: cannot load '%s/compile_commands.json'\n", db_dir);
        if (db != NULL)
            clang_CompilationDatabase_dispose(db);
        return -1;
    }
    CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, resolved);
    int rc = 0;
    if (cmds == NULL || clang_CompileCommands_getSize(cmds) == 0) {
        fprintf(
            stderr,
            "schemac: error: '%s/compile_commands.json' has no compile command for '%s'; name a source "
            "file that includes it with --flags-from\n",
            db_dir, file);
        rc = -1;
    } else {
        /* A file compiled more than once: its first command, as clangd does. */
        take_command(clang_CompileCommands_getCommand(cmds, 0), args, nargs);
    }
    if (cmds != NULL)
        clang_CompileCommands_dispose(cmds);
    clang_CompilationDatabase_dispose(db);
    return rc;
}
