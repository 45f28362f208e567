/* schemac: --print-dialect openai dialect_mcp_headers.h */
/* @header does not reach the other dialects: x-mcp-header is MCP's. */
