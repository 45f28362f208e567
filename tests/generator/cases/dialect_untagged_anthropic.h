/* schemac: --print-dialect anthropic -I include include/untagged_tool.h */
/* The anthropic dialect of include/untagged_tool.h: untagged unions (anyOf) of scalars, objects and arrays. */
