/* schemac: --print-schema scopes_misplaced.h */
/* @scopes outside a tool, prompt or resource; one without a scope; a
 * scope that OAuth cannot carry. */
#include <stdint.h>

/** Not a tool. @schema @scopes files:read */
typedef struct {
    int32_t n;
} not_a_tool;

/**
 * A tool that names no scope.
 * @tool empty
 * @scopes
 */
typedef struct {
    int32_t n;
} empty_input;

/**
 * A tool with a quoted scope.
 * @tool quoted
 * @scopes "files:read"
 */
typedef struct {
    int32_t n;
} quoted_input;
