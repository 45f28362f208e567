/* Version and small helpers of libschemac. */
#include <cJSON.h>

#include "schemac/schemac.h"

const char *sc_version(void)
{
    return SCHEMAC_VERSION_STRING;
}

void sc_free_string(char *s)
{
    /* T_encode prints with cJSON, which allocates through its own hooks. */
    cJSON_free(s);
}
