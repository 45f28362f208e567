/* schemac: -o OUT ../../decode/maps.h */
/* The generated C of tests/decode/maps.h: maps. */
