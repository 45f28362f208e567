/* schemac generator: the files one run writes, kept in memory until the
 * whole run has succeeded, then written only where their content changed.
 *
 * Holding everything back means a failed run (any error, -Werror=dialect
 * included) writes nothing, and an unchanged file keeps its mtime so make
 * and ninja do not rebuild what depends on it. --print-outputs lists the
 * same set, so the list and the run cannot disagree. */
#ifndef SCHEMAC_GENERATOR_OUTPUTS_H
#define SCHEMAC_GENERATOR_OUTPUTS_H

#include <stddef.h>
#include <stdio.h>

typedef struct output_file {
    char *path;
    char *text;
} output_file;

typedef struct output_set {
    output_file *files;
    size_t count;
} output_set;

/* dir + "/" + name with no doubled slash; "." as dir gives name alone. */
char *path_join(const char *dir, const char *name);

/* Adds a file to write; the set takes both strings. */
void outputs_add(output_set *set, char *path, char *text);
/* One path a line, in the order added. */
void outputs_print(const output_set *set, FILE *out);
/* Creates the missing directories and writes each file whose content
 * differs from what is on disk. 0, or -1 after a message on stderr. */
int outputs_write(const output_set *set);
void outputs_free(output_set *set);

#endif /* SCHEMAC_GENERATOR_OUTPUTS_H */
