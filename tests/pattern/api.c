/* Tests of the pattern.h API itself (runtime/pattern), compiling patterns at
 * run time, and of the generator's emitter of a matcher:
 *  - every pattern of cases.json is accepted or rejected as the table says,
 *    with a message and an offset inside the pattern when rejected;
 *  - chosen errors carry the expected message and offset;
 *  - emit_c_pattern appends one well-formed function to a string buffer;
 *  - with PATTERN_FAULT_INJECTION (malloc/calloc/realloc wrapped at link
 *    time), every allocation failure is reported as "out of memory" and
 *    leaks nothing (run under ASan's leak checker to see that).
 *
 * usage: pattern_api cases.json */
#include "emit/c/emit_c_pattern.h"
#include "pattern/pattern.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            putchar('\n');                                                                         \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#ifdef PATTERN_FAULT_INJECTION
/* Allocation number `fail_at` (counting from 0 while armed) fails. */
static long alloc_count = -1, fail_at = -1;
static bool injected;

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);

static bool should_fail(void)
{
    if (alloc_count < 0)
        return false;
    if (alloc_count++ == fail_at) {
        injected = true;
        return true;
    }
    return false;
}

void *__wrap_malloc(size_t n);
void *__wrap_malloc(size_t n)
{
    return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n)
{
    return should_fail() ? NULL : __real_realloc(p, n);
}

static void fault_injection(const char *src)
{
    char err[256];
    size_t off;

    for (long k = 0;; k++) {
        pattern *p;
        alloc_count = 0;
        fail_at = k;
        injected = false;
        p = pattern_compile(src, err, sizeof err, &off);
        alloc_count = -1;
        if (!injected) {
            CHECK(p != NULL, "/%s/ failed without an injected fault: %s", src, err);
            pattern_free(p);
            printf("fault injection: /%s/ survives %ld failing allocations\n", src, k);
            return;
        }
        CHECK(p == NULL, "/%s/ compiled although allocation %ld failed", src, k);
        CHECK(p != NULL || strcmp(err, "out of memory") == 0,
              "/%s/ allocation %ld failed, message \"%s\"", src, k, err);
        pattern_free(p);
    }
}
#endif

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) != NULL) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else {
            buf[n] = '\0';
        }
    }
    fclose(f);
    return buf;
}

static void check_table(const char *path)
{
    char *text = read_file(path), err[256];
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    const cJSON *c;
    const char *last = NULL;
    size_t n = 0;

    free(text);
    CHECK(cJSON_IsArray(root), "cannot read %s", path);
    cJSON_ArrayForEach(c, root)
    {
        const char *src = cJSON_GetObjectItemCaseSensitive(c, "pattern")->valuestring;
        bool want_error = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "error"));
        size_t off = 12345;
        pattern *p;

        if (last && strcmp(last, src) == 0)
            continue; /* cases of one pattern are consecutive */
        last = src;
        n++;
        err[0] = 'x';
        p = pattern_compile(src, err, sizeof err, &off);
        if (want_error) {
            CHECK(p == NULL, "/%s/ must be rejected", src);
            CHECK(p != NULL || (err[0] != '\0' && off <= strlen(src)),
                  "/%s/ rejected without message or with offset %zu", src, off);
        } else {
            CHECK(p != NULL, "/%s/ rejected: %s (offset %zu)", src, err, off);
            CHECK(off == 12345, "/%s/ accepted but offset written", src);
        }
        pattern_free(p);
    }
    printf("%zu distinct patterns of %s compiled\n", n, path);
    cJSON_Delete(root);
}

static void check_error(const char *src, const char *msg, size_t want_off)
{
    char err[256];
    size_t off = 0;
    pattern *p = pattern_compile(src, err, sizeof err, &off);

    CHECK(p == NULL, "/%s/ must be rejected", src);
    if (p) {
        pattern_free(p);
        return;
    }
    CHECK(strstr(err, msg) != NULL, "/%s/: message \"%s\" lacks \"%s\"", src, err, msg);
    CHECK(off == want_off, "/%s/: offset %zu, want %zu (%s)", src, off, want_off, err);
}

static void check_emit(void)
{
    char err[64];
    size_t off;
    strbuf out;
    pattern *p = pattern_compile("^a*/b$", err, sizeof err, &off);

    CHECK(p != NULL, "setup");
    if (!p)
        return;
    sb_init(&out);
    sb_puts(&out, "before\n"); /* emit_c_pattern appends */
    emit_c_pattern(p, "is_ab", &out);
    pattern_free(p);
    const char *buf = out.data ? out.data : "", *head = "before\n/* Pattern: ";
    CHECK(strncmp(buf, head, strlen(head)) == 0, "not appended:\n%s", buf);
    CHECK(strstr(buf, "static bool is_ab(const char *s_, size_t len_)\n{") != NULL,
          "signature:\n%s", buf);
    CHECK(strstr(buf, "is_ab_next[") != NULL && strstr(buf, "is_ab_cls[256]") != NULL,
          "table names:\n%s", buf);
    /* the comment shows the pattern, with the slash after '*' escaped */
    CHECK(strstr(buf, "^a*\\x2Fb$") != NULL, "pattern comment:\n%s", buf);
    CHECK(strstr(buf, "*/") == strstr(buf, " */\n") + 1, "comment closed early:\n%s", buf);
    sb_free(&out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s cases.json\n", argv[0]);
        return 2;
    }
    check_table(argv[1]);

    check_error("(?=a)", "unsupported: lookahead", 0);
    check_error("ab(?<!a)", "unsupported: lookbehind", 2);
    check_error("(a)\\1", "unsupported: backreference", 3);
    check_error("x\\p{L}", "unsupported: Unicode property escape", 1);
    check_error("\\bx", "unsupported: word boundary", 0);
    check_error("(?<\xC3\xA9>x)", "unsupported: group name", 0);
    check_error("a{2,1}", "out of order", 1);
    check_error("[z-a]", "out of order", 1);
    check_error("abc)", "unmatched ')'", 3);
    check_error("(abc", "unterminated group", 0);
    check_error("x[abc", "unterminated character class", 1);
    check_error("a**", "nothing to repeat", 2);
    check_error("a{1", "incomplete quantifier", 1);
    check_error("}", "lone '}'", 0);
    check_error("\\a", "invalid escape", 0);
    check_error("[\\d-z]", "range", 1);
    check_error("(?i:a)", "invalid group", 0);
    check_error("\xC3\xA9\xFF", "invalid UTF-8", 2);
    check_error("a{1001}", "too complex", 1);
    check_error("(?:a{1000}){1000}", "too complex", 3);
    check_error("(a|b)*a(a|b){20}", "too complex", 0);
    check_error("((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
                "(((((((((((((((((((((((a)))))))))))))))))))))))))))))))))))))))))))))))))))))"
                "))))))))))))))))))))))))))))))))))))))))))))))))))",
                "too complex", 100);
    check_emit();

#ifdef PATTERN_FAULT_INJECTION
    fault_injection("^[a-z]+(?:-[a-z0-9]+)*$");
    fault_injection("(a|aa)*c|^x{3,5}é.$|[^\\s]");
    fault_injection("(?<y>\\d{4})|(?<m>\\d\\d)");
    fault_injection("[]");
    fault_injection("");
#endif
    if (failures)
        printf("%d failures\n", failures);
    else
        puts("all API checks passed");
    return failures ? 1 : 0;
}
