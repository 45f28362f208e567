/* schemac: --print-dialect mcp -I include include/ticket_tool.h */
/* The mcp dialect of the rich tool in include/ticket_tool.h. */
