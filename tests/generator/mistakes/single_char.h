/* schemac: --print-schema */
/* A single char member: a number or text? */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    char grade;
} result;
