/* schemac import: a JSON Schema (draft 2020-12 or draft-07) or MCP tool
 * definitions become an annotated header (docs/import.md). */
#ifndef SCHEMAC_GENERATOR_IMPORT_H
#define SCHEMAC_GENERATOR_IMPORT_H

/* `schemac import [OPTIONS] FILE`: argv[0] is "import". The exit status:
 * 0 written, 1 the input cannot be said in a header (errors on stderr),
 * 2 a usage error, 3 the input could not be read or the output written. */
int import_command(int argc, char **argv);

/* The lines `schemac --help` adds for the command. */
extern const char import_usage[];

#endif /* SCHEMAC_GENERATOR_IMPORT_H */
