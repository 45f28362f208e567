/* Tools for the dialect checks (check_dialects.py): every feature a dialect
 * may have to rewrite or state in words. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cJSON cJSON; /* as <cJSON.h> declares it */

/** Sort order. */
typedef enum {
    ORDER_NAME, /**< Alphabetical by file name. */
    ORDER_SIZE, /**< Largest first. */
    ORDER_MTIME /**< Most recently modified first. */
} sort_order;

/** Size limits. */
typedef struct {
    /** Smallest size in bytes. @minimum 0 @multipleOf 512 */
    int64_t min_bytes;
    /** Largest size in bytes. @exclusiveMaximum 1e12 */
    double max_bytes;
} size_range;

typedef enum { TARGET_PATH, TARGET_GLOB } target_kind;
typedef struct {
    /** @minLength 1 @maxLength 4096 */
    char *path;
} path_params;
typedef struct {
    /** @pattern ^[^/]+$ */
    char *glob;
} glob_params;

typedef struct {
    /** @maxLength 40 @pattern ^[A-Za-z-]+$ */
    char *key;
    /** @maxLength 200 */
    char *value;
} header_entry;

/** A node of an outline. */
typedef struct outline {
    /** Heading. @maxLength 80 */
    char *heading;
    /** Sub-sections. @maxItems 10 */
    struct outline *children;
    size_t children_count;
} outline;

/** What a search found. @schema */
typedef struct {
    /** Paths found. @maxItems 100 */
    char **paths;
    size_t paths_count;
    /** More matched than were returned. */
    bool truncated;
} search_result;

/**
 * Search files by name and size.
 * @tool search_files
 * @effect readonly
 * @output search_result
 */
typedef struct {
    /** Where to search. @format hostname @maxLength 253 */
    char *host;
    /** What to search. */
    target_kind kind;
    union {
        /** One path. */
        path_params path;
        /** A glob pattern. */
        glob_params glob;
    } target;
    /** Sort order. @default "name" */
    sort_order order;
    /** Size limits. */
    size_range size;
    /** Extensions to match. @minItems 1 @maxItems 8 @uniqueItems */
    char **extensions;
    size_t extensions_count;
    /** Only files changed after this time. @format date-time @nullable */
    char *since;
    /** Result page. @minimum 1 @maximum 1000 @optional */
    uint16_t *page;
    /** Protocol version. @const "2" */
    char *version;
} search_input;

/**
 * Send an HTTP request.
 * @tool http_request
 * @effect mutating
 */
typedef struct {
    /** Target. @format uri */
    char *url;
    /** Headers. @additionalProperties @maxProperties 16 */
    header_entry *headers;
    size_t headers_count;
    /** Body, any JSON. */
    cJSON *body;
} http_input;

/**
 * Publish an outline.
 * @tool publish_outline
 * @effect destructive
 * @idempotent
 */
typedef struct {
    /** The outline. */
    outline doc;
    /** Optional note. @maxLength 500 */
    char note[501];
    bool has_note;
} publish_input;
