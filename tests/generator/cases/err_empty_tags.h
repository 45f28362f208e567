/* schemac: --print-schema */
/* Tags without their value, and tags given twice. */
/** @schema */
typedef struct { /** @ */ int a; /** @pattern */ char *b; /** @minimum */ int c; /** @enum [] */ int d; /** @default */ int e; /** @name */ int f; /** @count */ int *g; /** @tool */ int h; } t;
