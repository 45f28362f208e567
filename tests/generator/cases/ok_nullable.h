/* schemac: --print-schema */
/* @nullable for the decode tests: missing, null and present stay apart. */
#ifndef NULLABLE_H
#define NULLABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { MOOD_HAPPY, MOOD_SAD } mood;

typedef struct {
    int x;
    int y;
} spot;

/** @schema */
typedef struct {
    /** Required, may be null. @nullable @maxLength 3 */
    char *nickname;
    /** Optional and may be null: has_age says whether it was there. @nullable @minimum 0 */
    int32_t *age;
    bool has_age;
    /** @nullable */
    mood *feeling;
    /** @nullable */
    spot *where;
    /** @nullable @maxItems 2 */
    int32_t *scores;
    size_t scores_count;
    /** Optional, never null: absent is NULL. */
    spot *other;
} profile;

#endif /* NULLABLE_H */
