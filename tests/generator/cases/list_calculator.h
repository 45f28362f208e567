/* schemac: --list ../../../samples/calculator/calculator.h */
/* The tools of the calculator sample as a table. */
