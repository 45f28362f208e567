/* schemac: --print-schema ../../decode/nullable.h */
/* The schemas of tests/decode/nullable.h. */
