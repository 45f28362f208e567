/* Checks sc_format_valid against format_cases.json, verdicts produced by
 * ajv + ajv-formats (see make_format_cases.mjs), plus sc_format_name and a
 * few properties of the pointer + length interface. Output is TAP.
 * Usage: test_format_cases FORMAT_CASES_JSON. */
#include <cjson/cJSON.h>

#include "check_util.h"

static int tested, failed;

static void check(int ok, const char *what, const char *format, const char *data)
{
    tested++;
    printf("%s %d - %s %s ", ok ? "ok" : "not ok", tested, what, format);
    print_quoted(stdout, data);
    printf("\n");
    failed += !ok;
}

/* Names are the JSON Schema ones and unknown values are rejected safely. */
static void check_names(void)
{
    static const char *const names[] = {"date-time", "date", "time", "email",   "uri",
                                        "uuid",      "ipv4", "ipv6", "hostname"};
    for (size_t i = 0; i < FORMAT_COUNT; i++) {
        const char *n = sc_format_name(all_formats[i]);
        check(n != NULL && strcmp(n, names[i]) == 0, "name of", names[i], n ? n : "(null)");
    }
    check(sc_format_name((sc_format)99) == NULL, "name of unknown format is NULL", "99", "");
    check(!sc_format_valid((sc_format)99, "x", 1), "unknown format rejects", "99", "x");
}

/* Only len bytes count: what follows in memory must not change a verdict. */
static void check_length_is_respected(void)
{
    const char buf[] = "1.2.3.45";
    check(sc_format_valid(SC_FORMAT_IPV4, buf, 7), "prefix of a longer buffer valid", "ipv4",
          "1.2.3.4");
    check(!sc_format_valid(SC_FORMAT_IPV4, buf, 6), "prefix of a longer buffer invalid", "ipv4",
          "1.2.3.");
    const char nul[] = "::1\0junk";
    check(!sc_format_valid(SC_FORMAT_IPV6, nul, sizeof nul - 1), "embedded NUL rejected", "ipv6",
          "::1\\0junk");
    for (size_t i = 0; i < FORMAT_COUNT; i++)
        check(!format_valid_exact(all_formats[i], "", 0), "empty string rejected",
              sc_format_name(all_formats[i]), "");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FORMAT_CASES_JSON\n", argv[0]);
        return 2;
    }
    char *text = read_whole_file(argv[1]);
    if (text == NULL) {
        printf("Bail out! cannot read %s\n", argv[1]);
        return 1;
    }
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *cases = cJSON_GetObjectItemCaseSensitive(root, "cases");
    if (!cJSON_IsArray(cases) || cJSON_GetArraySize(cases) == 0) {
        printf("Bail out! %s has no cases\n", argv[1]);
        return 1;
    }
    const cJSON *c;
    cJSON_ArrayForEach(c, cases)
    {
        const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(c, "format");
        const cJSON *data = cJSON_GetObjectItemCaseSensitive(c, "data");
        const cJSON *valid = cJSON_GetObjectItemCaseSensitive(c, "valid");
        sc_format format;
        if (!cJSON_IsString(fmt) || !cJSON_IsString(data) || !cJSON_IsBool(valid) ||
            !format_by_name(fmt->valuestring, &format)) {
            printf("Bail out! malformed case in %s\n", argv[1]);
            return 1;
        }
        int expected = cJSON_IsTrue(valid);
        int got = format_valid_exact(format, data->valuestring, strlen(data->valuestring));
        check(got == expected, expected ? "ajv accepts" : "ajv rejects", fmt->valuestring,
              data->valuestring);
    }
    cJSON_Delete(root);
    check_names();
    check_length_is_respected();
    printf("1..%d\n", tested);
    return failed ? 1 : 0;
}
