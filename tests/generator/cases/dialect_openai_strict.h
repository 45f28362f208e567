/* schemac: --print-dialect openai-strict -I include include/ticket_tool.h */
/* The openai-strict dialect of the rich tool in include/ticket_tool.h. */
