/* A tiny test harness: behaviour-named tests, failures counted, exit 1 if
 * any failed. */
#ifndef SCHEMAC_TEST_H
#define SCHEMAC_TEST_H

#include <stdio.h>
#include <string.h>

static int test_failures;
static int test_checks;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        test_checks++;                                                                             \
        if (!(cond)) {                                                                             \
            test_failures++;                                                                       \
            fprintf(stderr, "%s:%d: %s: check failed: %s\n", __FILE__, __LINE__, __func__, #cond); \
        }                                                                                          \
    } while (0)

#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        const char *a_ = (a), *b_ = (b);                                                           \
        test_checks++;                                                                             \
        if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                                   \
            test_failures++;                                                                       \
            fprintf(stderr, "%s:%d: %s: \"%s\" != \"%s\"\n", __FILE__, __LINE__, __func__,         \
                    a_ ? a_ : "(null)", b_ ? b_ : "(null)");                                       \
        }                                                                                          \
    } while (0)

#define RUN(test)                                                                                  \
    do {                                                                                           \
        int before_ = test_failures;                                                               \
        test();                                                                                    \
        printf("%s %s\n", test_failures == before_ ? "ok  " : "FAIL", #test);                      \
    } while (0)

#define TEST_RESULT()                                                                              \
    (printf("%d checks, %d failed\n", test_checks, test_failures), test_failures ? 1 : 0)

#endif /* SCHEMAC_TEST_H */
