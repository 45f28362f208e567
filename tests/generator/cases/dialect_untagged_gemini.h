/* schemac: --print-dialect gemini -I include include/untagged_tool.h */
/* The gemini dialect of include/untagged_tool.h: untagged unions (anyOf) of scalars, objects and arrays. */
