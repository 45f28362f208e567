/* schemac: --print-dialect xml -I include include/untagged_tool.h */
/* The xml dialect of include/untagged_tool.h: untagged unions (anyOf) of scalars, objects and arrays. */
