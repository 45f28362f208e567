/* schemac: -o OUT --optimize=size ../../decode/maps.h */
/* The generated C of tests/decode/maps.h in --optimize=size: the descriptors of map members (entries, char[N] keys). */
