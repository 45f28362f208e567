/* schemac: the command line. `schemac import` and `schemac validate` are
 * commands of their own; anything else is a run on a header
 * (cli/generate.c), whose state main creates and frees. */
#include <string.h>

#include "cli/generate.h"
#include "import/import.h"
#include "validate_cmd/validate_cmd.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "import") == 0)
        return import_command(argc - 1, argv + 1); /* docs/import.md */
    if (argc > 1 && strcmp(argv[1], "validate") == 0)
        return validate_command(argc - 1, argv + 1); /* docs/validate.md */
    generator g = {0};
    int rc = generate_main(&g, argc, argv);
    generator_free(&g);
    return rc;
}
