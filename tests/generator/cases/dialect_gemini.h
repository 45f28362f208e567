/* schemac: --print-dialect gemini -I include include/ticket_tool.h */
/* The gemini dialect of the rich tool in include/ticket_tool.h. */
