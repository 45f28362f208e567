/* schemac: --print-dialect mcp */
/* MCP: annotations from @effect/@idempotent, outputSchema from @output; a
 * second tool without @output has none (an @output naming a struct that is
 * not @schema is an error: tests/generator/mistakes/). */
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
 */
typedef struct {
    /** File to delete. */
    char *path;
} delete_input;
