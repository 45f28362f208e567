/* schemac validate: what its files share. validate_cmd.c reads the options
 * and compiles the schema, remotes.c loads the -r folders into the
 * registry, report.c reads each document and prints its result. */
#ifndef SCHEMAC_GENERATOR_VALIDATE_CMD_INTERNAL_H
#define SCHEMAC_GENERATOR_VALIDATE_CMD_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "schemac/validate.h"

enum { VCMD_VALID = 0, VCMD_INVALID = 1, VCMD_USAGE = 2 };

/* The errors listed for one document at most (text and basic output). */
#define VCMD_MAX_ERRORS 100

typedef enum vcmd_output { VCMD_OUTPUT_TEXT, VCMD_OUTPUT_BASIC } vcmd_output;

/* Adds every .json file under dir (recursively) to reg, at prefix followed
 * by its path relative to dir: "http://localhost:1234/" and
 * "remotes/tree.json" give "http://localhost:1234/tree.json". Returns 0, or
 * 2 after printing why on stderr. */
int vcmd_add_remotes(sc_schema_registry *reg, const char *prefix, const char *dir);

/* Validates each document of path (one, or one a line when path ends in
 * ".jsonl") against schema and prints each result on stdout. Documents are
 * read as JSON (SC_PARSE_STANDARD), or with strict_json as the decoders
 * read theirs (sc_parse_json). Returns 0 when every document is valid,
 * else 1. */
int vcmd_validate_file(const sc_schema *schema, const char *path, vcmd_output output, bool quiet,
                       bool strict_json);

/* dst[0..size) = a followed by b, cut to fit (size > 0). */
void vcmd_concat(char *dst, size_t size, const char *a, const char *b);

#endif /* SCHEMAC_GENERATOR_VALIDATE_CMD_INTERNAL_H */
