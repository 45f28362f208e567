/* The tools of the sample MCP server (samples/mcp-server/README.md).
 * schemac turns this header into the schemas, the decoders, the tool table
 * and the MCP tools/list entries; server.c only writes the handlers. */
#ifndef MCP_SERVER_TOOLS_H
#define MCP_SERVER_TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- calculate ---------------------------------------------------------- */

/** An arithmetic operation. */
typedef enum {
    CALC_ADD,      /**< a + b */
    CALC_SUBTRACT, /**< a - b */
    CALC_MULTIPLY, /**< a * b */
    CALC_DIVIDE,   /**< a / b; b must not be 0 */
} calc_operation;

/**
 * The result of an arithmetic operation.
 * @schema
 */
typedef struct {
    /** The result. */
    double result;
    /** The operation written out, e.g. "1 + 2". @maxLength 128 */
    char *expression;
} calc_output;

/**
 * Apply an arithmetic operation to two numbers.
 * @tool calculate
 * @effect readonly
 * @idempotent
 * @output calc_output
 */
typedef struct {
    /** The operation to apply. */
    calc_operation op;
    /** The left operand. */
    double a;
    /** The right operand. */
    double b;
} calc_input;

/* ---- search_files ------------------------------------------------------- */

/** What kind of entry to return. */
typedef enum {
    ENTRY_ANY,       /**< Files and directories. */
    ENTRY_FILE,      /**< Regular files only. */
    ENTRY_DIRECTORY, /**< Directories only. */
} entry_kind;

/** The kind of an entry that matched. */
typedef enum {
    FOUND_FILE,      /**< A regular file. */
    FOUND_DIRECTORY, /**< A directory. */
} found_kind;

/** One entry that matched. */
typedef struct {
    /** The path, relative to the project root. */
    char *path;
    /** The entry's kind. */
    found_kind kind;
    /** Size in bytes (0 for a directory). @minimum 0 */
    int64_t size;
} file_match;

/**
 * The entries that matched, at most the requested number.
 * @schema
 */
typedef struct {
    /** The entries, in path order. @maxItems 50 */
    file_match *matches;
    size_t matches_count;
    /** True when more entries matched than were returned. */
    bool truncated;
} search_output;

/**
 * Find files and directories of the project whose path matches a glob:
 * `*` matches any characters except a slash, `**` any characters, `?` one
 * character.
 * @tool search_files
 * @effect readonly
 * @idempotent
 * @output search_output
 */
typedef struct {
    /** The glob to match against the whole path, e.g. "*.md" or "**.c".
     * @minLength 1 @maxLength 200
     * @pattern ^[A-Za-z0-9_.*?/-]+$
     */
    char *glob;
    /** What kind of entry to return. @default any */
    entry_kind kind;
    /** Maximum number of entries to return. @minimum 1 @maximum 50 @default 10 */
    int max_results;
    /** Whether the glob ignores case. @default false */
    bool ignore_case;
} search_input;

/* ---- http_request ------------------------------------------------------- */

/** An HTTP method. */
typedef enum {
    HTTP_GET,    /**< Read a resource. */
    HTTP_POST,   /**< Create a resource or submit data. */
    HTTP_PUT,    /**< Replace a resource. */
    HTTP_PATCH,  /**< Change part of a resource. */
    HTTP_DELETE, /**< Delete a resource. */
} http_method;

/** One header of a request. */
typedef struct {
    /** The header name. @minLength 1 @maxLength 64 @pattern ^[A-Za-z0-9-]+$ */
    char *key;
    /** The header value. @maxLength 1024 */
    char *value;
} http_header;

/**
 * Describe an HTTP request: the server prints the request line, headers
 * and body as they would be sent, and sends nothing.
 * @tool http_request
 * @effect destructive
 */
typedef struct {
    /** The method. @default get */
    http_method method;
    /** The absolute URL. @format uri @maxLength 2048 */
    char *url;
    /** Request headers, name to value. @optional @additionalProperties @maxProperties 16 */
    http_header *headers;
    size_t headers_count;
    /** The request body. @optional @maxLength 4096 */
    char *body;
} http_input;

/* ---- create_event ------------------------------------------------------- */

/** A place. */
typedef struct {
    /** The name of the place. @minLength 1 @maxLength 80 */
    char *name;
    /** Latitude in degrees. @minimum -90 @maximum 90 */
    double latitude;
    /** Longitude in degrees. @minimum -180 @maximum 180 */
    double longitude;
} event_location;

/** The event as it was recorded. @schema */
typedef struct {
    /** A stable identifier derived from the title and start. @pattern ^evt-[0-9a-f]{8}$ */
    char *id;
    /** The title. */
    char *title;
    /** The start, as given. @format date-time */
    char *start;
    /** The end: start plus the duration. @format date-time */
    char *end;
    /** The place. */
    event_location location;
    /** The attendees, as given. */
    char **attendees;
    size_t attendees_count;
} event_output;

/**
 * Put an event on the calendar. Calling it again with the same arguments
 * records the same event once.
 * @tool create_event
 * @effect mutating
 * @idempotent
 * @output event_output
 * @version 1.0.0
 */
typedef struct {
    /** The title. @minLength 1 @maxLength 120 */
    char *title;
    /** When it starts, UTC. @format date-time */
    char *start;
    /** How long it lasts, in minutes. @minimum 5 @maximum 1440 @default 30 */
    int duration_minutes;
    /** Where it takes place. */
    event_location location;
    /** Email addresses of the attendees. @optional @maxItems 20 @uniqueItems @format email */
    char **attendees;
    size_t attendees_count;
} event_input;

#endif /* MCP_SERVER_TOOLS_H */
