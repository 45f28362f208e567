/* A tool of the kind strict mode is for: a few required members and
 * several optional ones, one of them nested. Sent in OpenAI's strict
 * dialect, every member is required and the model sends null for each it
 * leaves out (tests/roundtrip/test_provider.c, recordings/openai-strict-nulls.jsonc). */
#ifndef FLIGHTS_H
#define FLIGHTS_H

#include <stddef.h>
#include <stdint.h>

typedef enum { CABIN_ECONOMY, CABIN_PREMIUM, CABIN_BUSINESS, CABIN_FIRST } cabin_class;

typedef struct {
    /** Travellers aged 12 or more. @minimum 1 @maximum 9 */
    int32_t adults;
    /** Travellers under 12; none when left out. @optional @minimum 0 @maximum 8 */
    int32_t *children;
} travellers;

/**
 * Search flights between two airports.
 * @tool search_flights
 * @acceptLoss gemini
 */
typedef struct {
    /** Departure airport, an IATA code such as "CDG". @pattern ^[A-Z]{3}$ */
    char *origin;
    /** Arrival airport, an IATA code. @pattern ^[A-Z]{3}$ */
    char *destination;
    /** Departure date. @format date */
    char *date;
    /** Return date; a one-way trip when left out. @optional @format date */
    char *return_date;
    /** Cabin; economy when left out. @optional */
    cabin_class *cabin;
    /** Most stops; any number when left out. @optional @minimum 0 @maximum 3 */
    int32_t *max_stops;
    /** Who travels. */
    travellers passengers;
} flight_search;

#endif /* FLIGHTS_H */
