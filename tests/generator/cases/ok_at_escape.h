/* schemac: --print-schema */
/* "@@" writes a literal '@'; an '@' inside a word starts no tag. */

/**
 * Send a message to @@alice or mail bob@example.com.
 * @schema
 */
typedef struct {
    /** The handle, e.g. @@alice. @minLength 2 */
    char *handle;
    /** Reply-to, like team@@example.com or team@example.com. @default noreply@@example.com */
    char *reply_to;
} message_t;
