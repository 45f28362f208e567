/* schemac: --print-dialect openai-strict -Wdialect=gemini */
/* Names some providers reject: the dialects that take them are written,
 * with a warning naming each provider that does not; @dialects chooses the
 * dialects (no warning), @acceptLoss and -Wno-dialect silence accepted
 * losses; @openWorld states MCP's openWorldHint. */
#include <stdint.h>

/** A second factor. @tool 2fa-check @openWorld false */
typedef struct {
    /** The code. @pattern ^[0-9]{6}$ */
    char *code;
} two_factor_input;

/** Look a user up. @tool find_user @openWorld */
typedef struct {
    /** Dotted name. @name user.name @maxLength 40 */
    char *user_name;
} find_user_input;

/**
 * An OData query.
 * @tool odata_query
 * @dialects openai openai-strict mcp xml
 * @acceptLoss openai-strict
 */
typedef struct {
    /** How many. @name $top @minimum 1 */
    int32_t top;
    /** A filter (strict mode cannot say minLength: accepted, no warning). @name $filter @minLength 3 */
    char *filter;
} odata_input;
