/* schemac: --list */
/* The calculator tool of the schemac samples. */
#ifndef CALCULATOR_H
#define CALCULATOR_H

/** An arithmetic operation. */
typedef enum {
    OP_ADD,      /**< a + b */
    OP_SUBTRACT, /**< a - b */
    OP_MULTIPLY, /**< a * b */
    OP_DIVIDE,   /**< a / b; b must not be 0 */
} operation;

/**
 * Apply an arithmetic operation to two numbers.
 * @tool calculate
 */
typedef struct {
    /** The operation to apply. */
    operation op;
    /** The left operand. */
    double a;
    /** The right operand. */
    double b;
} calculator_input;

#endif /* CALCULATOR_H */
