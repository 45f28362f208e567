/* libFuzzer target (and, through ../fuzz/fuzz_main.c, the plain corpus
 * test) over schema and instance together: the input is a schema's JSON
 * text, a NUL byte, and an instance's JSON text (without the NUL, the text
 * is both). Whatever the bytes, compiling and validating must end, within
 * the work and depth limits, without a crash or a leak (ASan), and the
 * three ways of validating must agree on the verdict. Compiling a schema
 * whose patterns are as hard as the budget allows takes about 1.5 s (more
 * under ASan): run libFuzzer with -timeout=60 or more. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/validate.h"

unsigned long fuzz_decode_results[SC_ERR_COUNT_];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *nul = memchr(text, '\0', size);
    size_t schema_len = nul ? (size_t)(nul - text) : size;
    const char *instance = nul ? nul + 1 : text;
    size_t instance_len = nul ? size - schema_len - 1 : size;

    sc_limits limits = {0};
    limits.max_depth = 32;
    sc_schema_options options = {0};
    options.limits = &limits;
    options.max_work = 200000;
    options.formats = data[0] & 1 ? SC_SCHEMA_FORMATS_ASSERT : SC_SCHEMA_FORMATS_STANDARD;
    options.strict_json = (data[0] & 2) != 0; /* both readings of documents */
    sc_schema *s = NULL;
    sc_error err;
    int rc = sc_schema_compile(NULL, text, schema_len, &options, &s, &err);
    if (rc != 0) {
        fuzz_decode_results[rc < SC_ERR_COUNT_ ? rc : SC_ERR_ARGUMENT]++;
        return 0;
    }
    sc_schema_error items[4];
    sc_schema_errors first, all;
    sc_schema_errors_init(&first, items, 1);
    int verdict = sc_schema_validate_json(s, instance, instance_len, NULL);
    int one = sc_schema_validate_json(s, instance, instance_len, &first);
    sc_schema_errors_init(&all, items, 4);
    int many = sc_schema_validate_json(s, instance, instance_len, &all);
    /* a limit may stop one way and not another (they run different
     * amounts of work); otherwise the verdicts agree */
    bool limited = verdict == SC_ERR_LIMIT || one == SC_ERR_LIMIT || many == SC_ERR_LIMIT ||
                   verdict == SC_ERR_DEPTH || one == SC_ERR_DEPTH || many == SC_ERR_DEPTH;
    if (!limited && ((verdict == 0) != (one == 0) || (verdict == 0) != (many == 0)))
        abort();
    if (many != 0 && all.count == 0)
        abort();
    fuzz_decode_results[verdict >= 0 && verdict < SC_ERR_COUNT_ ? verdict : SC_ERR_ARGUMENT]++;
    sc_schema_free(s);
    return 0;
}
