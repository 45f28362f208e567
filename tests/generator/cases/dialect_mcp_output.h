/* schemac: --print-dialect mcp */
/* MCP: annotations from @effect/@idempotent, outputSchema from @output; a
 * second tool names an @output type that is not in the header. */
#include <stdbool.h>

/** The result of a search. @schema */
typedef struct {
    /** Paths found. @maxItems 100 */
    char **paths;
    unsigned paths_count;
    /** True when more matched than were returned. */
    bool truncated;
} search_result;

/**
 * Find files by name.
 * @tool find_files
 * @effect readonly
 * @output search_result
 */
typedef struct {
    /** Glob to match. @minLength 1 */
    char *glob;
} find_input;

/**
 * Delete a file.
 * @tool delete_file
 * @effect destructive
 * @idempotent
 * @output delete_result
 */
typedef struct {
    /** File to delete. */
    char *path;
} delete_input;
