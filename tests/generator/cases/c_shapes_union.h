/* schemac: -o OUT ../../decode/shapes_union.h */
/* The generated C of tests/decode/shapes_union.h: a tagged union. */
