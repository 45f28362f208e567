/* schemac: --print-dialect openai -I include include/untagged_tool.h */
/* The openai dialect of include/untagged_tool.h: untagged unions (anyOf) of scalars, objects and arrays. */
