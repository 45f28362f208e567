/* schemac: --print-schema */
/* Maps for the decode tests: arrays of { key, value } entries. */
#ifndef MAPS_H
#define MAPS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    /** @maxLength 20 @pattern ^[A-Za-z-]+$ */
    char *key;
    /** @maxLength 100 */
    char *value;
} header_entry;

typedef struct {
    char key[8];
    /** @minimum 0 */
    int32_t value;
} score_entry;

typedef struct {
    double lat;
    double lon;
} position;

typedef struct {
    char *key;
    position value;
} place_entry;

/** An HTTP request description. @schema */
typedef struct {
    /** Request headers. @additionalProperties @maxProperties 3 */
    header_entry *headers;
    size_t headers_count;
    /** Scores by short name. @additionalProperties @minProperties 1 */
    score_entry *scores;
    size_t scores_count;
    /** Places by name. @additionalProperties */
    place_entry *places;
    size_t places_count;
} request_doc;

#endif /* MAPS_H */
