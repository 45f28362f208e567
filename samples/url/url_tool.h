/* The URL-parsing tool of the schemac samples: what a model sends when it
 * calls parse_url, as one annotated C struct. */
#ifndef URL_TOOL_H
#define URL_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Parts of a URL. */
typedef enum {
    URL_PART_SCHEME,   /**< The scheme, e.g. https. */
    URL_PART_HOST,     /**< The host name or address. */
    URL_PART_PORT,     /**< The port, explicit or implied by the scheme. */
    URL_PART_PATH,     /**< The path, starting with a slash. */
    URL_PART_QUERY,    /**< The query string, without the question mark. */
    URL_PART_FRAGMENT, /**< The fragment, without the hash sign. */
} url_part;

/**
 * Parse a URL and return the requested parts.
 * @tool parse_url
 */
typedef struct {
    /** The URL to parse. @format uri @maxLength 2048 */
    char *url;
    /** Which parts to extract. @minItems 1 @uniqueItems */
    url_part *parts;
    size_t parts_count;
    /** Maximum number of results. @minimum 1 @maximum 100 @default 10 */
    int32_t max_results;
    /** Optional label echoed back with the result. @pattern ^[ -~]*$ */
    char label[32];
    bool has_label;
} parse_url_input;

#endif /* URL_TOOL_H */
