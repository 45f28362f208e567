/* schemac generator: compiler flags, taken the way clang tools take them.
 *
 * schemac is given the flags the compiler gets ($(CFLAGS), a compile
 * command from compile_commands.json). Those that change how the header
 * parses or lays out (-I, -D, -std, --target, -m32, -funsigned-char, ...)
 * go to clang; those that cannot (-O2, -g, -Wall, -fPIC, -c, -pipe, ...)
 * are dropped without an error. */
#ifndef SCHEMAC_GENERATOR_CFLAGS_H
#define SCHEMAC_GENERATOR_CFLAGS_H

#include <stdbool.h>

typedef enum cflag_use {
    CFLAG_UNKNOWN, /* not a compiler flag schemac knows */
    CFLAG_PASS,    /* clang gets it */
    CFLAG_DROP,    /* irrelevant to parsing: ignored */
} cflag_use;

/* Classifies argv[i]. *span is set to the number of arguments the flag
 * takes up (2 when its value is the next argument). A flag whose value is
 * missing is CFLAG_UNKNOWN. from_compile_command: argv is a compile
 * command, whose -o FILE belongs to the compiler (on schemac's command
 * line -o, -MD and -MF are schemac's own, matched before this). */
cflag_use cflag_classify(int argc, const char *const *argv, int i, bool from_compile_command,
                         int *span);

/* True for the flags whose value is a path (-I DIR, -include FILE, ...),
 * which a compile command gives relative to its directory. value_at is the
 * offset of the value inside the flag ("-Ifoo": 2; "-I": its length, the
 * value being the next argument). */
bool cflag_takes_path(const char *flag, int *value_at);

#endif /* SCHEMAC_GENERATOR_CFLAGS_H */
