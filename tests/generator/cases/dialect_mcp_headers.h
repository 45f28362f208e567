/* schemac: --print-dialect mcp dialect_mcp_headers.h */
/* @header on tool parameters: x-mcp-header in the MCP entry only (MCP
 * 2026-07-28, SEP-2243: a client mirrors the values into Mcp-Param-NAME
 * headers a gateway can route on), on each type a header can carry. */
#include <stdbool.h>
#include <stdint.h>

/** A place. */
typedef enum { REGION_EU, REGION_US } region;

/**
 * Run a query in a region.
 * @tool run_query
 */
typedef struct {
    /** The SQL text. @maxLength 4000 */
    char *sql;
    /** Where it runs. @header Region */
    region where;
    /** The tenant. @header X-Tenant_id.v2 */
    char *tenant;
    /** At most this many rows. @header Limit @minimum 1 */
    int32_t limit;
    /** Only count them. @header Count-Only @default false */
    bool count_only;
} run_query_input;
