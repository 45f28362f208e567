/* schemac: -o OUT ../../decode/nullable.h */
/* The generated C of tests/decode/nullable.h: nullable members. */
