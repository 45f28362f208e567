/* schemac: --print-dialect openai -I include include/ticket_tool.h */
/* The openai dialect of the rich tool in include/ticket_tool.h. */
