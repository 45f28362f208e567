/* schemac: --print-schema */
/* @nullable with @const: null or the const, as the decoder reads it (an
 * enum of two, since a const would refuse null); @minLength 0 is no check. */

/** @schema */
typedef struct {
    /** @nullable @const "north" */
    char *heading;
    /** @minLength 0 */
    char *note;
} compass;
