/* schemac: --print-schema */
/* A pointer to a struct that is declared, never defined. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct connection;

/** @schema */
typedef struct {
    char *host;
    struct connection *conn;
} session;
