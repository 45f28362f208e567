/* Included by weather.h from another directory: the consumer tests add an
 * enumerator here and check that the build regenerates the decoder. */
#ifndef UNITS_H
#define UNITS_H

/** Units for the reply. */
typedef enum {
    UNITS_METRIC,
    UNITS_IMPERIAL,
} units;

#endif
