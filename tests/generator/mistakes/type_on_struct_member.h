/* schemac: --print-schema -I/usr/include/cjson */
/* @type object on a member that has a type of its own. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** @schema */
typedef struct {
    /** @type object */
    char *name;
} holder;
