/* schemac: --print-schema */
/* A @format schemac does not check. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    /** @format phone */
    char *contact;
} person;
