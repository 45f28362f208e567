/* schemac: -o OUT ../../tools/tools.h */
/* The generated C of tests/tools/tools.h: the tool table and handlers. */
