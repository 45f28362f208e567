/* Validates the JSON given as argument against a schema compiled at run
 * time, and prints "valid" or one line per error. */
#include <stdio.h>
#include <string.h>

#include <schemac/validate.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    const char *schema_text =
        "{\"type\": \"object\", \"required\": [\"city\"],"
        " \"properties\": {\"city\": {\"type\": \"string\", \"minLength\": 1},"
        " \"days\": {\"type\": \"integer\", \"maximum\": 16}}}";
    sc_schema *schema;
    sc_error err;
    if (sc_schema_compile(NULL, schema_text, strlen(schema_text), NULL, &schema, &err) != 0) {
        printf("schema %s: %s\n", err.path, err.message);
        return 2;
    }
    sc_schema_error items[4];
    sc_schema_errors errors;
    sc_schema_errors_init(&errors, items, 4);
    int rc = sc_schema_validate_json(schema, argv[1], strlen(argv[1]), &errors);
    for (size_t i = 0; i < errors.count; i++) {
        char line[1200];
        sc_schema_error_format(&items[i], line, sizeof line);
        printf("%s\n", line);
    }
    if (rc == 0)
        printf("valid\n");
    sc_schema_free(schema);
    return rc == 0 ? 0 : 1;
}
