/* schemac: --print-dialect gemini -Wno-dialect=gemini dialect_werror.h */
/* -Wno-dialect=gemini: what Gemini loses on dialect_werror.h is not
 * reported (compare dialect_werror.expected). */
