/* schemac: --print-dialect gemini -Werror=dialect */
/* -Werror=dialect: a constraint a provider cannot express is an error. */
/**
 * Round a number.
 * @tool round_number
 */
typedef struct {
    /** The number. @exclusiveMaximum 1000000 */
    double value;
} round_input;
