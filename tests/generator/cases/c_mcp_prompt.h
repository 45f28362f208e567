/* schemac: -o OUT */
/* @prompt and @resource: the name or URI template and the arguments'
 * decoder schemac writes for schemac/mcp.h's SC_MCP_PROMPT and
 * SC_MCP_RESOURCE_TEMPLATE. */

/** A tone of voice. */
typedef enum {
    TONE_PLAIN,  /**< Plain. */
    TONE_FRIENDLY, /**< Friendly. */
} tone;

/**
 * Summarise a text.
 * @prompt summarise
 */
typedef struct {
    /** The text. @maxLength 10000 */
    char *text;
    /** The tone. @default plain */
    tone voice;
} summarise_args;

/**
 * The log of one day.
 * @resource "file:///logs/{date}"
 */
typedef struct {
    /** The day, YYYY-MM-DD. @format date */
    char *date;
} log_day;
