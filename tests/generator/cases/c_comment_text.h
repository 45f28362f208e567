/* schemac: -o OUT ../../decode/comment_text.h */
/* The generated C of tests/decode/comment_text.h: doc comments as headers write them. */
