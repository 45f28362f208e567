/* The payloads bench_decode.c measures: a small tool call, a medium
 * document and a large batch, shaped like real traffic so the constraints
 * (formats, lengths, bounds, enums, patterns, uniqueItems) cost what they
 * cost in production. */
#ifndef BENCH_TYPES_H
#define BENCH_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- small: a tool call (~200 bytes) ---- */

/** HTTP method. */
typedef enum {
    HTTP_METHOD_GET,
    HTTP_METHOD_HEAD,
    HTTP_METHOD_POST,
    HTTP_METHOD_PUT,
    HTTP_METHOD_DELETE,
} http_method;

/**
 * Fetch a URL on behalf of the user.
 * @tool fetch_url
 */
typedef struct {
    /** The URL to fetch. @format uri @maxLength 2048 */
    char *url;
    /** The request method. */
    http_method method;
    /** Where to send failure reports. @format email @maxLength 254 */
    char *reply_to;
    /** Idempotency key. @format uuid */
    char *request_id;
    /** Timeout in seconds. @minimum 1 @maximum 120 */
    int32_t timeout_s;
    /** Whether to follow redirects. */
    bool follow_redirects;
} fetch_call;

/* ---- medium: an order document (~2 KB) ---- */

/** Who placed the order. */
typedef struct {
    /** @minLength 1 @maxLength 100 */
    char *name;
    /** @format email @maxLength 254 */
    char *email;
    /** @format hostname */
    char *host;
    /** @format date-time */
    char *created_at;
} order_author;

/** One line of an order. */
typedef struct {
    /** Stock keeping unit. @minLength 3 @maxLength 32 @pattern ^[A-Z]{3}-[0-9]+$ */
    char *sku;
    /** @maxLength 200 */
    char *description;
    /** @minimum 1 @maximum 1000 */
    int32_t quantity;
    /** @minimum 0 @maximum 1000000 */
    double unit_price;
    /** @minimum 0 @maximum 1 */
    double discount;
} order_line;

/**
 * An order with its lines.
 * @schema
 */
typedef struct {
    /** @format uuid */
    char *id;
    /** @minLength 1 @maxLength 200 */
    char *title;
    order_author author;
    /** @minItems 1 @maxItems 100 */
    order_line *lines;
    size_t lines_count;
    /** @minimum 0 */
    double total;
    /** @enum ["EUR", "USD", "GBP"] */
    char currency[4];
    /** @maxLength 1000 */
    char *notes;
} order_doc;

/* ---- large: a batch of records (~100 KB) ---- */

/** A label. @minLength 1 @maxLength 16 @pattern ^[a-z][a-z0-9-]*$ */
typedef char *label;

/** Account state. */
typedef enum {
    ACCOUNT_STATE_ACTIVE,
    ACCOUNT_STATE_IDLE,
    ACCOUNT_STATE_SUSPENDED,
    ACCOUNT_STATE_CLOSED,
} account_state;

/** A position. */
typedef struct {
    /** @minimum -90 @maximum 90 */
    double lat;
    /** @minimum -180 @maximum 180 */
    double lon;
} geo_point;

/** One account. */
typedef struct {
    /** @minimum 1 */
    int64_t id;
    /** @minLength 1 @maxLength 32 */
    char *name;
    account_state state;
    /** @minimum 0 @maximum 100 */
    double score;
    geo_point loc;
    /** @maxItems 4 @uniqueItems */
    label *labels;
    size_t labels_count;
} account;

/**
 * A page of accounts.
 * @schema
 */
typedef struct {
    /** @minimum 0 */
    int64_t page;
    /** @minItems 1 @maxItems 10000 */
    account *accounts;
    size_t accounts_count;
} account_batch;

#endif /* BENCH_TYPES_H */
