/* schemac: --print-schema */
/* @name takes a bare word or a JSON string, read by one parser. */
/** @schema */
typedef struct {
    /** @name "" */
    int empty;
    /** @name "unterminated */
    int broken;
    /** @name */
    int missing;
} names;
