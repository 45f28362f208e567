/* schemac generator: compiler flags from a compilation database
 * (compile_commands.json), read through libclang as clang-tidy reads it. */
#ifndef SCHEMAC_GENERATOR_COMPDB_H
#define SCHEMAC_GENERATOR_COMPDB_H

/* Appends to *args (grown; each string allocated) the flags that matter
 * for parsing (cflags.h) of the compile command of `file` in
 * DB_DIR/compile_commands.json, with relative paths made absolute. A
 * header with no entry of its own gets the flags of the source file
 * libclang judges closest. 0, or -1 after an error on stderr. */
int compdb_flags(const char *db_dir, const char *file, char ***args, int *nargs);

#endif /* SCHEMAC_GENERATOR_COMPDB_H */
