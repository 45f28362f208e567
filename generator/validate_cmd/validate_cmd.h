/* schemac validate: JSON documents against a JSON Schema known only when
 * the command runs, with libschemac-validate (docs/validate.md, "Command
 * line"). */
#ifndef SCHEMAC_GENERATOR_VALIDATE_CMD_H
#define SCHEMAC_GENERATOR_VALIDATE_CMD_H

/* `schemac validate [OPTIONS] FILE...`: argv[0] is "validate". The exit
 * status: 0 every document (or with --metaschema every schema) is valid,
 * 1 one is not or is not JSON, 2 a usage error or a schema that does not
 * compile. */
int validate_command(int argc, char **argv);

/* The lines `schemac --help` adds for the command. */
extern const char validate_usage[];

#endif /* SCHEMAC_GENERATOR_VALIDATE_CMD_H */
