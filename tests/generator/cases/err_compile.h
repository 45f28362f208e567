/* schemac: --print-schema */
/** @schema */
typedef struct {
    undefined_type a;
} t;
