/* schemac: --print-schema */
/** @tool get weather! */
typedef struct {
    int a;
    /** @name a */
    int b;
} t;
