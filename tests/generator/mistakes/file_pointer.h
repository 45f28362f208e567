/* schemac: --print-schema */
/* A FILE * member: one error at the member, a note at FILE. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stdio.h>

/** @schema */
typedef struct {
    char *path;
    FILE *log;
} job;
