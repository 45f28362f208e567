/* Types reached by the dialect_* golden cases: an enum with value docs, a
 * nested struct, a tagged union, formats and patterns some providers cannot
 * express. (The @tool struct itself must be in each case's main file.) */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** How urgent a ticket is. */
typedef enum {
    PRIORITY_LOW,    /**< Can wait for the next sprint. */
    PRIORITY_NORMAL, /**< The usual case. */
    PRIORITY_URGENT, /**< Page the on-call engineer. */
} priority;

/** Where to send notifications. */
typedef struct {
    /** Address to notify. @format email @maxLength 254 */
    char *email;
    /** Also post in the team chat. */
    bool chat;
} notify_target;

typedef enum { ATTACH_LINK, ATTACH_SNIPPET } attach_kind;

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
    /** What kind of attachment. */
    attach_kind kind;
    union {
        /** A link to a page. */
        link_params link;
        /** A piece of code. */
        snippet_params snippet;
    } as;
} attachment;
