/* The consumer's own header: one tool input. */
#ifndef WEATHER_H
#define WEATHER_H

#include <stdint.h>

/** Units for the reply. */
typedef enum { UNITS_METRIC, UNITS_IMPERIAL } units;

/**
 * Current weather for a city.
 * @tool get_weather
 */
typedef struct {
    /** City name. @minLength 1 @maxLength 64 */
    char *city;
    /** @default metric */
    units unit;
    /** Days of forecast. @minimum 0 @maximum 7 @default 0 */
    int32_t days;
} weather_query;

#endif
