/* schemac: --list -I/usr/include/cjson */
/* --list on a tool with every kind of member: enum, nested struct, arrays,
 * fixed arrays, optional / has_ / default / nullable, tagged union, map,
 * cJSON *, a recursive type, and an @schema result type. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

/** How urgent a ticket is. */
typedef enum {
    PRIORITY_LOW,    /**< Can wait for the next sprint. */
    PRIORITY_NORMAL, /**< The usual case. */
    PRIORITY_URGENT, /**< Page the on-call engineer. */
} priority;

typedef enum { COLOR_RED, COLOR_GREEN, COLOR_BLUE } color;

/** Where to send notifications. */
typedef struct {
    /** Address to notify. @format email @maxLength 254 */
    char *email;
    /** Also post in the team chat. */
    bool chat;
} notify_target;

typedef enum { ATTACH_LINK, ATTACH_SNIPPET, ATTACH_NOTE } attach_kind;

typedef struct {
    /** Address of the page. @format uri */
    char *url;
} link_params;

typedef struct {
    /** Source code. @minLength 1 @maxLength 4000 */
    char *code;
    /** Language name. @pattern ^[a-z]+$ */
    char *language;
} snippet_params;

/** Something attached to the ticket. */
typedef struct {
    /** Shown instead of the content. @maxLength 80 */
    char *caption;
    /** What kind of attachment. */
    attach_kind kind;
    union {
        /** A link to a page. */
        link_params link;
        /** A piece of code. */
        snippet_params snippet;
    } as;
} attachment;

/** An HTTP header value. */
typedef struct {
    /** @maxLength 40 @pattern ^[A-Za-z-]+$ */
    char *key;
    /** @maxLength 200 */
    char *value;
} header_entry;

/** A task, with its sub-tasks. */
typedef struct task {
    /** What to do. @minLength 1 @maxLength 200 */
    char *title;
    /** Steps of this task. @maxItems 20 */
    struct task *subtasks;
    size_t subtasks_count;
} task;

/** A short tag. @minLength 1 @maxLength 12 @pattern ^[a-z-]+$ */
typedef char *tag;

/** What create_ticket returns. @schema */
typedef struct {
    /** The new ticket's number. @minimum 1 */
    int64_t id;
    /** Where the ticket can be seen. @format uri */
    char *url;
} ticket_result;

/**
 * Open a ticket in the issue tracker. The ticket is filed in the project's
 * default queue and everyone in the notify list hears about it; long
 * descriptions like this one are wrapped to fit the terminal.
 * @tool create_ticket
 * @effect mutating
 * @idempotent
 * @version 2.1.0
 * @output ticket_result
 */
typedef struct {
    /** One-line summary. @minLength 5 @maxLength 120 */
    char *title;
    /** Ticket priority. @default "normal" */
    priority level;
    /** Labels to add. @minItems 1 @maxItems 5 @uniqueItems */
    tag *labels;
    size_t labels_count;
    /** Estimate in hours. @exclusiveMinimum 0 @multipleOf 0.5 @optional */
    double *estimate;
    /** Who is notified. */
    notify_target notify;
    /** Parent ticket, or null for none. @nullable @minimum 1 */
    int32_t *parent;
    bool has_parent;
    /** Files and links. @maxItems 3 */
    attachment *attachments;
    size_t attachments_count;
    /** RGB colour, one byte per channel. */
    uint8_t rgb[3];
    size_t rgb_count;
    /** Colours to highlight with. @optional */
    color colors[2];
    size_t colors_count;
    /** Extra HTTP headers for the webhook. @additionalProperties @maxProperties 8 */
    header_entry *headers;
    size_t headers_count;
    /** Free-form data kept with the ticket. */
    cJSON *extra;
    /** The work, as a tree. */
    task plan;
    /** Tracker API version. @const "v2" */
    char *api;
    /** Due date. @format date @examples ["2026-01-31"] */
    char due[11];
    bool has_due;
    /** Seconds before the ticket expires. @minimum 60 @default 86400 */
    uint32_t ttl;
    /** Old flag, ignored. @deprecated @optional */
    bool legacy;
    /** Reviewer name, or null. @nullable */
    char *reviewer;
} create_ticket_input;
