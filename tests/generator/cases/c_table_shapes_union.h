/* schemac: -o OUT --optimize=size ../../decode/shapes_union.h */
/* The generated C of tests/decode/shapes_union.h in --optimize=size: the variants of tagged unions through descriptors, the unions themselves generated. */
