/* The handlers of the manifest server. The schema has checked the
 * arguments' types and bounds, so a handler reads them without checking
 * again; what the schema leaves out (a default: the tree is the call's as
 * it came, nothing filled in) is the handler's to supply. Results are
 * cJSON trees, which the library checks against the tool's outputSchema
 * when it has one. Deliberately without side effects, so that the tests
 * are deterministic: the forecast is derived from the city's name. */
#include "handlers.h"

#include <ctype.h>
#include <string.h>

#include <schemac/schemac.h>

/* ---- get_forecast ------------------------------------------------------- */

/* A member's value, or def when the call left it out. */
static const char *string_or(const cJSON *args, const char *name, const char *def)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, name);
    return cJSON_IsString(v) ? v->valuestring : def;
}

static int forecast_day(cJSON *days, int day, double high, bool imperial)
{
    cJSON *entry = cJSON_CreateObject();
    if (imperial)
        high = high * 9 / 5 + 32;
    double low = high - (imperial ? 14 : 8);
    if (entry == NULL || !cJSON_AddItemToArray(days, entry) ||
        cJSON_AddNumberToObject(entry, "day", day) == NULL ||
        cJSON_AddNumberToObject(entry, "high", high) == NULL ||
        cJSON_AddNumberToObject(entry, "low", low) == NULL)
        return SC_ERR_NOMEM;
    return 0;
}

int get_forecast(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    (void)ctx;
    const char *city = string_or(args, "city", "");
    const char *units = string_or(args, "units", "metric");
    const cJSON *days = cJSON_GetObjectItemCaseSensitive(args, "days");
    int count = cJSON_IsNumber(days) ? (int)days->valuedouble : 3;
    if (strcmp(city, "Atlantis") == 0) /* the schema cannot know which cities exist */
        return sc_fail_at(err, SC_ERR_HANDLER, "/city", "no weather station in \"%s\"", city);
    unsigned base = 0;
    for (const char *c = city; *c != '\0'; c++)
        base = base * 31 + (unsigned char)*c;
    if ((*out = cJSON_CreateObject()) == NULL ||
        cJSON_AddStringToObject(*out, "city", city) == NULL ||
        cJSON_AddStringToObject(*out, "units", units) == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    cJSON *list = cJSON_AddArrayToObject(*out, "days");
    for (int day = 0; list != NULL && day < count; day++)
        if (forecast_day(list, day, 5 + (double)(base % 20) + day % 3,
                         strcmp(units, "imperial") == 0) != 0)
            list = NULL;
    if (list == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

/* ---- count_words ------------------------------------------------------- */

int count_words(sc_arena *arena, const cJSON *args, cJSON **out, void *ctx, sc_error *err)
{
    (void)arena;
    (void)ctx;
    const char *text = string_or(args, "text", "");
    const cJSON *min = cJSON_GetObjectItemCaseSensitive(args, "min_length");
    size_t min_length = cJSON_IsNumber(min) ? (size_t)min->valuedouble : 1;
    size_t words = 0, lines = 0;
    for (size_t i = 0; text[i] != '\0';) {
        size_t start = i;
        while (text[i] != '\0' && !isspace((unsigned char)text[i]))
            i++;
        if (i > start && i - start >= min_length)
            words++;
        for (; isspace((unsigned char)text[i]); i++)
            if (text[i] == '\n')
                lines++;
    }
    if (text[0] != '\0' && text[strlen(text) - 1] != '\n')
        lines++; /* the last line, without its newline */
    if ((*out = cJSON_CreateObject()) == NULL ||
        cJSON_AddNumberToObject(*out, "words", (double)words) == NULL ||
        cJSON_AddNumberToObject(*out, "lines", (double)lines) == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}
