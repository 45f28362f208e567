/* schemac: -o OUT -I/usr/include/cjson ../../decode/any.h */
/* The generated C of tests/decode/any.h: cJSON * members. */
