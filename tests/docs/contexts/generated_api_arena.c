/* docs/generated-api.md's examples that use an arena, each in a function
 * where the T of t_type.h is decoded: a prototype redeclares the generated
 * one (so a signature that differs fails).
 * doc-test headers: t_type.h */
#include <stdio.h>

#include "t_type.schemac.h"

void use(const T *value);

int example(const char *json, size_t len, T value, sc_error err, char *buf, size_t size);
int example(const char *json, size_t len, T value, sc_error err, char *buf, size_t size)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    (void)json, (void)len, (void)value, (void)err, (void)buf, (void)size;
@FRAGMENT@
    sc_arena_release(&arena);
    return 0;
}
