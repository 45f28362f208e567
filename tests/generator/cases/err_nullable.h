/* schemac: --print-schema */
/* @nullable needs a pointer, and a way to tell missing from null. */
/** @schema */
typedef struct {
    /** @nullable */
    int count;
    /** @nullable @optional */
    char *note;
    /** @nullable */
    char name[8];
} t;
