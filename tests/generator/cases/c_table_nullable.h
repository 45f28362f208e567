/* schemac: -o OUT --optimize=size ../../decode/nullable.h */
/* The generated C of tests/decode/nullable.h in --optimize=size: the descriptors of nullable, optional and by-pointer members. */
