/* The header README.md's "Breaking changes fail the build" runs its
 * commands on (tests/docs/doc_examples.py). */
#include <stdint.h>

/**
 * The current weather in a city.
 * @tool get_weather
 */
typedef struct {
    /** The city's name. @maxLength 64 */
    char *city;
    /** Days ahead, 0 for today. @minimum 0 @maximum 7 */
    int32_t days;
} get_weather_input;
