/* parse_url sample: decodes the tool call arguments given on the command
 * line with the generated decoder and prints what it got, or the error a
 * model could act on.
 *
 *   url_tool '{"url": "https://example.com:8080/a?b#c", "parts": ["host", "port"]}'
 */
#include <stdio.h>
#include <string.h>

#include "url_tool.schemac.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s ARGUMENTS_JSON\n\nschema:\n%s\n", argv[0],
                parse_url_input_schema_json);
        return 2;
    }
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    parse_url_input in;
    sc_error err;
    if (parse_url_input_decode(&arena, argv[1], strlen(argv[1]), &in, &err) != 0) {
        char text[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
        sc_error_format(&err, text, sizeof text);
        printf("error: %s\n", text);
        sc_arena_release(&arena); /* frees everything the failed decode took */
        return 1;
    }
    printf("url: %s\nmax_results: %d\n", in.url, (int)in.max_results);
    for (size_t i = 0; i < in.parts_count; i++)
        printf("part: %d\n", (int)in.parts[i]);
    if (in.has_label)
        printf("label: %s\n", in.label);
    char *echo = parse_url_input_encode(&in);
    printf("encoded: %s\n", echo != NULL ? echo : "(failed)");
    sc_free_string(echo);
    sc_arena_release(&arena);
    return 0;
}
