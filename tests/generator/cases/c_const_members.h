/* schemac: -o OUT -I/usr/include/cjson ../../decode/const_members.h */
/* The generated C of tests/decode/const_members.h: const pointees. */
