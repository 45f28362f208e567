/* schemac: --print-schema */
/* A void * member. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    void *user_data;
} callback;
