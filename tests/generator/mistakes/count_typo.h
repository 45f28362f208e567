/* schemac: --print-schema */
/* A typo in the count's name (ports_cont): an error. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    uint16_t *ports;
    size_t ports_cont;
} listener;
