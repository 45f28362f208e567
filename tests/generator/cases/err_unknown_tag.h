/* schemac: --print-schema */
/** @schema */
typedef struct {
    /** @maxlength 3 */
    char *a;
    /** @frobnicate */
    int b;
    /** @tool nope */
    int c;
} t;
