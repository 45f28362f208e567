/* schemac: --print-dialect xml -I include include/ticket_tool.h */
/* The xml dialect of the rich tool in include/ticket_tool.h. */
