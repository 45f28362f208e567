/* schemac: -o OUT ../../decode/kitchen.h */
/* The generated C of tests/decode/kitchen.h: every scalar, string, array and nested type. */
