/* schemac: --print-schema ../../decode/shapes_union.h */
/* The schemas of tests/decode/shapes_union.h. */
