/* The types of the everything server (samples/mcp-everything/everything.c):
 * the arguments of its tools that take some, of a prompt (@prompt) and of
 * a resource template (@resource), and the forms it asks the user to fill
 * in (elicitation). schemac writes their schemas, decoders
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
} postal_address;

/**
 * Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)
 * @tool json_schema_2020_12_tool
 * @dialects mcp
 */
typedef struct {
    /** @optional @maxLength 200 */
    char *name;
    /** @optional */
    postal_address *address;
} json_schema_args;

/**
 * Echoes a value a gateway can route on: it travels in the Mcp-Param-Value header too (SEP-2243)
 * @tool test_custom_headers
 * @dialects mcp
 */
typedef struct {
    /** The value to echo @maxLength 200 @header Value */
    char *value;
} custom_headers_args;

/**
 * Greets someone: answered in the call, also for a client of the tasks extension
 * @tool greet
 * @dialects mcp
 */
typedef struct {
    /** Whom to greet @maxLength 200 */
    char *name;
} greet_args;

/**
 * Computes for a while: a task for a client of the tasks extension, else answered when it is done
 * @tool slow_compute
 * @dialects mcp
 * @task
 */
typedef struct {
    /** How long the work takes @minimum 0 @maximum 600 */
    int seconds;
    /** A label for the result @maxLength 200 @optional */
    char *label;
} slow_compute_args;

/**
 * Deletes a file once the user confirms it (pretends to: nothing is deleted)
 * @tool confirm_delete
 * @dialects mcp
 * @effect destructive
 * @task
 */
typedef struct {
    /** The file to delete @maxLength 200 */
    char *filename;
} confirm_delete_args;

/** What the user answers to confirm_delete and multi_input. @schema */
typedef struct {
    /** Whether to go on */
    bool confirm;
    /** Who answers @maxLength 200 @optional */
    char *name;
} approval_form;

/** The name test_tool_with_task asks for before its task. @schema */
typedef struct {
    /** @maxLength 200 */
    char *name;
} name_form;

/** A language code_review reviews. */
typedef enum {
    LANGUAGE_C,          /**< C */
    LANGUAGE_GO,         /**< Go */
    LANGUAGE_PYTHON,     /**< Python */
    LANGUAGE_RUST,       /**< Rust */
    LANGUAGE_TYPESCRIPT, /**< TypeScript */
} review_language;

/**
 * Review code in a language
 * @prompt code_review
 */
typedef struct {
    /** The language of the code */
    review_language language;
    /** The code to review @maxLength 4000 */
    char *code;
} review_args;

/**
 * A resource template with parameter substitution
 * @resource "test://template/{id}/data"
 */
typedef struct {
    /** The record's id @maxLength 12
     * @pattern ^[0-9]+$
     */
    char *id;
} record_ref;

#endif /* MCP_EVERYTHING_H */
