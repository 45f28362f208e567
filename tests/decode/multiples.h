/* multipleOf decided in decimal (issue 43): the generated decoder on the
 * document's number text, validate on the double's shortest decimal. */
#ifndef MULTIPLES_H
#define MULTIPLES_H

/** @schema */
typedef struct {
    /** @minimum 0 @multipleOf 0.01 @optional */
    double price;
    /** @multipleOf 1e-8 @optional */
    double amount;
    /** @multipleOf 1 @optional */
    double whole;
    /** @multipleOf 0.5 @optional */
    double half;
    /** @multipleOf 0.1 @optional */
    double tenth;
} multiples;

#endif /* MULTIPLES_H */
