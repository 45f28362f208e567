/* schemac: --print-dialect anthropic -I include include/ticket_tool.h */
/* The anthropic dialect of the rich tool in include/ticket_tool.h. */
