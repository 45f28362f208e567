/* schemac: --list tool_scopes.h */
/* @scopes: the OAuth scopes a client's access token must hold for a tool,
 * a prompt or a resource template over HTTP (schemac/mcp_http.h); --list
 * shows them, the sc_tool's .scopes and T_scopes carry them, written as
 * one space-separated string however the tag spaces them. */
#include <stdint.h>

/**
 * Read a file.
 * @tool read_file
 * @scopes files:read
 */
typedef struct {
    /** Which file. @maxLength 256 */
    char *path;
} read_file_input;

/**
 * Write a file.
 * @tool write_file
 * @scopes   files:read    files:write
 */
typedef struct {
    /** Which file. @maxLength 256 */
    char *path;
} write_file_input;

/**
 * Review a change.
 * @prompt review
 * @scopes reviews
 */
typedef struct {
    /** The change. */
    char *change;
} review_args;
