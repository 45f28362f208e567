/* schemac: --print-schema header_misplaced.h */
/* @header where MCP cannot mirror a value into a header: outside a tool,
 * on an array or a struct, the same name twice in any case, and a name
 * that is no HTTP token. */
#include <stddef.h>
#include <stdint.h>

/** Not a tool. @schema */
typedef struct {
    /** @header Region */
    char *region;
} not_a_tool;

/** A pair. */
typedef struct {
    int32_t a;
    int32_t b;
} pair;

/**
 * Headers that cannot be.
 * @tool bad_headers
 */
typedef struct {
    /** @header Ids */
    int32_t *ids;
    size_t ids_count;
    /** @header Pair */
    pair both;
    /** @header Tenant */
    char *tenant;
    /** @header TENANT */
    char *owner;
    /** @header Has Space */
    char *spaced;
} bad_headers_input;
