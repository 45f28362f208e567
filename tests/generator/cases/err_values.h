/* schemac: --print-schema */
/** @schema */
typedef struct {
    /** @minimum abc */
    int a;
    /** @maxLength -1 */
    char *b;
    /** @format phone */
    char *c;
    /** @pattern ^(a */
    char *d;
    /** @pattern (?=x)y */
    char *e;
    /** @uniqueItems maybe */
    int *f;
    unsigned f_count;
} t;
