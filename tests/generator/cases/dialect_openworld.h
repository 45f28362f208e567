/* schemac: --print-dialect mcp dialect_names.h */
/* The MCP entries of dialect_names.h: openWorldHint from @openWorld (false,
 * true, absent); every tool is there, as MCP accepts their names. The name
 * warnings come from the check, whichever dialect is printed. */
