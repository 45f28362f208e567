/* schemac: -o OUT ../../decode/untagged.h */
/* The generated C of tests/decode/untagged.h: untagged unions of every variant kind. */
