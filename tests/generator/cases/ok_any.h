/* schemac: --print-schema -I/usr/include/cjson */
/* cJSON * members for the decode tests: any JSON value. */
#ifndef ANY_H
#define ANY_H

#include <stddef.h>

#include <cJSON.h>

/** An event with a free-form payload. @schema */
typedef struct {
    /** @maxLength 16 */
    char *kind;
    /** Anything the sender wants to attach. */
    cJSON *payload;
    /** Free-form tags. @maxItems 2 */
    cJSON **extras;
    size_t extras_count;
} event;

#endif /* ANY_H */
