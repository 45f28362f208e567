/* schemac: -o OUT include/untagged_tool.h */
/* The generated C of include/untagged_tool.h: a tool with untagged unions (null dropping reaches into object and array variants). */
