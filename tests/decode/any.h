/* cJSON * members for the decode tests: any JSON value. */
#ifndef ANY_H
#define ANY_H

#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** An event with a free-form payload. @schema */
typedef struct {
    /** @maxLength 16 */
    char *kind;
    /** Anything the sender wants to attach. */
    cJSON *payload;
    /** Free-form tags. @maxItems 2 */
    cJSON **extras;
    size_t extras_count;
} event;

/** A limit by name. */
typedef struct {
    char *key;
    int32_t value;
} limit_entry;

/**
 * Options the way MCP servers' tool schemas write them (issue 22, item 5): a
 * free-form object, array and map defaults, a required member with a
 * default.
 * @schema
 */
typedef struct {
    /** Free-form options: any object. @type object */
    cJSON *options;
    /** Records, each any object. @type object @maxItems 3 @default [] */
    cJSON **records;
    size_t records_count;
    /** Globs to leave out. @default [] @maxItems 4 */
    char **exclude;
    size_t exclude_count;
    /** Limits by name. @additionalProperties @default {} */
    limit_entry *limits;
    size_t limits_count;
    /** Log level, sent every time; usually info. @enum debug info warn @default "info" @required */
    char *level;
} options_doc;

#endif /* ANY_H */
