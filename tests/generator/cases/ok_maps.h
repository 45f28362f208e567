/* schemac: --print-schema ../../decode/maps.h */
/* The schemas of tests/decode/maps.h. */
