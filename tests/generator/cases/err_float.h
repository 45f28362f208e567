/* schemac: --print-schema */
/* float members only take keywords that rounding to float cannot break. */
/** @schema */
typedef struct {
    /** @minimum 0.1 */
    float not_a_float_bound;
    /** @exclusiveMaximum 1 */
    float exclusive;
    /** @multipleOf 0.5 */
    float multiple;
    /** @minimum 0.5 @maximum 1e3 */
    float fine;
} t;
