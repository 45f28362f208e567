/* calculate sample: decodes the tool call arguments given on the command
 * line and prints the result, or the error a model could act on.
 *
 *   calculator '{"op": "divide", "a": 1, "b": 4}'
 */
#include <stdio.h>
#include <string.h>

#include "calculator.schemac.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s ARGUMENTS_JSON\n\nschema:\n%s\n", argv[0],
                calculator_input_schema_json);
        return 2;
    }
    /* Decoded values live in the arena; this one is a stack buffer, so the
     * decode never touches the heap. */
    unsigned char memory[1024];
    sc_arena arena;
    sc_arena_init_buffer(&arena, memory, sizeof memory);
    calculator_input in;
    sc_error err;
    if (calculator_input_decode(&arena, argv[1], strlen(argv[1]), &in, &err) != 0) {
        char text[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
        sc_error_format(&err, text, sizeof text);
        printf("error: %s\n", text);
        return 1;
    }
    double result = 0;
    switch (in.op) {
    case OP_ADD:
        result = in.a + in.b;
        break;
    case OP_SUBTRACT:
        result = in.a - in.b;
        break;
    case OP_MULTIPLY:
        result = in.a * in.b;
        break;
    case OP_DIVIDE:
        if (in.b == 0) {
            printf("error: /b: must not be 0 for divide\n");
            return 1;
        }
        result = in.a / in.b;
        break;
    }
    printf("%.17g\n", result);
    return 0;
}
