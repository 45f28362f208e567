/* schemac: --list ../../decode/untagged.h */
/* Untagged unions as a table: one row per variant. */
