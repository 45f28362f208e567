/* schemac: --print-schema */
/* Two members under one JSON name. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    char *user_name;
    /** @name user_name */
    char *login;
} account;
