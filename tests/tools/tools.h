/* Two tools for the dispatcher tests: one with a typed result, one
 * returning any JSON. */
#ifndef TOOLS_H
#define TOOLS_H

#include <stddef.h>
#include <stdint.h>

typedef enum { OP_ADD, OP_DIVIDE } op;

/** The result of a calculation. @schema */
typedef struct {
    /** The value. */
    double value;
    /** @maxLength 16 */
    char *note;
} calc_result;

/**
 * Apply an operation to two numbers.
 * @tool calc
 * @output calc_result
 * @effect readonly
 * @idempotent
 * @version 1.2.0
 */
typedef struct {
    op operation;
    double a;
    double b;
    /** A note for the log. @optional */
    char *comment;
} calc_args;

/** Settings of the echo tool, given when it is set up. @schema */
typedef struct {
    /** @minimum 1 @maximum 10 */
    int32_t repeat;
} echo_config;

/**
 * Echo the text back as JSON.
 * @tool echo
 * @effect mutating
 * @dialects openai, anthropic, xml
 * @config echo_config
 */
typedef struct {
    /** @minLength 1 @maxLength 8 */
    char *text;
} echo_args;

/* The names generated code once gave a tool's static functions and texts
 * (now sc_gen_invoke_T and sc_gen_text_T_DIALECT; drop_nulls_T is gone). */
typedef int invoke_calc_args;
int drop_nulls_calc_args(void);
typedef int calc_args_openai;
enum {
    calc_args_openai_strict,
    calc_args_anthropic,
    calc_args_gemini,
    calc_args_mcp,
    calc_args_xml
};
extern int invoke_echo_args;

#endif /* TOOLS_H */
