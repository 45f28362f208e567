/* schemac: --print-dialect openai -I/usr/include/cjson */
/* The shapes real tool schemas use (issue 22, item 5) in a tool: a free-form
 * object, array and map defaults, a required member with a default, each
 * stated in the dialect as in the canonical schema. */
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

typedef struct {
    char *key;
    char *value;
} header_entry;

/**
 * Fetch a URL.
 * @tool fetch
 */
typedef struct {
    /** The URL. @format uri */
    char *url;
    /** Extra request options, any members. @type object */
    cJSON *options;
    /** Headers to send. @additionalProperties @default {} */
    header_entry *headers;
    size_t headers_count;
    /** Paths to leave out. @default [] */
    char **exclude;
    size_t exclude_count;
    /** Log level; usually info, but always sent. @enum debug info warn @default info @required */
    char *level;
} fetch_input;
