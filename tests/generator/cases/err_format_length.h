/* schemac: --print-schema */
/* A format whose texts cannot fit the buffer, or @maxLength, accepts nothing. */
/** @schema */
typedef struct {
    /** @format uuid */
    char id[8];
    /** @format date-time */
    char when[20];
    /** @format date @maxLength 9 */
    char *day;
    /** fits exactly: 36 characters and the NUL @format uuid */
    char fits[37];
    /** @format ipv4 */
    char quad[8];
} formats;
