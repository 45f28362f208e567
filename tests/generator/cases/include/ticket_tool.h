/* The rich tool every dialect_<name> case prints in its dialect. */
#include "dialect_types.h"

/**
 * Open a ticket in the issue tracker.
 * @tool create_ticket
 * @effect mutating
 */
typedef struct {
    /** One-line summary. @minLength 5 @maxLength 120 */
    char *title;
    /** Ticket priority. @default "normal" */
    priority level;
    /** Labels to add. @maxItems 5 @uniqueItems */
    char **labels;
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
    /** Tracker API version. @const "v2" */
    char *api;
    /** Due date. @format date @examples ["2026-01-31"] */
    char due[11];
    bool has_due;
    /** Old flag, ignored. @deprecated @optional */
    bool legacy;
} create_ticket_input;
