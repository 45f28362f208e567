/* schemac generator: compiler flags (see cflags.h). The tables are written
 * here rather than taken from clang's option parser: libclang's C API does
 * not expose it, and schemac needs its own decision (parse-relevant or not)
 * that the option parser does not record. */
#include "cli/cflags.h"

#include <stddef.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof *(a))

/* Flags clang gets, whose value is joined (-Ifoo) or the next argument. */
static const char *const pass_with_value[] = {
    "-I",
    "-D",
    "-U",
    "-isystem",
    "-include",
    "-imacros",
    "-iquote",
    "-idirafter",
    "-isysroot",
    "--sysroot",
    "-iprefix",
    "-iwithprefix",
    "-iwithprefixbefore",
    "-target",
    "-x",
};
/* Of those, the ones whose value is a path. */
static const char *const path_valued[] = {
    "-I", "-isystem", "-include", "-imacros", "-iquote", "-idirafter", "-isysroot", "--sysroot",
};
/* Flags clang gets, matched by prefix: they change what the preprocessor
 * defines or how types are laid out. */
static const char *const pass_prefix[] = {
    "-std=",
    "--std=",
    "--target=",
    "--sysroot=",
    "-ansi",
    "-nostdinc",
    "-pthread",
    "-m16",
    "-m32",
    "-m64",
    "-mx32",
    "-mabi=",
    "-march=",
    "-mcpu=",
    "-mfloat-abi=",
    "-mthumb",
    "-marm",
    "-mlong-double-",
    "-malign-double",
    "-mno-align-double",
    "-funsigned-char",
    "-fno-unsigned-char",
    "-fsigned-char",
    "-fno-signed-char",
    "-fshort-enums",
    "-fno-short-enums",
    "-fshort-wchar",
    "-fno-short-wchar",
    "-fpack-struct",
    "-fms-extensions",
    "-fno-ms-extensions",
    "-fblocks",
    "-fdollars-in-identifiers",
    "-fno-dollars-in-identifiers",
    "-fopenmp",
    "-fgnu89-inline",
    "-ffreestanding",
    "-fno-builtin",
    "-fgnu-keywords",
    "-fno-gnu-keywords",
    "-fchar8_t",
    "-fno-char8_t",
    "-trigraphs",
};
/* Flags that do not change how a header parses: optimisation, debug
 * info, warnings, code generation, linking. Matched by prefix, after the
 * flags above. */
static const char *const drop_prefix[] = {
    "-O",      "-g", "-W", "-w",          "-f",         "-m",      "-pedantic", "-pipe",
    "-c",      "-S", "-v", "-s",          "-shared",    "-static", "-rdynamic", "-pie",
    "-no-pie", "-l", "-L", "-save-temps", "--coverage", "-pg",     "-Q",
};
/* Dropped flags whose value may be the next argument. */
static const char *const drop_with_value[] = {"-L",          "-l",      "-Xlinker",
                                              "-Xassembler", "-Xclang", "--param"};
/* The compiler's own depfile (schemac's -MD and -MF are options of its
 * own, matched before these), as $(CPPFLAGS) often carries -MMD -MP. */
static const char *const depfile_drop_with_value[] = {"-MF", "-MT", "-MQ"};
static const char *const depfile_drop[] = {"-M", "-MM", "-MD", "-MMD", "-MP", "-MG"};
/* Only in a compile command: the compiler's output file. */
static const char *const command_drop_with_value[] = {"-o"};

static bool has_prefix(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool in(const char *s, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(s, list[i]) == 0)
            return true;
    return false;
}

/* A flag of `list` given alone (value next: span 2) or joined (span 1),
 * as gcc takes them: -Ifoo, -isystemfoo; long flags (--sysroot) join
 * with '='. Exact matches are tried first, so "-iwithprefixbefore" is not
 * "-iwithprefix" with the value "before". */
static bool match_with_value(int argc, const char *const *argv, int i, const char *const *list,
                             size_t n, int *span, bool *missing)
{
    const char *a = argv[i];
    for (size_t k = 0; k < n; k++) {
        if (strcmp(a, list[k]) == 0) {
            *span = 2;
            *missing = i + 1 >= argc;
            return true;
        }
    }
    for (size_t k = 0; k < n; k++) {
        size_t len = strlen(list[k]);
        if (strncmp(a, list[k], len) == 0 && (list[k][1] == '-' ? a[len] == '=' : a[len] != '\0')) {
            *span = 1;
            *missing = false;
            return true;
        }
    }
    return false;
}

cflag_use cflag_classify(int argc, const char *const *argv, int i, bool from_compile_command,
                         int *span)
{
    const char *a = argv[i];
    bool missing = false;
    *span = 1;
    if (a[0] != '-' || a[1] == '\0')
        return CFLAG_UNKNOWN;
    if (from_compile_command && match_with_value(argc, argv, i, command_drop_with_value,
                                                 COUNT(command_drop_with_value), span, &missing))
        return missing ? CFLAG_UNKNOWN : CFLAG_DROP;
    if (match_with_value(argc, argv, i, depfile_drop_with_value, COUNT(depfile_drop_with_value),
                         span, &missing))
        return missing ? CFLAG_UNKNOWN : CFLAG_DROP;
    if (in(a, depfile_drop, COUNT(depfile_drop)))
        return CFLAG_DROP;
    if (match_with_value(argc, argv, i, pass_with_value, COUNT(pass_with_value), span, &missing))
        return missing ? CFLAG_UNKNOWN : CFLAG_PASS;
    for (size_t k = 0; k < COUNT(pass_prefix); k++)
        if (has_prefix(a, pass_prefix[k]))
            return CFLAG_PASS;
    if (in(a, drop_with_value, COUNT(drop_with_value))) {
        *span = 2;
        return i + 1 < argc ? CFLAG_DROP : CFLAG_UNKNOWN;
    }
    for (size_t k = 0; k < COUNT(drop_prefix); k++)
        if (has_prefix(a, drop_prefix[k]))
            return CFLAG_DROP;
    return CFLAG_UNKNOWN;
}

bool cflag_takes_path(const char *flag, int *value_at)
{
    for (size_t k = 0; k < COUNT(path_valued); k++) {
        size_t len = strlen(path_valued[k]);
        if (strncmp(flag, path_valued[k], len) != 0)
            continue;
        bool is_long = path_valued[k][1] == '-';
        if (flag[len] == '\0') {
            *value_at = (int)len;
            return true;
        }
        if (!is_long || flag[len] == '=') {
            *value_at = (int)len + (is_long ? 1 : 0);
            return true;
        }
    }
    return false;
}
