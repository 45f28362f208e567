/* schemac: --print-dialect openai-strict */
/* A map and a value of any type: OpenAI strict mode can take neither, so the
 * tool is sent with "strict": false (one warning, none for the rest). */
#include <stddef.h>
typedef struct cJSON cJSON; /* as <cJSON.h> declares it */

typedef struct {
    /** @maxLength 40 */
    char *key;
    /** @maxLength 200 */
    char *value;
} header_entry;

/**
 * Describe an HTTP request.
 * @tool http_request
 */
typedef struct {
    /** Target address. @format uri */
    char *url;
    /** Request headers. @additionalProperties @maxProperties 8 */
    header_entry *headers;
    size_t headers_count;
    /** Any JSON body. */
    cJSON *body;
} http_request_input;
