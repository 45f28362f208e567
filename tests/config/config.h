/* A config file's struct, for the config-loading tests (issue 33): what a
 * user loads with sc_read_file and T_decode, and whose errors are printed
 * as file:line:col. */
#ifndef CONFIG_H
#define CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** How much to log. */
typedef enum { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG } log_level;

/** One upstream server. */
typedef struct {
    /** @minLength 1 @maxLength 64 */
    char *host;
    /** @minimum 1 @maximum 65535 */
    int32_t port;
    /** @optional @default 1 @minimum 1 @maximum 100 */
    int32_t weight;
} upstream;

/** A proxy's configuration. @schema */
typedef struct {
    /** @minLength 1 @maxLength 32 */
    char *name;
    /** @minimum 1 @maximum 65535 */
    int32_t listen;
    /** @default "info" */
    log_level log;
    /** @minItems 1 @maxItems 4 */
    upstream *upstreams;
    size_t upstreams_count;
    /** @optional @pattern ^[a-z]+$ */
    char *region;
    /** @default false */
    bool tls;
} proxy_config;

#endif /* CONFIG_H */
