/* schemac: -o OUT --optimize=size ../../decode/kitchen.h */
/* The generated C of tests/decode/kitchen.h in --optimize=size: descriptors that libschemac walks instead of a reader per struct (every scalar, string, array and nested type). */
