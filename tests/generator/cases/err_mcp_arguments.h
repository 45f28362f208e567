/* schemac: --print-schema */
/* @prompt and @resource members are strings or enums (MCP sends them as
 * strings), a template's variables are exactly its members, and a prompt
 * has a name. */
#include <stdint.h>

/** @prompt count_words */
typedef struct {
    /** How many. */
    int32_t limit;
    char *text;
} count_args;

/** @prompt */
typedef struct {
    char *text;
} unnamed_args;

/** @resource "file:///logs/{date}/{hour}" */
typedef struct {
    char *date;
    char *minute;
} log_ref;

/**
 * @prompt both
 * @resource "x://{a}"
 */
typedef struct {
    char *a;
} both_args;
