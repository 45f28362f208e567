/* schemac: -o OUT ../../decode/recursive.h */
/* The generated C of tests/decode/recursive.h: recursive types. */
