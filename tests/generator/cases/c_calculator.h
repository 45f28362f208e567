/* schemac: -o OUT ../../../samples/calculator/calculator.h */
/* The generated C of the calculator sample. */
