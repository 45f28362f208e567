/* schemac generator: names that look like an array's count but are not its
 * NAME_count. Without @count, `int32_t *items; size_t item_count;` would
 * silently be one optional integer and a required property of its own, so
 * parse_struct.c reports a near miss instead of guessing. */
#include "parse/parse_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/tags.h"
#include "util/strbuf.h"

/* The name in lower case without underscores: item_count, itemCount and
 * itemcount are one spelling. */
static char *squashed(const char *name)
{
    char *out = xmalloc(strlen(name) + 1), *o = out;
    for (const char *c = name; *c; c++)
        if (*c != '_')
            *o++ = (char)tolower((unsigned char)*c);
    *o = '\0';
    return out;
}

/* The array's name and its other number: items -> item, entries -> entry,
 * port -> ports, entry -> entries. */
static void stems_of(const char *array, char *stems[3])
{
    size_t n = strlen(array);
    stems[0] = squashed(array);
    char *other;
    if (n > 3 && strcmp(array + n - 3, "ies") == 0)
        other = xasprintf("%.*sy", (int)(n - 3), array);
    else if (n > 1 && array[n - 1] == 's')
        other = xasprintf("%.*s", (int)(n - 1), array);
    else if (n > 1 && array[n - 1] == 'y')
        other = xasprintf("%.*sies", (int)(n - 1), array);
    else
        other = xasprintf("%ss", array);
    stems[1] = squashed(other);
    stems[2] = xasprintf("%s_count", other);
    free(other);
}

bool is_near_miss_count(const char *array, const char *member)
{
    static const char *const suffixes[] = {"count", "cnt",    "len", "length", "size",
                                           "num",   "number", "n",   "total"};
    static const char *const prefixes[] = {"n",     "num", "nb",   "number", "numberof",
                                           "count", "len", "size", "total"};
    char *own = xasprintf("%s_count", array);
    if (strcmp(own, member) == 0) {
        free(own);
        return false; /* the convention itself */
    }
    char *stems[3];
    stems_of(array, stems);
    char *m = squashed(member);
    bool near = false;
    for (size_t s = 0; s < 2 && !near; s++) {
        for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes && !near; i++) {
            char *form = xasprintf("%s%s", stems[s], suffixes[i]);
            near = strcmp(form, m) == 0;
            free(form);
        }
        for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes && !near; i++) {
            char *form = xasprintf("%s%s", prefixes[i], stems[s]);
            near = strcmp(form, m) == 0;
            free(form);
        }
    }
    /* a typo of NAME_count (ports_cont, itmes_count); short names allow
     * one slip only, or 'a_count' would be a near miss of 'b' */
    size_t slips = strlen(array) <= 3 ? 1 : 2;
    if (!near)
        near = edit_distance(member, own) <= slips || edit_distance(member, stems[2]) <= slips;
    free(m);
    for (size_t s = 0; s < 3; s++)
        free(stems[s]);
    free(own);
    return near;
}
