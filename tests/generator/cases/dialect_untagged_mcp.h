/* schemac: --print-dialect mcp -I include include/untagged_tool.h */
/* The mcp dialect of include/untagged_tool.h: untagged unions (anyOf) of scalars, objects and arrays. */
