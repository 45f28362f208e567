/* schemac: -o OUT --optimize=size ../../decode/untagged.h */
/* The generated C of tests/decode/untagged.h in --optimize=size: untagged unions through descriptors (sc_table_untagged), @acceptOverlap variants read back by the runtime. */
