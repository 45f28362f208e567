/* The consumer's own header: one tool input. It needs the build's flags,
 * as headers in real projects do: -Iinclude for units.h, and WEATHER_API
 * defined. */
#ifndef WEATHER_H
#define WEATHER_H

#ifndef WEATHER_API
#error "build with -DWEATHER_API=1"
#endif

#include <stdint.h>

#include "units.h"

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
