/* schemac: --print-dialect openai-strict -I include include/untagged_tool.h */
/* The openai-strict dialect of include/untagged_tool.h: untagged unions (anyOf) of scalars, objects and arrays. */
