/* schemac: --print-schema */
/* Tagged unions need their discriminator right before them, and every
 * union member must be named after a value of it. */
typedef enum { KIND_A, KIND_B } kind;
typedef struct { int x; } a_params;

/** @schema */
typedef struct {
    int size;
    union { a_params a; } as;
} no_discriminator;

/** @schema */
typedef struct {
    kind k;
    union {
        a_params a;
        a_params c;
    } as;
} unknown_member;

/** @schema */
typedef struct {
    /** @optional */
    kind *k;
    union { a_params a; a_params b; } as;
} pointer_discriminator;

/** @schema */
typedef struct {
    /** @optional */
    kind k;
    union { a_params a; a_params b; } as;
} optional_discriminator;

/* A member every variant shares is checked in each: its error shows once. */
/** @schema */
typedef struct {
    /** @minimum 5 @maximum 1 */
    int shared;
    kind k;
    union { a_params a; a_params b; } as;
} shared_error;
