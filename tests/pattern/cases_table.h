/* Shared between gen_cases.c (which writes pattern_cases.c, the matchers
 * for every pattern of cases.json plus these tables) and run_cases.c. */
#ifndef SCHEMAC_TESTS_PATTERN_CASES_TABLE_H
#define SCHEMAC_TESTS_PATTERN_CASES_TABLE_H

#include <stdbool.h>
#include <stddef.h>

typedef bool (*pattern_matcher)(const char *s, size_t len);

struct pattern_entry {
    const char *pattern;
    pattern_matcher fn; /* NULL: schemac rejected the pattern */
    const char *error;  /* schemac's message when rejected */
};

/* The input is prefix followed by repeat written count times, then suffix
 * (count is 0 except for the long inputs of the linear-time test). */
struct pattern_case {
    size_t pattern; /* index into pattern_entries */
    const char *prefix;
    size_t prefix_len;
    const char *repeat;
    size_t repeat_len;
    size_t count;
    const char *suffix;
    size_t suffix_len;
    int expect; /* 1: matches, 0: does not match, -1: must be rejected */
    const char *source;
};

extern const struct pattern_entry pattern_entries[];
extern const size_t pattern_entry_count;
extern const struct pattern_case pattern_cases[];
extern const size_t pattern_case_count;

#endif
