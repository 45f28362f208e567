/* The checks of the C tests: CHECK(cond) counts a failure, says where, and
 * goes on, so that a test reports every check that failed and then exits
 * with failures != 0; HAS(text, part): text is not NULL and holds part. */
#ifndef SCHEMAC_TESTS_CHECK_H
#define SCHEMAC_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define HAS(text, part) ((text) != NULL && strstr((text), (part)) != NULL)

#endif /* SCHEMAC_TESTS_CHECK_H */
