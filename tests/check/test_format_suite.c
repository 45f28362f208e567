/* Runs the string cases of JSON-Schema-Test-Suite draft2020-12
 * optional/format/{date-time,...}.json through sc_format_valid. Output is
 * TAP, one line per case; exit 0 pass, 1 fail, 77 skip (suite missing).
 * Usage: test_format_suite SUITE_FORMAT_DIR.
 *
 * schemac follows ajv-formats (the project's oracle) where it disagrees
 * with the suite; those cases are listed below with the reason, and for
 * them the test expects ajv's verdict (the opposite of the suite's). An
 * allow-list entry that no longer matches a suite case fails the run. */
#include <cjson/cJSON.h>

#include "check_util.h"

typedef struct {
    const char *format;
    const char *data;
    const char *reason;
    int seen;
} divergence;

#define PUNYCODE                                                                                   \
    "ajv-formats checks hostname syntax only; it does not decode or validate Punycode (IDNA "      \
    "A-labels)"

static divergence divergences[] = {
    {"date-time", "1985-04-12T23:20:50+01",
     "ajv accepts an offset without minutes (+hh), as for time", 0},
    {"date-time", "2016-12-31T24:59:60+01:00",
     "ajv checks the leap second after converting to UTC, so hour 24 with +01:00 is 23:59:60Z", 0},
    {"date-time", "1985-04-12T00:59:59.999999999999999Z",
     "ajv reads the seconds as a JavaScript number: 59.999999999999999 rounds to 60, valid only as "
     "a leap second",
     0},
    {"email", "\"joe bloggs\"@example.com", "ajv's email has no quoted local parts", 0},
    {"email", "\"joe..bloggs\"@example.com", "ajv's email has no quoted local parts", 0},
    {"email", "\"joe@bloggs\"@example.com", "ajv's email has no quoted local parts", 0},
    {"email", "joe.bloggs@[127.0.0.1]", "ajv's email has no address literals", 0},
    {"email", "joe.bloggs@[IPv6:::1]", "ajv's email has no address literals", 0},
    {"uri", "http://example.com:abc/path",
     "ajv's regex lets \"example.com:abc\" be a path segment after a single-slash authority "
     "(\"http:\" \"/\" \"\" \"/example.com:abc/path\")",
     0},
    {"uri", "http://[::ffff:01.2.3.4]",
     "ajv's IPv6 literal allows leading zeros in the embedded IPv4 octets", 0},
    {"uri", "http:/[::1]", "ajv's regex accepts an authority after a single \"/\"", 0},
    {"uuid", "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
     "ajv accepts an optional urn:uuid: prefix", 0},
    {"hostname", "example.", "ajv accepts one trailing dot (a fully qualified name)", 0},
    {"hostname", "xn--X", PUNYCODE, 0},
    {"hostname", "xn--07jt112bpxg.xn--9t4b11yi5a", PUNYCODE, 0},
    {"hostname", "xn--hello-txk", PUNYCODE, 0},
    {"hostname", "xn--hello-zed", PUNYCODE, 0},
    {"hostname", "xn--hello-6bf", PUNYCODE, 0},
    {"hostname", "xn--chb89f", PUNYCODE, 0},
    {"hostname", "xn--07jceefgh4c", PUNYCODE, 0},
    {"hostname", "xn--al-0ea", PUNYCODE, 0},
    {"hostname", "xn--l-fda", PUNYCODE, 0},
    {"hostname", "xn--la-0ea", PUNYCODE, 0},
    {"hostname", "xn--l-gda", PUNYCODE, 0},
    {"hostname", "xn--S-jib3p", PUNYCODE, 0},
    {"hostname", "xn--wva3j", PUNYCODE, 0},
    {"hostname", "xn--A-2hc5h", PUNYCODE, 0},
    {"hostname", "xn--5db1e", PUNYCODE, 0},
    {"hostname", "xn--A-2hc8h", PUNYCODE, 0},
    {"hostname", "xn--5db3e", PUNYCODE, 0},
    {"hostname", "xn--defabc-k64e", PUNYCODE, 0},
    {"hostname", "xn--vek", PUNYCODE, 0},
    {"hostname", "xn--ngb6iyr", PUNYCODE, 0},
    {"hostname", "xn--11b2er09f", PUNYCODE, 0},
    {"hostname", "xn--02b508i", PUNYCODE, 0},
    {"hostname", "XN--aa---o47jg78q",
     "ajv allows \"--\" in the 3rd and 4th positions (RFC 5891 reserves it, ajv does not check)",
     0},
};
#define DIVERGENCE_COUNT (sizeof divergences / sizeof divergences[0])

/* cJSON ends strings at U+0000, but the suite has cases with NUL inside a
 * string. Before parsing, every \u0000 escape becomes \u0001 (which the
 * files do not otherwise use; checked), and restore_nuls maps the byte back,
 * so the string reaches sc_format_valid whole. */
static int escape_nuls(char *text)
{
    for (char *p = text; *p; p++) {
        if (*p != '\\')
            continue;
        if (strncmp(p + 1, "u0001", 5) == 0)
            return 0;
        if (strncmp(p + 1, "u0000", 5) == 0)
            p[5] = '1';
        if (p[1] != '\0')
            p++; /* skip the escaped character, e.g. the second \ of \\ */
    }
    return 1;
}

static void restore_nuls(char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] == '\x01')
            s[i] = '\0';
}

static divergence *find_divergence(const char *format, const char *data)
{
    for (size_t i = 0; i < DIVERGENCE_COUNT; i++)
        if (strcmp(divergences[i].format, format) == 0 && strcmp(divergences[i].data, data) == 0)
            return &divergences[i];
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s SUITE_FORMAT_DIR\n", argv[0]);
        return 2;
    }
    int tested = 0, failed = 0;
    for (size_t f = 0; f < FORMAT_COUNT; f++) {
        const char *name = sc_format_name(all_formats[f]);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.json", argv[1], name);
        char *text = read_whole_file(path);
        if (text == NULL) {
            printf("1..0 # SKIP cannot read %s\n", path);
            return SKIP_EXIT;
        }
        if (!escape_nuls(text)) {
            printf("Bail out! %s uses \\u0001, which the NUL workaround needs\n", path);
            return 1;
        }
        cJSON *groups = cJSON_Parse(text);
        free(text);
        if (!cJSON_IsArray(groups)) {
            printf("Bail out! %s is not a JSON array\n", path);
            return 1;
        }
        const cJSON *group;
        cJSON_ArrayForEach(group, groups)
        {
            const cJSON *tcase;
            cJSON_ArrayForEach(tcase, cJSON_GetObjectItemCaseSensitive(group, "tests"))
            {
                const cJSON *data = cJSON_GetObjectItemCaseSensitive(tcase, "data");
                const cJSON *valid = cJSON_GetObjectItemCaseSensitive(tcase, "valid");
                const cJSON *desc = cJSON_GetObjectItemCaseSensitive(tcase, "description");
                if (!cJSON_IsString(data))
                    continue; /* non-strings are a type matter, not a format one */
                int expected = cJSON_IsTrue(valid);
                divergence *d = find_divergence(name, data->valuestring);
                if (d != NULL) {
                    d->seen = 1;
                    expected = !expected;
                }
                size_t len = strlen(data->valuestring);
                restore_nuls(data->valuestring, len);
                int got = format_valid_exact(all_formats[f], data->valuestring, len);
                tested++;
                printf("%s %d - %s ", got == expected ? "ok" : "not ok", tested, name);
                print_quoted(stdout, data->valuestring); /* stops at a NUL */
                printf(" %s (%s)", expected ? "valid" : "invalid",
                       cJSON_IsString(desc) ? desc->valuestring : "");
                if (d != NULL)
                    printf(" # suite says otherwise: %s", d->reason);
                printf("\n");
                failed += got != expected;
            }
        }
        cJSON_Delete(groups);
    }
    for (size_t i = 0; i < DIVERGENCE_COUNT; i++) {
        tested++;
        printf("%s %d - allow-list entry %s ", divergences[i].seen ? "ok" : "not ok", tested,
               divergences[i].format);
        print_quoted(stdout, divergences[i].data);
        printf(" matches a suite case\n");
        failed += !divergences[i].seen;
    }
    printf("1..%d\n", tested);
    return failed ? 1 : 0;
}
