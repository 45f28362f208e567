/* The types of the everything server (samples/mcp-everything/README.md):
 * the arguments of its tools that take some, and the forms it asks the
 * user to fill in (elicitation). schemac writes their schemas, decoders
 * and tool table; everything.c writes the handlers. The fixtures are those
 * of the official MCP conformance suite (@modelcontextprotocol/conformance). */
#ifndef MCP_EVERYTHING_H
#define MCP_EVERYTHING_H

#include <stdbool.h>
#include <stdint.h>

/**
 * Tests server-initiated sampling (LLM completion request)
 * @tool test_sampling
 * @dialects mcp
 */
typedef struct {
    /** The prompt to send to the LLM @maxLength 4096 */
    char *prompt;
} sampling_args;

/**
 * Tests server-initiated elicitation (user input request)
 * @tool test_elicitation
 * @dialects mcp
 */
typedef struct {
    /** The message to show the user @maxLength 1024 */
    char *message;
} elicitation_args;

/** The form test_elicitation asks for. @schema */
typedef struct {
    /** User's response @maxLength 1024 */
    char *response;
} elicitation_form;

/** A user's status. */
typedef enum {
    USER_ACTIVE,   /**< active */
    USER_INACTIVE, /**< inactive */
    USER_PENDING,  /**< pending */
} user_status;

/** The form of test_elicitation_sep1034_defaults: a default for every primitive type. @schema */
typedef struct {
    /** User name @default "John Doe" @maxLength 200 */
    char *name;
    /** User age @default 30 */
    int32_t age;
    /** User score @default 95.5 */
    double score;
    /** User status @default active */
    user_status status;
    /** Verification status @default true */
    bool verified;
} defaults_form;

/** A postal address. */
typedef struct {
    /** @optional @maxLength 200 */
    char *street;
    /** @optional @maxLength 200 */
    char *city;
} address;

/**
 * Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)
 * @tool json_schema_2020_12_tool
 * @dialects mcp
 */
typedef struct {
    /** @optional @maxLength 200 */
    char *name;
    /** @optional */
    address *address;
} json_schema_args;

#endif /* MCP_EVERYTHING_H */
