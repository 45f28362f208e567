/* schemac: --print-dialect openai */
/* Dialect tags that are wrong: an unknown dialect, and a dialect asked for
 * by @dialects whose provider rejects a name. */
#include <stdint.h>

/** @tool list_things @dialects openai, claude @acceptLoss gemini, palm */
typedef struct {
    /** How many. */
    int32_t count;
} list_input;

/** @tool odata_query @dialects anthropic, openai */
typedef struct {
    /** How many. @name $top */
    int32_t top;
} odata_input;

/** @tool world @openWorld maybe */
typedef struct {
    /** How many. */
    int32_t count;
} world_input;
