/* schemac: -o OUT --optimize=size ../../decode/shapes_union.h */
/* The generated C of tests/decode/shapes_union.h in --optimize=size: tagged unions and their variants through descriptors. */
