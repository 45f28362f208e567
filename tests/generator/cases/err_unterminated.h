/* schemac: --print-schema */
/* A file clang cannot read as C at all: reported, never a crash. */
typedef struct { int a; } t; /** @schema
