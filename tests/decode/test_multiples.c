/* multipleOf is exact in decimal (JSON Schema Validation 6.2.1): 19.99 is
 * a multiple of 0.01 though 19.99 / 0.01 is 1998.9999999999998 in doubles
 * (tests/decode/multiples.h). Decoding decides on the document's text,
 * validate of a C struct on the double's shortest decimal. */
#include <stdio.h>
#include <string.h>

#include "multiples.schemac.h"

static int failures, count;

static void expect(int ok, const char *what, const char *member, const char *number)
{
    printf("%s %d - %s %s %s\n", ok ? "ok" : "not ok", ++count, what, member, number);
    failures += !ok;
}

static const struct {
    const char *member, *number;
    double value;
    bool multiple;
} cases[] = {
    {"price", "19.99", 19.99, true},
    {"price", "19.991", 19.991, false},
    {"price", "0.07", 0.07, true},
    {"price", "0.071", 0.071, false},
    {"price", "4.35", 4.35, true},
    {"price", "4.351", 4.351, false},
    {"price", "0", 0, true},
    {"price", "-0", -0.0, true},
    {"amount", "598.99822204", 598.99822204, true},
    {"amount", "598.998222041", 598.998222041, false},
    {"amount", "-598.99822204", -598.99822204, true},
    {"whole", "1e21", 1e21, true},
    {"whole", "-1e21", -1e21, true},
    {"whole", "1.5", 1.5, false},
    {"half", "1e300", 1e300, true},
    {"half", "1e308", 1e308, true},
    {"half", "-1e308", -1e308, true},
    {"half", "0.25", 0.25, false},
    {"half", "-2.5", -2.5, true},
    {"tenth", "0.3", 0.3, true},
    {"tenth", "-0.3", -0.3, true},
    {"tenth", "0.31", 0.31, false},
    {"tenth", "0", 0, true},
};

int main(void)
{
    sc_arena arena;
    sc_error err;
    sc_arena_init(&arena, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char json[128];
        multiples v;
        int rc;
        snprintf(json, sizeof json, "{\"%s\": %s}", cases[i].member, cases[i].number);
        rc = multiples_decode(&arena, json, strlen(json), &v, &err);
        expect(cases[i].multiple
                   ? rc == 0
                   : rc == SC_ERR_CONSTRAINT && strcmp(err.keyword, "multipleOf") == 0,
               cases[i].multiple ? "decode accepts" : "decode refuses", cases[i].member,
               cases[i].number);

        memset(&v, 0, sizeof v);
        double *field = strcmp(cases[i].member, "price") == 0    ? &v.price
                        : strcmp(cases[i].member, "amount") == 0 ? &v.amount
                        : strcmp(cases[i].member, "whole") == 0  ? &v.whole
                        : strcmp(cases[i].member, "half") == 0   ? &v.half
                                                                 : &v.tenth;
        *field = cases[i].value;
        rc = multiples_validate(&v, &err);
        expect(cases[i].multiple
                   ? rc == 0
                   : rc == SC_ERR_CONSTRAINT && strcmp(err.keyword, "multipleOf") == 0,
               cases[i].multiple ? "validate accepts" : "validate refuses", cases[i].member,
               cases[i].number);
        sc_arena_reset(&arena);
    }
    {
        const char *json = "{\"price\": 19.991}";
        multiples v;
        expect(multiples_decode(&arena, json, strlen(json), &v, &err) == SC_ERR_CONSTRAINT &&
                   strcmp(err.message, "must be a multiple of 0.01") == 0,
               "the message writes the divisor as", "price", "0.01");
    }
    sc_arena_release(&arena);
    printf("1..%d\n", count);
    return failures != 0;
}
