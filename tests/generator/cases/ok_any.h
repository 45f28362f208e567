/* schemac: --print-schema -I/usr/include/cjson ../../decode/any.h */
/* The schemas of tests/decode/any.h. */
