/* Decodes the JSON given as argument and prints the city, or the error. */
#include <stdio.h>
#include <string.h>

#include "weather.schemac.h"

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    weather_query q;
    sc_error err;
    int rc = weather_query_decode(&arena, argv[1], strlen(argv[1]), &q, &err);
    if (rc == 0)
        printf("%s %d %d\n", q.city, (int)q.unit, (int)q.days);
    else
        printf("error %s: %s\n", err.path, err.message);
    sc_arena_release(&arena);
    return rc == 0 ? 0 : 1;
}
