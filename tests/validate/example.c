/* tests/validate/example.c */
#include <stdio.h>
#include <string.h>

#include <schemac/validate.h>

int main(void)
{
    /* a tool's inputSchema, as another MCP server sent it */
    const char *schema_text =
        "{\"type\": \"object\", \"required\": [\"city\"],"
        " \"properties\": {\"city\": {\"type\": \"string\", \"minLength\": 1},"
        "                  \"days\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 16}},"
        " \"additionalProperties\": false}";
    sc_schema *schema;
    sc_error err;
    if (sc_schema_compile(NULL, schema_text, strlen(schema_text), NULL, &schema, &err) != 0) {
        fprintf(stderr, "schema%s: %s\n", err.path, err.message);
        return 2;
    }

    const char *arguments = "{\"city\": \"\", \"days\": 30, \"units\": \"metric\"}";
    sc_schema_error items[8];
    sc_schema_errors errors;
    sc_schema_errors_init(&errors, items, 8);
    int rc = sc_schema_validate_json(schema, arguments, strlen(arguments), &errors);
    for (size_t i = 0; i < errors.count; i++) {
        char line[1024];
        sc_schema_error_format(&items[i], line, sizeof line);
        printf("%s\n", line);
    }
    sc_schema_free(schema); /* after every thread that validates with it is done */
    return rc == 0 ? 0 : 1;
}
