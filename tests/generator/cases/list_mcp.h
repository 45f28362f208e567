/* schemac: --list c_mcp_prompt.h */
/* --list names a @prompt struct by its prompt and a @resource struct by its
 * URI template, with ARGUMENT and VARIABLE columns. */
