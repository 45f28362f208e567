/* Checks every case of cases.json against the matchers that schemac
 * emitted into pattern_cases.c (compiled under the project's warnings):
 * each verdict must equal node's RegExp(p, "u").test(input), and each
 * pattern marked as an error must have been rejected.
 *
 * usage: pattern_run [--short | --long]
 *   --short: only the ordinary cases; --long: only the 100000-repetition
 *   inputs (nested quantifiers that backtracking engines choke on). */
#include "cases_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_escaped(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\\')
            putchar(c);
        else
            printf("\\x%02X", c);
    }
}

int main(int argc, char **argv)
{
    bool want_long = argc > 1 && strcmp(argv[1], "--long") == 0;
    bool want_short = argc > 1 && strcmp(argv[1], "--short") == 0;
    size_t run = 0, failed = 0, matched = 0, rejected = 0;

    for (size_t i = 0; i < pattern_case_count; i++) {
        const struct pattern_case *c = &pattern_cases[i];
        const struct pattern_entry *e = &pattern_entries[c->pattern];
        bool is_long = c->count > 0;
        size_t len;
        char *buf;
        bool got;

        if ((want_long && !is_long) || (want_short && is_long))
            continue;
        run++;
        if (c->expect < 0) {
            if (e->fn) {
                printf("FAIL: pattern /%s/ must be rejected but was accepted%s%s\n", e->pattern,
                       c->source ? " -- " : "", c->source ? c->source : "");
                failed++;
            } else {
                rejected++;
            }
            continue;
        }
        if (!e->fn) {
            printf("FAIL: pattern /%s/ was rejected: %s\n", e->pattern, e->error);
            failed++;
            continue;
        }
        len = c->prefix_len + c->repeat_len * c->count + c->suffix_len;
        buf = malloc(len + 1);
        if (!buf) {
            puts("out of memory");
            return 1;
        }
        memcpy(buf, c->prefix, c->prefix_len);
        for (size_t k = 0; k < c->count; k++)
            memcpy(buf + c->prefix_len + k * c->repeat_len, c->repeat, c->repeat_len);
        memcpy(buf + len - c->suffix_len, c->suffix, c->suffix_len);
        buf[len] = '\0';
        got = e->fn(buf, len);
        if (got != (c->expect == 1)) {
            printf("FAIL: /%s/ on \"", e->pattern);
            print_escaped(buf, len < 200 ? len : 200);
            printf("\"%s (%zu bytes): got %s, node says %s%s%s\n", len < 200 ? "" : "...", len,
                   got ? "match" : "no match", c->expect ? "match" : "no match",
                   c->source ? " -- " : "", c->source ? c->source : "");
            failed++;
        }
        matched += got;
        free(buf);
    }
    printf("%zu cases, %zu failed (%zu matches, %zu rejected patterns)\n", run, failed, matched,
           rejected);
    return failed ? 1 : 0;
}
