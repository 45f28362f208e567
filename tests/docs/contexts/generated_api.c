/* docs/generated-api.md's examples that make their own arena, in a
 * function given a document of the T of t_type.h.
 * doc-test headers: t_type.h */
#include <stdio.h>

#include "t_type.schemac.h"

void use(const T *value);

int example(const char *json, size_t len, T value, sc_error err, char *buf, size_t size);
int example(const char *json, size_t len, T value, sc_error err, char *buf, size_t size)
{
    (void)json, (void)len, (void)value, (void)err, (void)buf, (void)size;
@FRAGMENT@
    return 0;
}
