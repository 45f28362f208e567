/* Version and small helpers of libschemac. */
#include <stdlib.h>

#include "schemac/schemac.h"

const char *sc_version(void)
{
    return SCHEMAC_VERSION_STRING;
}

void sc_free_string(char *s)
{
    free(s);
}
